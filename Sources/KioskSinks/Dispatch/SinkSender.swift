import KioskCore
import KioskRecords
import KioskJournal
import KioskSystem
import Synchronization

/// Sends events to a background sink until each is delivered or recorded as failed: in
/// order, a batch at a time; `workers` lanes at once; or one event `sinks retry` asked for.
///
/// Every failure, wherever it happens, is settled in one place — masked, shown, retried
/// after the back-off its `RetrySchedule` picks, or recorded in the journal. The sends
/// themselves are direct calls on the sink: a delivered event costs one call and one
/// count, nothing more.
final class SinkSender: Sendable {
    let sink: any Sink
    let member: Dispatcher.Member
    let journal: Journal
    let status: RunnerStatus
    let control: RunnerControl
    /// Read once: a sink's policy is part of its configuration.
    private let policy: RetryPolicy

    init(sink: any Sink, member: Dispatcher.Member, journal: Journal, status: RunnerStatus, control: RunnerControl) {
        self.sink = sink
        self.member = member
        self.journal = journal
        self.status = status
        self.control = control
        policy = sink.retryPolicy
    }

    /// Delivers `events` as the sink is placed: in order, or `workers` at a time. Returns
    /// how many of the first events were settled — delivered or recorded as failed —
    /// before the stop deadline.
    func deliver(_ events: ArraySlice<Event>) -> Int {
        if case .background(let workers) = sink.placement, workers > 1 {
            return deliverConcurrently(events, workers: workers)
        }
        return deliverInOrder(events)
    }

    /// Sends a failed event again (`sinks retry`) and, once it is delivered, records it as
    /// resolved. Returns `false` when the stop deadline came first.
    func redeliver(_ event: Event) -> Bool {
        switch deliverOne(event) {
        case .delivered:
            let resolved = JournalRecord(time: event.time, source: event.source, entries: [.deliveryResolved(sink: member.name, id: event.id)])
            try? journal.appendNow(resolved)
            status.update { $0.failed = max(0, $0.failed - 1) }
            return true
        case .recordedAsFailed: return true
        case .stopped: return false
        }
    }

    // MARK: Sending

    /// Sends `events` in order, the sink's batch limit at a time, and settles each failure
    /// before going on.
    private func deliverInOrder(_ events: ArraySlice<Event>) -> Int {
        var start = events.startIndex
        var schedule = RetrySchedule(policy)
        var random = SystemRandomNumberGenerator()
        let limit = max(1, sink.batchLimit)
        while start < events.endIndex {
            let end = min(start + limit, events.endIndex)
            do throws(BatchFailure) {
                try sink.send(batch: events[start..<end])
                status.count(delivered: end - start)
                start = end
                schedule.restart()
            } catch {
                let reached = min(start + error.delivered, end)
                status.count(delivered: reached - start)
                if reached > start { schedule.restart() }
                start = reached
                guard start < events.endIndex else { break }
                switch settle(events[start], error.failure, schedule: &schedule, random: &random) {
                case .settled: start += 1
                case .tryAgain: continue
                case .stopped: return start - events.startIndex
                }
            }
        }
        return start - events.startIndex
    }

    /// `workers` threads share the events; order is not kept. All or nothing counts: a
    /// batch cut short by the deadline is delivered again at the next start.
    private func deliverConcurrently(_ events: ArraySlice<Event>, workers: Int) -> Int {
        let next = Atomic(events.startIndex)
        let stopped = Atomic(false)
        let done = DispatchGroupLite(count: workers)
        let work: @Sendable () -> Void = { [self] in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < events.endIndex, !stopped.load(ordering: .relaxed) else { break }
                if deliverOne(events[index]) == .stopped {
                    stopped.store(true, ordering: .relaxed)
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

    /// What became of one event.
    private enum Outcome {
        case delivered, recordedAsFailed, stopped
    }

    /// Sends one event with `send(_:)` until it is delivered or recorded as failed.
    private func deliverOne(_ event: Event) -> Outcome {
        var schedule = RetrySchedule(policy)
        var random = SystemRandomNumberGenerator()
        while true {
            do throws(SinkFailure) {
                try sink.send(event)
                status.count(delivered: 1)
                return .delivered
            } catch {
                switch settle(event, error, schedule: &schedule, random: &random) {
                case .settled: return .recordedAsFailed
                case .tryAgain: continue
                case .stopped: return .stopped
                }
            }
        }
    }

    // MARK: Failures

    /// What became of an event that failed.
    private enum Settlement {
        /// Recorded as failed: go on with the next.
        case settled
        /// Waited out the back-off: send it again.
        case tryAgain
        /// The stop deadline came.
        case stopped
    }

    private func settle(
        _ event: Event, _ failure: SinkFailure, schedule: inout RetrySchedule, random: inout SystemRandomNumberGenerator
    ) -> Settlement {
        // A receiver's or the system's words may quote a value from `${…}`: masked before
        // they are kept, shown or written to the journal.
        let failure = failure.masked(by: member.mask)
        status.update { $0.lastError = failure.reason }
        let wait: Duration
        switch schedule.verdict(on: failure, using: &random) {
        case .giveUp(let reason):
            if record(event, failedWith: reason) { return .settled }
            wait = schedule.nextWait(using: &random)
        case .retry(let after):
            wait = after
        }
        status.update { $0.retrying = 1 }
        defer { status.update { $0.retrying = 0 } }
        return control.sleep(until: ContinuousClock.now.advanced(by: wait)) ? .tryAgain : .stopped
    }

    /// Records an event as failed for this sink, in the journal; `false` if it cannot be.
    private func record(_ event: Event, failedWith reason: String) -> Bool {
        let record = JournalRecord(time: event.time, source: event.source, entries: [.deliveryFailed(sink: member.name, event: event, reason: reason)])
        do {
            try journal.appendNow(record)
            status.update { $0.failed += 1 }
            return true
        } catch {
            status.update { $0.lastError = "\(reason); and it cannot be recorded as failed: \(error.message)" }
            return false
        }
    }
}
