import KioskCore
import KioskRecords
import KioskJournal
import KioskSystem
import Synchronization

/// The one loop that retries: it sends events until each is delivered or recorded as
/// failed, backing off between tries as a `RetrySchedule` says.
///
/// The in-order path, each lane of a concurrent sink and `sinks retry` all go through it,
/// so a failure is masked, shown, retried and recorded the same way wherever it happens.
struct RetryLoop: Sendable {
    let sink: any Sink
    let member: Dispatcher.Member
    let journal: Journal
    let status: RunnerStatus
    let stop: StopSignal

    /// Delivers `events` as the sink is placed: in order, or `workers` at a time. Returns
    /// how many of the first events were settled — delivered or recorded as failed —
    /// before the stop deadline.
    func deliver(_ events: ArraySlice<Event>) -> Int {
        if case .background(let workers) = sink.placement, workers > 1 {
            return deliverConcurrently(events, workers: workers)
        }
        return deliver(
            events, batchLimit: max(1, sink.batchLimit),
            send: { batch throws(BatchFailure) in try sink.send(batch: batch) },
            delivered: { status.count(delivered: $0.count) }
        )
    }

    /// Sends a failed event again (`sinks retry`) and, once it is delivered, records it as
    /// resolved. Returns `false` when the stop deadline came first.
    func redeliver(_ event: Event) -> Bool {
        deliver([event], batchLimit: 1, send: sendOneByOne) { delivered in
            for event in delivered {
                status.count(delivered: 1)
                let resolved = JournalRecord(time: event.time, source: event.source, entries: [.deliveryResolved(sink: member.name, id: event.id)])
                try? journal.appendNow(resolved)
                status.update { $0.failed = max(0, $0.failed - 1) }
            }
        } == 1
    }

    /// The loop: sends `events` in order, `batchLimit` at a time, and settles each failure
    /// before going on. `delivered` hears of every run of events the sink took.
    private func deliver(
        _ events: ArraySlice<Event>, batchLimit: Int,
        send: (ArraySlice<Event>) throws(BatchFailure) -> Void, delivered: (ArraySlice<Event>) -> Void
    ) -> Int {
        var start = events.startIndex
        var schedule = RetrySchedule(sink.retryPolicy)
        var random = SystemRandomNumberGenerator()
        while start < events.endIndex {
            let end = min(start + batchLimit, events.endIndex)
            do throws(BatchFailure) {
                try send(events[start..<end])
                delivered(events[start..<end])
                start = end
                schedule.restart()
            } catch {
                let reached = min(start + error.delivered, end)
                delivered(events[start..<reached])
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
        return stop.sleep(until: ContinuousClock.now.advanced(by: wait)) ? .tryAgain : .stopped
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
                let settled = deliver(events[index...index], batchLimit: 1, send: sendOneByOne) { status.count(delivered: $0.count) }
                if settled == 0 { stopped.store(true, ordering: .relaxed) }
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

    /// Sends with `send(_:)`, the way single events always were, not `send(batch:)`.
    private func sendOneByOne(_ events: ArraySlice<Event>) throws(BatchFailure) {
        for (offset, event) in events.enumerated() {
            do throws(SinkFailure) {
                try sink.send(event)
            } catch {
                throw BatchFailure(delivered: offset, failure: error)
            }
        }
    }
}
