import KioskCore
import KioskSystem

/// One sink's bounded queue of events, with the events its workers are delivering.
///
/// `offer` never waits: when the queue is full it says so and the caller spools the event.
/// Workers `take` events and `finish` them. At shutdown the queue is closed, workers drain
/// it, and whatever is still queued or in flight at the deadline is `abandon`ed to the
/// spool. Retry waits end early at that deadline.
final class EventQueue: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = Condition()
    private var buffer: [Event?]
    private var head = 0
    private var count = 0
    private var inFlight: [EventID: Event] = [:]
    /// In-flight events whose worker is counting or spooling them; `abandon` leaves them be.
    private var settling: Set<EventID> = []
    private var retrying = 0
    private var closed = false
    private var abandoned = false
    private var deadline: ContinuousClock.Instant?

    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        self.buffer = Array(repeating: nil, count: min(self.capacity, 1024))
    }

    /// Adds an event at the back; `false` when the queue is full or closed.
    func offer(_ event: Event) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, count < capacity else { return false }
        if count == buffer.count { grow() }
        buffer[(head + count) % buffer.count] = event
        count += 1
        condition.signal()
        return true
    }

    /// Adds events regardless of capacity: for replaying a spool at start.
    func force(_ events: [Event]) {
        condition.lock()
        defer { condition.unlock() }
        for event in events {
            if count == buffer.count { grow() }
            buffer[(head + count) % buffer.count] = event
            count += 1
        }
        condition.broadcast()
    }

    private func grow() {
        var bigger = [Event?](repeating: nil, count: max(buffer.count * 2, 16))
        for offset in 0..<count { bigger[offset] = buffer[(head + offset) % buffer.count] }
        buffer = bigger
        head = 0
    }

    /// The next event, waiting for one; `nil` once the queue is closed and empty, or
    /// abandoned.
    func take() -> Event? {
        condition.lock()
        defer { condition.unlock() }
        while count == 0, !closed, !abandoned { condition.wait() }
        guard count > 0, !abandoned else { return nil }
        let event = buffer[head]
        buffer[head] = nil
        head = (head + 1) % buffer.count
        count -= 1
        guard let event else { return nil }
        inFlight[event.id] = event
        return event
    }

    /// Claims an in-flight event for its worker to count or spool. `false` if it was
    /// already abandoned to the spool: the worker must not count or spool it again.
    func claim(_ event: Event) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !abandoned, inFlight[event.id] != nil else { return false }
        settling.insert(event.id)
        return true
    }

    /// Ends an event's delivery, after its worker counted or spooled it.
    func finish(_ event: Event) {
        condition.lock()
        inFlight[event.id] = nil
        settling.remove(event.id)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits before a retry. `false` when the shutdown deadline came first: the caller
    /// stops, and `abandon` spools the event.
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

    /// Waits until nothing is queued or in flight, or the deadline passes.
    func waitUntilIdle(until deadline: ContinuousClock.Instant) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while count > 0 || !inFlight.isEmpty {
            if ContinuousClock.now >= deadline { return false }
            condition.wait(until: deadline)
        }
        return true
    }

    /// Gives up: returns everything queued or in flight, oldest first, and wakes the workers.
    func abandon() -> [Event] {
        condition.lock()
        defer { condition.unlock() }
        var left = inFlight.values.filter { !settling.contains($0.id) }.sorted { $0.id < $1.id }
        for offset in 0..<count {
            if let event = buffer[(head + offset) % buffer.count] { left.append(event) }
        }
        buffer = [nil]
        head = 0
        count = 0
        inFlight = [:]
        abandoned = true
        condition.broadcast()
        return left
    }

    /// How many events wait in the queue and how many wait for a retry.
    var depth: (queued: Int, retrying: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (count, retrying)
    }
}
