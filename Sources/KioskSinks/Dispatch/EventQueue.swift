import KioskCore
import KioskSystem

/// One sink's bounded queue of events, with the events its workers are delivering.
///
/// `offer` never waits: when the queue is full it says so and the caller spools the event.
/// Each worker `take`s a run of events, delivers them in order and `settle`s them, a count
/// at a time, then reports its accounting done. Everything under the lock is O(1), so the
/// order path is never held up by a worker: producers append, a worker takes the whole
/// backlog (or a few events) at once.
///
/// At shutdown the queue is closed and workers drain it; at the deadline whatever is
/// still waiting or unsettled is `abandon`ed to the spool, and retry waits end early.
final class EventQueue: @unchecked Sendable {
    let capacity: Int

    // Everything below is guarded by `condition`.
    private let condition = Condition()
    private var waiting: [Event] = []
    private var head = 0
    /// Per worker: the events it took, how many of them are settled, and whether it is
    /// still counting or spooling settled ones.
    private var taken: [[Event]]
    private var settled: [Int]
    private var accounting: [Bool]
    /// Events offered and not yet settled.
    private var held = 0
    private var retrying = 0
    /// Workers waiting in `take`: only they need a signal when an event arrives.
    private var idle = 0
    private var closed = false
    private var abandoned = false
    private var deadline: ContinuousClock.Instant?

    init(capacity: Int, workers: Int = 1) {
        self.capacity = max(1, capacity)
        let workers = max(1, workers)
        taken = Array(repeating: [], count: workers)
        settled = Array(repeating: 0, count: workers)
        accounting = Array(repeating: false, count: workers)
    }

    /// Adds an event at the back; `false` when the queue is full or closed.
    func offer(_ event: Event) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, held < capacity else { return false }
        waiting.append(event)
        held += 1
        if idle > 0 { condition.signal() }
        return true
    }

    /// Adds events regardless of capacity: for replaying a spool at start.
    func force(_ events: [Event]) {
        condition.lock()
        defer { condition.unlock() }
        waiting += events
        held += events.count
        condition.broadcast()
    }

    /// Up to `limit` events for `worker`, oldest first, waiting for at least one; `nil`
    /// once the queue is closed and empty, or abandoned.
    func take(worker: Int, upTo limit: Int) -> [Event]? {
        condition.lock()
        defer { condition.unlock() }
        if settled[worker] < taken[worker].count {
            // Never forget what a worker took and did not settle: it goes first again.
            waiting.replaceSubrange(head..<head, with: taken[worker][settled[worker]...])
        }
        taken[worker] = []
        settled[worker] = 0
        idle += 1
        while waiting.count == head, !closed, !abandoned { condition.wait() }
        idle -= 1
        guard !abandoned, waiting.count > head else { return nil }
        let batch: [Event]
        if waiting.count - head <= limit {
            batch = head == 0 ? waiting : Array(waiting[head...])
            waiting = []
            head = 0
        } else {
            batch = Array(waiting[head..<(head + limit)])
            head += limit
            if head > 1024, head * 2 > waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
        }
        taken[worker] = batch
        settled[worker] = 0
        return batch
    }

    /// Marks the next `count` taken events of `worker` done. Returns `false` when they
    /// were already abandoned to the spool: the worker must not count or spool them again.
    /// After `true`, the worker counts or spools them and calls `doneAccounting`.
    func settle(worker: Int, count: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !abandoned else { return false }
        settled[worker] += count
        held -= count
        accounting[worker] = true
        return true
    }

    /// The worker has counted or spooled what it settled: shutdown may now see it idle.
    func doneAccounting(worker: Int) {
        condition.lock()
        accounting[worker] = false
        condition.broadcast()
        condition.unlock()
    }

    /// Waits a moment for events to gather, unless the queue is closing.
    func linger(_ duration: Duration) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, !abandoned else { return }
        let until = ContinuousClock.now.advanced(by: duration)
        // Timed, not signalled: producers only signal a worker waiting in `take`.
        while !closed, !abandoned, ContinuousClock.now < until {
            condition.wait(until: until)
        }
    }

    /// Waits before a retry. `false` when the shutdown deadline came first: the caller
    /// stops, and `abandon` spools its events.
    func waitBeforeRetry(_ delay: Duration) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        retrying += 1
        defer { retrying -= 1 }
        let wake = ContinuousClock.now.advanced(by: delay)
        while !abandoned {
            let until = deadline.map { min($0, wake) } ?? wake
            if ContinuousClock.now >= until { break }
            condition.wait(until: until)
        }
        if abandoned { return false }
        if let deadline, ContinuousClock.now >= deadline { return false }
        return true
    }

    /// Stops new events; workers finish what is queued until `deadline`.
    func close(deadline: ContinuousClock.Instant) {
        condition.lock()
        closed = true
        self.deadline = deadline
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every event is settled and accounted for, or the deadline passes.
    func waitUntilIdle(until deadline: ContinuousClock.Instant) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while held > 0 || accounting.contains(true) {
            if ContinuousClock.now >= deadline { return false }
            condition.wait(until: deadline)
        }
        return true
    }

    /// Gives up: returns every event not yet settled, oldest first, and wakes the workers.
    func abandon() -> [Event] {
        condition.lock()
        defer { condition.unlock() }
        var left: [Event] = []
        for worker in taken.indices where settled[worker] < taken[worker].count {
            left += taken[worker][settled[worker]...]
        }
        left.sort { $0.id < $1.id }
        left += waiting[head...]
        waiting = []
        head = 0
        taken = taken.map { _ in [] }
        settled = settled.map { _ in 0 }
        held = 0
        abandoned = true
        condition.broadcast()
        return left
    }

    /// Events offered and not yet settled, and events waiting to be tried again.
    var depth: (queued: Int, retrying: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (held, retrying)
    }
}
