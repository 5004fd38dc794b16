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
///
/// A spool left by an earlier run is read by a worker, not by whoever starts the sink:
/// between `beginReplay` and `endReplay` orders are taken and queued as usual, no worker
/// takes an event, and the queue is not idle; the replayed events then go first.
final class EventQueue: @unchecked Sendable {
    let capacity: Int

    // Everything below is guarded by `condition`.
    private let condition = Condition()
    private var waiting = Backlog()
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
    /// A spool is being read; its events are not in the queue yet.
    private var replayPending = false
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

    /// A worker is about to read the spool: until `endReplay`, nothing is taken.
    func beginReplay() {
        condition.lock()
        replayPending = true
        condition.unlock()
    }

    /// Puts the spool's events before everything offered since `beginReplay`, regardless
    /// of capacity. `false` when the queue was abandoned first: the events are not in it,
    /// and the spool must keep them.
    func endReplay(_ events: [Event]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !abandoned else { return false }
        waiting.prepend(events)
        held += events.count
        replayPending = false
        condition.broadcast()
        return true
    }

    /// Whether a spool replay began and its events never made it into the queue.
    var isReplayPending: Bool {
        condition.lock()
        defer { condition.unlock() }
        return replayPending
    }

    /// Adds events regardless of capacity: for `sinks retry`.
    func force(_ events: [Event]) {
        condition.lock()
        defer { condition.unlock() }
        for event in events { waiting.append(event) }
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
            waiting.prepend(taken[worker][settled[worker]...])
        }
        taken[worker] = []
        settled[worker] = 0
        idle += 1
        while !abandoned, replayPending || (waiting.isEmpty && !closed) { condition.wait() }
        idle -= 1
        guard !abandoned, !waiting.isEmpty else { return nil }
        let batch = waiting.removeFirst(upTo: limit)
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
        while held > 0 || replayPending || accounting.contains(true) {
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
        left += waiting.removeFirst(upTo: .max)
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

/// Events waiting in order, in chunks of fixed capacity: appending never copies or moves
/// what is already queued, however long a receiver keeps the backlog growing, and memory
/// is taken and given back a chunk at a time.
struct Backlog {
    static let chunkCapacity = 1024

    private var chunks: [[Event]] = []
    /// Events of the first chunk already taken.
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ event: Event) {
        if chunks.isEmpty || chunks[chunks.count - 1].count >= Backlog.chunkCapacity {
            var chunk: [Event] = []
            chunk.reserveCapacity(Backlog.chunkCapacity)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(event)
        count += 1
    }

    /// Puts events before all others.
    mutating func prepend(_ events: some Collection<Event>) {
        guard !events.isEmpty else { return }
        if head > 0 {
            chunks[0].removeFirst(head)
            head = 0
        }
        chunks.insert(Array(events), at: 0)
        count += events.count
    }

    /// Up to `limit` events from the front, oldest first. A backlog of one untouched
    /// chunk, the usual case, is handed over without copying.
    mutating func removeFirst(upTo limit: Int) -> [Event] {
        if head == 0, chunks.count == 1, limit >= count {
            let all = chunks[0]
            chunks = []
            count = 0
            return all
        }
        var batch: [Event] = []
        batch.reserveCapacity(Swift.min(limit, count))
        while batch.count < limit, !chunks.isEmpty {
            let take = Swift.min(chunks[0].count - head, limit - batch.count)
            batch += chunks[0][head..<(head + take)]
            head += take
            if head == chunks[0].count {
                chunks.removeFirst()
                head = 0
            }
        }
        count -= batch.count
        return batch
    }
}
