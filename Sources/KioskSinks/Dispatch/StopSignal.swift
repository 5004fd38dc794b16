import KioskSystem

/// When a runner stops, for every part of it that waits: the deadline, and the journal's
/// end when shutdown began — the runner delivers up to there and no further.
///
/// The parts that sleep (a back-off, a wait for another process's cursor lock) sleep
/// here, so a stop wakes them at once and no sleep outlasts the deadline.
final class StopSignal: @unchecked Sendable {
    /// Guards the two below; signalled when the stop begins.
    private let condition = Condition()
    private var stopDeadline: ContinuousClock.Instant?
    private var stopEnd: UInt64 = .max

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
}
