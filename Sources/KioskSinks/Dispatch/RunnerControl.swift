import KioskCore
import KioskJournal
import KioskSystem

/// A background sink's runner state that more than one thread touches, under one lock:
/// the stop (its deadline, and the journal's end when it began), the events `sinks retry`
/// queued, where the cursor stands, and whether the thread has finished and the sink is
/// closed.
///
/// One condition serves every wait of the runner's parts — a back-off, a wait for another
/// process's cursor lock, a join, a second close — so a stop wakes them at once and no
/// sleep outlasts the deadline.
final class RunnerControl: @unchecked Sendable {
    /// Guards everything below; signalled on stop, on retries queued, when the thread
    /// finishes and when a close ends.
    private let condition = Condition()
    private var stopDeadline: ContinuousClock.Instant?
    private var stopEnd: UInt64 = .max
    private var retries: [Event] = []
    private var published: CursorFile.Mark?
    private var finished = false
    private var closing = Closing.open

    private enum Closing {
        case open, underway, done
    }

    // MARK: The stop

    /// Begins the stop: deliver up to `end`, until `deadline`.
    func stop(by deadline: ContinuousClock.Instant, end: UInt64) {
        condition.withLock {
            stopDeadline = deadline
            stopEnd = end
            condition.broadcast()
        }
    }

    var isStopping: Bool { condition.withLock { stopDeadline != nil } }

    /// When the runner must be done; `nil` until the stop begins.
    var deadline: ContinuousClock.Instant? { condition.withLock { stopDeadline } }

    /// The journal's end when the stop began; before it, no end at all.
    var end: UInt64 { condition.withLock { stopEnd } }

    var pastDeadline: Bool {
        condition.withLock { stopDeadline.map { ContinuousClock.now >= $0 } ?? false }
    }

    /// Sleeps until `instant`; returns `false` if the stop deadline comes first.
    func sleep(until instant: ContinuousClock.Instant) -> Bool {
        condition.withLock {
            while true {
                let now = ContinuousClock.now
                if let deadline = stopDeadline, now >= deadline { return false }
                if now >= instant { return true }
                _ = condition.wait(until: min(instant, stopDeadline ?? instant))
            }
        }
    }

    // MARK: Retries asked for

    /// Failed events to send again (`sinks retry`), before anything new.
    func queue(retries events: [Event]) {
        condition.withLock {
            retries += events
            condition.broadcast()
        }
    }

    /// The oldest event `sinks retry` queued, taken off the queue.
    func nextRetry() -> Event? {
        condition.withLock { retries.isEmpty ? nil : retries.removeFirst() }
    }

    // MARK: The cursor

    /// Where the sink has delivered up to, as `sinks` reads it from another thread: `nil`
    /// while this process has not held the cursor.
    var mark: CursorFile.Mark? {
        get { condition.withLock { published } }
        set { condition.withLock { published = newValue } }
    }

    // MARK: The thread's lifecycle

    /// The runner's thread has returned.
    func finish() {
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    /// Waits for the thread to finish; returns whether it did by `deadline`.
    func join(until deadline: ContinuousClock.Instant) -> Bool {
        condition.withLock {
            while !finished, condition.wait(until: deadline) {}
            return finished
        }
    }

    /// Whether the caller is the first to close the sink, and so the one to close it.
    func beginClose() -> Bool {
        condition.withLock {
            guard closing == .open else { return false }
            closing = .underway
            return true
        }
    }

    /// The first caller has closed the sink.
    func endClose() {
        condition.withLock {
            closing = .done
            condition.broadcast()
        }
    }

    /// Waits, until `deadline` at most, for the first caller's close to end.
    func waitForClose(until deadline: ContinuousClock.Instant) {
        condition.withLock {
            while closing != .done, condition.wait(until: deadline) {}
        }
    }
}
