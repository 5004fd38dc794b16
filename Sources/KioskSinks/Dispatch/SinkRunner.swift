import KioskCore
import KioskRecords
import KioskJournal
import KioskMenu
import KioskSystem
import Synchronization
import KioskText

/// One background sink reading the journal: its thread, its cursor, its counters.
///
/// The thread reads the records after the sink's cursor, up to what is committed, hands
/// the events the sink wants to `send`, and moves the cursor past them once they are
/// delivered. Memory holds one batch at most (the read-ahead), however far behind the
/// sink is: the rest waits on disk. One process at a time delivers for a sink — the one
/// holding its cursor's lock; the others leave it alone and try again now and then.
final class SinkRunner: @unchecked Sendable {
    let sink: any Sink
    let member: Dispatcher.Member
    let journal: Journal
    private let status: Mutex<SinkStatus>
    /// Guards everything below; signalled on stop and on retry work.
    private let control = Condition()
    private var stopDeadline: ContinuousClock.Instant?
    /// The journal's end when shutdown began: deliver up to here, no further.
    private var stopEnd: UInt64 = .max
    private var retries: [Event] = []
    private var finished = false
    private var closing = Closing.open
    private var mark: CursorFile.Mark?
    private let cursor: CursorFile?
    private var locked = false
    /// The kiosk's clock, for the cursor's `seen`.
    private let clock: (@Sendable () -> Timestamp)?

    /// How often a process that does not deliver for the sink tries to take it over, and
    /// how long a caught-up sink waits before looking for other processes' records.
    static let pollInterval: Duration = .milliseconds(250)

    init(sink: any Sink, member: Dispatcher.Member, journal: Journal, lastSequence: UInt64, clock: (@Sendable () -> Timestamp)?) {
        self.sink = sink
        self.member = member
        self.journal = journal
        self.clock = clock
        status = Mutex(SinkStatus(kind: member.kind, name: member.name, target: sink.target, events: member.events))
        cursor = try? CursorFile.open(sink: member.name, in: journal.directory)
        if cursor == nil {
            status.withLock { $0.lastError = tr("cannot open the cursor file in {path}", ["path": journal.directory.path]) }
        }
        // The starting point is fixed now, on the session's thread, before any command:
        // a new sink starts at the end of the journal as it is at this moment.
        if let cursor, cursor.tryLock() {
            locked = true
            mark = (try? cursor.read()) ?? nil
            if mark == nil {
                let fresh = member.from == .start
                    ? CursorFile.Mark(position: journal.startPosition, sequence: 0)
                    : CursorFile.Mark(position: journal.endPosition, sequence: lastSequence)
                try? cursor.write(fresh)
                mark = fresh
            }
            if let clock { cursor.markSeen(at: clock()) }
        }
    }

    func start() {
        WorkerThread.start(name: "kiosk-\(member.kind)", background: true) { [self] in
            run()
            control.withLock {
                finished = true
                control.broadcast()
            }
        }
    }

    // MARK: Control

    /// Failed events to send again (`sinks retry`), before anything new.
    func retry(_ events: [Event]) {
        control.withLock {
            retries += events
            control.broadcast()
        }
    }

    /// Delivers what the journal holds now, until `deadline`; then closes the sink.
    func stop(by deadline: ContinuousClock.Instant) {
        control.withLock {
            stopDeadline = deadline
            stopEnd = journal.endPosition
            control.broadcast()
        }
        journal.wakeReaders()
    }

    /// Waits for the thread to finish; returns whether it did by `deadline`.
    func join(until deadline: ContinuousClock.Instant) -> Bool {
        control.withLock {
            while !finished, control.wait(until: deadline) {}
            return finished
        }
    }

    /// Closes the sink, once, whoever asks first: this runner's thread after its last
    /// send, or the shutdown when that thread is still in a send past the deadline.
    ///
    /// A second caller waits for the first close to end (at most two seconds past the
    /// deadline): the shutdown must not return, and kiosk exit, while this runner's thread
    /// is between an exec program's SIGTERM and its SIGKILL — the program would outlive it.
    func close(by deadline: ContinuousClock.Instant) {
        let first = control.withLock { () -> Bool in
            guard closing == .open else { return false }
            closing = .underway
            return true
        }
        guard first else {
            control.withLock {
                while closing != .done, control.wait(until: deadline.advanced(by: .seconds(2))) {}
            }
            return
        }
        sink.close(by: deadline)
        control.withLock {
            closing = .done
            control.broadcast()
        }
    }

    private enum Closing {
        case open, underway, done
    }

    var currentStatus: SinkStatus {
        var current = status.withLock { $0 }
        current.connection = sink.connectionStatus
        return current.masked(by: member.mask)
    }

    /// Where the sink has delivered up to, if this process delivered for it (`nil` when
    /// another process held the sink all along).
    var currentMark: CursorFile.Mark? {
        control.withLock { mark }
    }

    private var isStopping: Bool { control.withLock { stopDeadline != nil } }

    private var pastDeadline: Bool {
        control.withLock { stopDeadline.map { ContinuousClock.now >= $0 } ?? false }
    }

    /// Sleeps until `instant`; returns `false` if the stop deadline comes first.
    private func sleep(until instant: ContinuousClock.Instant) -> Bool {
        control.withLock {
            while true {
                let now = ContinuousClock.now
                if let deadline = stopDeadline, now >= deadline { return false }
                if now >= instant { return true }
                _ = control.wait(until: min(instant, stopDeadline ?? instant))
            }
        }
    }

    // MARK: The thread

    private func run() {
        defer {
            close(by: control.withLock { stopDeadline } ?? ContinuousClock.now.advanced(by: .seconds(5)))
            // Another kiosk on the state may deliver for the sink now.
            control.withLock {
                if locked, let cursor {
                    if let clock { cursor.markSeen(at: clock()) }
                    cursor.unlock()
                }
                locked = false
            }
        }
        guard let cursor, acquire(cursor) else { return }
        guard var mark = control.withLock({ mark }) else { return }
        let scanner = journal.scanner(from: mark.position)
        var decoder = RecordDecoder(format: journal.options.format)
        var batch: [Event] = []
        var positions: [UInt64] = []
        let readAhead = max(member.readAhead, sink.batchLimit)
        batch.reserveCapacity(readAhead)
        let pipelined = sink as? any PipelinedSink
        var inFlight = InFlight()
        while true {
            if !deliverRetries() { return }
            batch.removeAll(keepingCapacity: true)
            positions.removeAll(keepingCapacity: true)
            let limit = min(journal.endPosition, control.withLock { stopEnd })
            var readUpTo = scanner.position
            let after = mark.sequence
            let wanted = member.events
            reading: while batch.count < readAhead {
                // Events are decoded straight into the batch: no record, no copies.
                let before = batch.count
                guard let position = scanner.nextEvents(
                    upTo: limit, decoder: &decoder, into: &batch, where: { $0.sequence > after && wanted.contains($0.type) }
                ) else { break reading }
                for _ in before..<batch.count { positions.append(position) }
                readUpTo = scanner.position
            }
            if batch.isEmpty {
                if let pipelined, !inFlight.events.isEmpty {
                    guard hand(nil, to: pipelined, inFlight: &inFlight, mark: &mark, cursor: cursor) else { return }
                }
                if readUpTo > mark.position {
                    mark = CursorFile.Mark(position: readUpTo, sequence: mark.sequence)
                    save(mark, to: cursor)
                }
                // Done once everything up to where the journal ended at the stop is read:
                // `limit` was taken before, and a stop that came since may reach further.
                if isStopping, readUpTo >= control.withLock({ stopEnd }) || pastDeadline { return }
                if isStopping { continue }
                waitForNews(after: readUpTo)
                continue
            }
            if let pipelined {
                inFlight.events += batch
                inFlight.positions += positions
                inFlight.readUpTo = readUpTo
                guard hand(batch[...], to: pipelined, inFlight: &inFlight, mark: &mark, cursor: cursor) else { return }
                continue
            }
            let delivered = deliver(batch[...])
            if delivered == batch.count {
                mark = CursorFile.Mark(position: readUpTo, sequence: batch[batch.count - 1].sequence)
            } else if delivered > 0 {
                mark = CursorFile.Mark(position: positions[delivered], sequence: batch[delivered - 1].sequence)
            }
            save(mark, to: cursor)
            if delivered < batch.count { return }
        }
    }

    // MARK: Pipelining

    /// The events a pipelined sink holds, oldest first, each with the position of its
    /// record, and where reading stopped after the newest.
    private struct InFlight {
        var events: [Event] = []
        var positions: [UInt64] = []
        var readUpTo: UInt64 = 0

        /// The cursor once the first `count` events are delivered.
        func mark(after count: Int) -> CursorFile.Mark {
            let position = count == events.count ? readUpTo : positions[count]
            return CursorFile.Mark(position: position, sequence: events[count - 1].sequence)
        }
    }

    /// Submits `batch` to a pipelined sink (`nil`: flushes it) and moves the cursor past what
    /// it reports delivered. When the sink fails, settles everything in flight as `deliver`
    /// does — retries, back-off, failures recorded — so the pipeline starts empty again.
    /// Returns `false` when the stop deadline came first.
    private func hand(
        _ batch: ArraySlice<Event>?, to sink: any PipelinedSink, inFlight: inout InFlight, mark: inout CursorFile.Mark, cursor: CursorFile
    ) -> Bool {
        do throws(BatchFailure) {
            let delivered = if let batch { try sink.submit(batch) } else { try sink.flush() }
            count(delivered: delivered)
            advance(delivered, inFlight: &inFlight, mark: &mark, cursor: cursor)
            return true
        } catch {
            count(delivered: error.delivered)
            advance(error.delivered, inFlight: &inFlight, mark: &mark, cursor: cursor)
            let settled = deliver(inFlight.events[...])
            advance(settled, inFlight: &inFlight, mark: &mark, cursor: cursor)
            return inFlight.events.isEmpty
        }
    }

    private func advance(_ count: Int, inFlight: inout InFlight, mark: inout CursorFile.Mark, cursor: CursorFile) {
        guard count > 0 else { return }
        mark = inFlight.mark(after: count)
        inFlight.events.removeFirst(count)
        inFlight.positions.removeFirst(count)
        save(mark, to: cursor)
    }

    /// Takes the cursor's lock, waiting while another process holds it. Once shutdown has
    /// begun it tries for a second more — a holder that is exiting too leaves the newest
    /// events to this process — and then gives up: a holder still running delivers them.
    private func acquire(_ cursor: CursorFile) -> Bool {
        if control.withLock({ locked }) { return true }
        status.withLock { $0.deliversHere = false }
        var giveUp: ContinuousClock.Instant?
        while true {
            if cursor.tryLock() {
                let found = (try? cursor.read()) ?? nil
                let fresh = found ?? CursorFile.Mark(position: journal.endPosition, sequence: 0)
                if found == nil { try? cursor.write(fresh) }
                if let clock { cursor.markSeen(at: clock()) }
                control.withLock {
                    locked = true
                    mark = fresh
                }
                status.withLock { $0.deliversHere = true }
                return true
            }
            if isStopping {
                giveUp = giveUp ?? ContinuousClock.now.advanced(by: .seconds(1))
                if let giveUp, ContinuousClock.now >= giveUp { return false }
            }
            let pause = isStopping ? SinkRunner.pollInterval / 5 : SinkRunner.pollInterval * 4
            guard sleep(until: ContinuousClock.now.advanced(by: pause)) else { return false }
        }
    }

    private func save(_ newMark: CursorFile.Mark, to cursor: CursorFile) {
        control.withLock { mark = newMark }
        status.withLock { $0.deliveredUpTo = max($0.deliveredUpTo, newMark.sequence) }
        do {
            try cursor.write(newMark)
        } catch {
            status.withLock { $0.lastError = tr("cannot write the cursor: {reason}", ["reason": error.message]) }
        }
    }

    private func waitForNews(after position: UInt64) {
        let deadline = ContinuousClock.now.advanced(by: SinkRunner.pollInterval)
        let end = journal.waitForNews(after: position, until: deadline)
        if end <= position, !isStopping {
            // Nothing from this process: look for what others appended.
            journal.refresh()
        }
    }

    // MARK: Delivering

    /// Delivers `events` in order (or `workers` at a time), retrying as the sink's policy
    /// says and recording what fails for good. Returns how many of the first events were
    /// settled — delivered or recorded as failed — before the stop deadline.
    private func deliver(_ events: ArraySlice<Event>) -> Int {
        if case .background(let workers) = sink.placement, workers > 1 {
            return deliverConcurrently(events, workers: workers)
        }
        var start = events.startIndex
        var attempt = 0
        var random = SystemRandomNumberGenerator()
        let limit = max(1, sink.batchLimit)
        while start < events.endIndex {
            let end = min(start + limit, events.endIndex)
            do throws(BatchFailure) {
                try sink.send(batch: events[start..<end])
                count(delivered: end - start)
                start = end
                attempt = 0
            } catch {
                count(delivered: error.delivered)
                start += error.delivered
                if error.delivered > 0 { attempt = 0 }
                guard start < events.endIndex else { break }
                switch settle(failing: events[start], error.failure, attempt: &attempt, random: &random) {
                case .settled: start += 1
                case .tryAgain: continue
                case .stopped: return start - events.startIndex
                }
            }
        }
        return start - events.startIndex
    }

    /// What to do after an event failed.
    private enum Settlement {
        /// Recorded as failed: go on with the next.
        case settled
        /// Waited out the back-off: send it again.
        case tryAgain
        /// The stop deadline came.
        case stopped
    }

    private func settle(failing event: Event, _ failure: SinkFailure, attempt: inout Int, random: inout SystemRandomNumberGenerator) -> Settlement {
        // A receiver's or the system's words may quote a value from `${…}`: masked before
        // they are kept, shown or written to the journal.
        let failure = failure.masked(by: member.mask)
        status.withLock { $0.lastError = failure.reason }
        switch failure {
        case .permanent(let reason):
            attempt = 0
            return record(event, failedWith: reason) ? .settled : backOff(attempt: &attempt, retryAfter: nil, random: &random)
        case .retryable(let reason, let retryAfter):
            if let maximum = sink.retryPolicy.maximumRetries, attempt >= maximum {
                attempt = 0
                let why = trn("{reason} (after {count} retry)", "{reason} (after {count} retries)", maximum, ["reason": reason, "count": maximum])
                return record(event, failedWith: why) ? .settled : backOff(attempt: &attempt, retryAfter: nil, random: &random)
            }
            return backOff(attempt: &attempt, retryAfter: retryAfter, random: &random)
        }
    }

    private func backOff(attempt: inout Int, retryAfter: Duration?, random: inout SystemRandomNumberGenerator) -> Settlement {
        attempt += 1
        status.withLock { $0.retrying = 1 }
        defer { status.withLock { $0.retrying = 0 } }
        let delay = sink.retryPolicy.delay(beforeRetry: attempt, retryAfter: retryAfter, using: &random)
        return sleep(until: ContinuousClock.now.advanced(by: delay)) ? .tryAgain : .stopped
    }

    /// Records an event as failed for this sink, in the journal; `false` if it cannot be.
    private func record(_ event: Event, failedWith reason: String) -> Bool {
        let record = JournalRecord(time: event.time, source: event.source, entries: [.deliveryFailed(sink: member.name, event: event, reason: reason)])
        do {
            try journal.appendNow(record)
            status.withLock { $0.failed += 1 }
            return true
        } catch {
            status.withLock { $0.lastError = "\(reason); and it cannot be recorded as failed: \(error.message)" }
            return false
        }
    }

    private func count(delivered: Int) {
        guard delivered > 0 else { return }
        status.withLock { $0.delivered += delivered }
    }

    /// `workers` threads share the events; order is not kept. All or nothing counts: a
    /// batch cut short by the deadline is delivered again at the next start.
    private func deliverConcurrently(_ events: ArraySlice<Event>, workers: Int) -> Int {
        let next = Atomic(events.startIndex)
        let stopped = Atomic(false)
        let done = DispatchGroupLite(count: workers)
        let work: @Sendable () -> Void = { [self] in
            var random = SystemRandomNumberGenerator()
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < events.endIndex, !stopped.load(ordering: .relaxed) else { break }
                var attempt = 0
                while true {
                    do throws(SinkFailure) {
                        try sink.send(events[index])
                        count(delivered: 1)
                        break
                    } catch {
                        let outcome = settle(failing: events[index], error, attempt: &attempt, random: &random)
                        if outcome == .settled { break }
                        if outcome == .stopped {
                            stopped.store(true, ordering: .relaxed)
                            break
                        }
                    }
                }
            }
            done.leave()
        }
        for lane in 1..<max(workers, 1) {
            WorkerThread.start(name: "kiosk-\(member.kind)-\(lane)", background: true, work)
        }
        // This thread is the first lane.
        work()
        done.wait()
        return stopped.load(ordering: .relaxed) ? 0 : events.count
    }

    // MARK: Retries of failed events

    /// Sends the events `sinks retry` asked for; each delivered one is recorded as
    /// resolved. Returns `false` when the stop deadline came.
    private func deliverRetries() -> Bool {
        while let event = control.withLock({ retries.isEmpty ? nil : retries.removeFirst() }) {
            var attempt = 0
            var random = SystemRandomNumberGenerator()
            retrying: while true {
                do throws(SinkFailure) {
                    try sink.send(event)
                    count(delivered: 1)
                    let resolved = JournalRecord(time: event.time, source: event.source, entries: [.deliveryResolved(sink: member.name, id: event.id)])
                    try? journal.appendNow(resolved)
                    status.withLock { $0.failed = max(0, $0.failed - 1) }
                    break retrying
                } catch {
                    switch settle(failing: event, error, attempt: &attempt, random: &random) {
                    case .settled: break retrying
                    case .tryAgain: continue retrying
                    case .stopped: return false
                    }
                }
            }
        }
        return true
    }
}
