import KioskCore
import KioskSystem
import Synchronization

/// One sink with its queue, its worker threads, its spool and its counters.
///
/// Background sinks get `workers` threads that take events from the queue and deliver
/// them, retrying as the sink's policy says. Foreground sinks (the console) have no thread:
/// `drain` delivers their queue on the caller's thread.
final class SinkWorker: Sendable {
    let sink: any Sink
    let events: EventTypes
    let queue: EventQueue
    let spool: Spool?
    private let status: Mutex<SinkStatus>
    private let spoolFailureReported = Atomic(false)
    /// Events offered while the queue was full, spooled `overflowRun` at a time: a sink
    /// backed up past its queue then costs the order path one write per run, not per order.
    private let overflow = Mutex<[Event]>([])
    static let overflowRun = 256

    init(sink: any Sink, kind: String, events: EventTypes, capacity: Int, spool: Spool?) {
        self.sink = sink
        self.events = events
        let workers = if case .background(let count) = sink.placement { count } else { 1 }
        self.queue = EventQueue(capacity: capacity, workers: workers)
        self.spool = spool
        self.status = Mutex(SinkStatus(kind: kind, target: sink.target, events: events))
    }

    var isForeground: Bool { sink.placement == .foreground }

    /// Starts the worker threads. The first replays what earlier runs left in the spool
    /// before anything else goes out; orders do not wait for it, however long the spool.
    func start() {
        guard case .background(let workers) = sink.placement else {
            if spool != nil {
                queue.beginReplay()
                replaySpool()
            }
            return
        }
        if spool != nil { queue.beginReplay() }
        let kind = status.withLock { $0.kind }
        for index in 0..<max(1, workers) {
            // Below the order path: a busy sink takes spare CPU, never the counter's.
            WorkerThread.start(name: "kiosk-\(kind)-\(index)", background: true) { [self] in
                if index == 0 { replaySpool() }
                run(worker: index)
            }
        }
    }

    /// Reads the spool into the front of the queue (after `beginReplay`).
    private func replaySpool() {
        guard let spool else { return }
        let (replay, unreadable) = spool.takeForReplay()
        guard queue.endReplay(replay) else { return }
        status.withLock {
            $0.replayed = replay.count
            if unreadable > 0 { $0.lastError = "\(unreadable) spooled events could not be read" }
        }
    }

    /// Queues an event; a full queue sends it straight to the spool. Never waits.
    func offer(_ event: Event) {
        guard !queue.offer(event) else { return }
        let run: [Event]? = overflow.withLock { waiting in
            waiting.append(event)
            guard waiting.count >= SinkWorker.overflowRun else { return nil }
            defer { waiting = [] }
            return waiting
        }
        if let run { spoolEvents(run) }
    }

    /// Spools what overflowed and is not spooled yet.
    private func spoolOverflow() {
        spoolEvents(overflow.withLock { waiting in
            defer { waiting = [] }
            return waiting
        })
    }

    // MARK: Delivery

    private func run(worker: Int) {
        var random = SystemRandomNumberGenerator()
        let limit = max(1, sink.batchLimit)
        // One worker takes the whole backlog; several share it a run at a time.
        let takes = if case .background(let workers) = sink.placement, workers > 1 { limit } else { Int.max }
        let linger = sink.batchLinger
        while let batch = queue.take(worker: worker, upTo: takes) {
            // Deliver a long backlog in runs the sink can take at once.
            var start = 0
            while start < batch.count {
                let end = min(start + limit, batch.count)
                // Shutdown's deadline came: what is left is the spool's now.
                guard deliver(batch[start..<end], worker: worker, random: &random) else { return }
                start = end
            }
            if linger > .zero, batch.count < limit / 4 { queue.linger(linger) }
        }
    }

    /// Delivers a run of events in order. The first undelivered event is retried as the
    /// sink's policy says; one refused for good, or out of retries, is set aside or spooled
    /// and the rest go on. `false` when shutdown abandoned the rest to the spool.
    private func deliver(_ run: ArraySlice<Event>, worker: Int, random: inout SystemRandomNumberGenerator) -> Bool {
        var pending = run
        var retry = 0
        while !pending.isEmpty {
            do throws(BatchFailure) {
                try sink.send(batch: pending)
                return settle(pending.count, worker: worker) { status.withLock { $0.delivered += pending.count } }
            } catch {
                let delivered = error.delivered
                guard settle(delivered, worker: worker, { status.withLock { $0.delivered += delivered } }) else { return false }
                pending = pending.dropFirst(delivered)
                if delivered > 0 { retry = 0 }
                guard let event = pending.first else { return true }
                status.withLock { $0.lastError = error.failure.reason }
                switch error.failure {
                case .permanent:
                    guard settle(1, worker: worker, { setAside(event) }) else { return false }
                    pending = pending.dropFirst()
                    retry = 0
                case .retryable(_, let retryAfter):
                    retry += 1
                    let policy = sink.retryPolicy
                    if let maximum = policy.maximumRetries, retry > maximum {
                        guard settle(1, worker: worker, { spoolEvents([event]) }) else { return false }
                        pending = pending.dropFirst()
                        retry = 0
                        continue
                    }
                    let delay = policy.delay(beforeRetry: retry, retryAfter: retryAfter, using: &random)
                    // At the shutdown deadline the events stay unsettled and `abandon` spools them.
                    guard queue.waitBeforeRetry(delay) else { return false }
                }
            }
        }
        return true
    }

    /// Counts or spools the next `count` events once — unless shutdown already spooled
    /// them — and only then lets shutdown see them done.
    private func settle(_ count: Int, worker: Int, _ account: () -> Void) -> Bool {
        guard count > 0 else { return true }
        guard queue.settle(worker: worker, count: count) else { return false }
        account()
        queue.doneAccounting(worker: worker)
        return true
    }

    /// Delivers a foreground sink's queue here and now.
    func drain() {
        guard queue.depth.queued > 0, let batch = queue.take(worker: 0, upTo: Int.max) else { return }
        var delivered = 0
        for event in batch {
            do throws(SinkFailure) {
                try sink.send(event)
                delivered += 1
            } catch {
                status.withLock {
                    $0.failed += 1
                    $0.lastError = error.reason
                }
            }
        }
        _ = settle(batch.count, worker: 0) { status.withLock { $0.delivered += delivered } }
    }

    // MARK: Spool

    func spoolEvents(_ events: [Event]) {
        guard !events.isEmpty else { return }
        guard let spool else {
            status.withLock {
                $0.failed += events.count
                $0.lastError = "\(events.count) events could not be delivered and this sink has no spool"
            }
            return
        }
        do {
            try spool.append(events)
            status.withLock { $0.spooled += events.count }
        } catch {
            status.withLock {
                $0.failed += events.count
                $0.lastError = "cannot write the spool \(error.path): \(error.reason)"
            }
        }
    }

    private func setAside(_ event: Event) {
        status.withLock { $0.failed += 1 }
        try? spool?.setAside([event])
    }

    /// Retries the spool now: its events go back into the queue.
    func retrySpool() -> Int {
        guard let spool else { return 0 }
        spoolOverflow()
        let (events, _) = spool.takeForReplay()
        queue.force(events)
        spool.finishReplay()
        return events.count
    }

    // MARK: Shutdown

    /// Closes the queue; workers deliver what is left until `deadline`.
    func close(deadline: ContinuousClock.Instant) {
        queue.close(deadline: deadline)
    }

    /// Waits for the queue to empty; spools what is left at the deadline. Returns whether
    /// everything was delivered (or set aside) in time.
    func finish(by deadline: ContinuousClock.Instant) -> Bool {
        if isForeground { drain() }
        let idle = queue.waitUntilIdle(until: deadline)
        if !idle {
            spoolEvents(queue.abandon())
        } else {
            sink.close()
        }
        // After what the queue held: those are older.
        spoolOverflow()
        // Replayed events were delivered or spooled again: the copy kept aside can go. A
        // replay still being read at the deadline stays for the next start.
        if !queue.isReplayPending { spool?.finishReplay() }
        return idle
    }

    var currentStatus: SinkStatus {
        let depth = queue.depth
        var current = status.withLock { $0 }
        current.queued = depth.queued + overflow.withLock { $0.count }
        current.retrying = depth.retrying
        return current
    }
}
