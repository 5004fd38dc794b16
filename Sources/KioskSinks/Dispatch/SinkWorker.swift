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

    init(sink: any Sink, kind: String, events: EventTypes, capacity: Int, spool: Spool?) {
        self.sink = sink
        self.events = events
        self.queue = EventQueue(capacity: capacity)
        self.spool = spool
        self.status = Mutex(SinkStatus(kind: kind, target: sink.target, events: events))
    }

    var isForeground: Bool { sink.placement == .foreground }

    /// Starts the worker threads, after queueing what earlier runs left in the spool.
    func start() {
        if let spool {
            let (replay, unreadable) = spool.takeForReplay()
            queue.force(replay)
            status.withLock {
                $0.replayed = replay.count
                if unreadable > 0 { $0.lastError = "\(unreadable) spooled events could not be read" }
            }
        }
        guard case .background(let workers) = sink.placement else { return }
        let kind = status.withLock { $0.kind }
        for index in 0..<max(1, workers) {
            WorkerThread.start(name: "kiosk-\(kind)-\(index)") { [self] in run() }
        }
    }

    /// Queues an event; a full queue sends it straight to the spool. Never waits.
    func offer(_ event: Event) {
        if !queue.offer(event) {
            spoolEvents([event])
        }
    }

    // MARK: Delivery

    private func run() {
        var random = SystemRandomNumberGenerator()
        while let event = queue.take() {
            deliver(event, random: &random)
        }
    }

    private func deliver(_ event: Event, random: inout SystemRandomNumberGenerator) {
        var retry = 0
        while true {
            do {
                try sink.send(event)
                settle(event) { status.withLock { $0.delivered += 1 } }
                return
            } catch {
                status.withLock { $0.lastError = error.reason }
                switch error {
                case .permanent:
                    settle(event) { setAside(event) }
                    return
                case .retryable(_, let retryAfter):
                    retry += 1
                    let policy = sink.retryPolicy
                    if let maximum = policy.maximumRetries, retry > maximum {
                        settle(event) { spoolEvents([event]) }
                        return
                    }
                    let delay = policy.delay(beforeRetry: retry, retryAfter: retryAfter, using: &random)
                    // At the shutdown deadline the event stays in flight and `abandon` spools it.
                    guard queue.waitBeforeRetry(delay) else { return }
                }
            }
        }
    }

    /// Counts or spools an event once, unless shutdown already spooled it, and only then
    /// lets shutdown see it as done.
    private func settle(_ event: Event, _ account: () -> Void) {
        if queue.claim(event) { account() }
        queue.finish(event)
    }

    /// Delivers a foreground sink's queue here and now.
    func drain() {
        while queue.depth.queued > 0, let event = queue.take() {
            do {
                try sink.send(event)
                status.withLock { $0.delivered += 1 }
            } catch {
                status.withLock {
                    $0.failed += 1
                    $0.lastError = error.reason
                }
            }
            queue.finish(event)
        }
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
        if idle || spool != nil { spool?.finishReplay() }
        return idle
    }

    var currentStatus: SinkStatus {
        let depth = queue.depth
        var current = status.withLock { $0 }
        current.queued = depth.queued
        current.retrying = depth.retrying
        return current
    }
}
