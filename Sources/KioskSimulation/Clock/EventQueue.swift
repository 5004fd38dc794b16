import KioskCore

/// The virtual clock's agenda: timed entries, earliest first, and among entries at the
/// same time, the first scheduled first.
///
/// Ties are broken by a sequence number given at insertion, so simultaneous events happen
/// in the order they were scheduled — the same on every run and every machine. Nothing
/// sleeps: the clock jumps to the next entry's time. Storage grows to the most entries
/// ever pending and is kept, so a simulation in steady state schedules without allocating.
/// Entries live in three places, and the earliest of their three heads comes out first:
/// a `BinaryHeap` for any entry; one slot for the next arrival (arrivals are scheduled
/// one at a time, so half of a simulation's entries never touch the heap); and an
/// `OrderedLane` for entries scheduled in time order (timeouts of a fixed patience). An
/// entry goes to the slot or the lane only when that keeps it in order, else to the heap,
/// so the order out never depends on where an entry was put.
struct EventQueue: Sendable {
    struct Entry: Sendable, Comparable {
        /// Milliseconds since the simulation started.
        let time: Int64
        fileprivate let sequence: UInt64
        let payload: Scheduled

        @inline(__always)
        fileprivate func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }

        @inline(__always)
        static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.precedes(rhs) }

        static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.time == rhs.time && lhs.sequence == rhs.sequence }

        /// After every entry: what no entry precedes.
        fileprivate static let never = Entry(time: .max, sequence: .max, payload: .arrival)
    }

    private var heap = BinaryHeap<Entry>()
    private var arrival: Entry?
    private var lane = OrderedLane()
    private var nextSequence: UInt64 = 0

    var count: Int { heap.count + lane.count + (arrival == nil ? 0 : 1) }
    var isEmpty: Bool { count == 0 }

    /// The time of the earliest entry.
    var nextTime: Int64? {
        var time = heap.min?.time
        if let arrival, time.map({ arrival.time < $0 }) ?? true { time = arrival.time }
        if let first = lane.first, time.map({ first.time < $0 }) ?? true { time = first.time }
        return time
    }

    /// Schedules `payload` at `time`, after every entry scheduled before it at that time.
    mutating func schedule(_ payload: Scheduled, at time: Int64) {
        push(makeEntry(payload, at: time))
    }

    /// The same, for the next arrival: it waits in a slot of its own when the slot is free.
    mutating func scheduleArrival(_ payload: Scheduled, at time: Int64) {
        let entry = makeEntry(payload, at: time)
        if arrival == nil { arrival = entry } else { push(entry) }
    }

    /// The same, for an entry usually scheduled in time order (a timeout of a fixed
    /// patience): it joins the lane when it is no earlier than the lane's last entry.
    mutating func scheduleInOrder(_ payload: Scheduled, at time: Int64) {
        let entry = makeEntry(payload, at: time)
        if lane.accepts(time) { lane.append(entry) } else { push(entry) }
    }

    /// Removes and returns the earliest entry.
    mutating func popFirst() -> Entry? {
        let top = heap.min
        var best = top ?? .never
        var source = Source.heap
        if let arrival, arrival.precedes(best) {
            best = arrival
            source = .arrival
        }
        if let first = lane.first, first.precedes(best) {
            best = first
            source = .lane
        }
        switch source {
        case .heap:
            guard top != nil else { return nil }
            heap.pop()
        case .arrival: arrival = nil
        case .lane: lane.removeFirst()
        }
        return best
    }

    private enum Source {
        case heap, arrival, lane
    }

    private mutating func makeEntry(_ payload: Scheduled, at time: Int64) -> Entry {
        let entry = Entry(time: time, sequence: nextSequence, payload: payload)
        nextSequence &+= 1
        return entry
    }

    private mutating func push(_ entry: Entry) {
        heap.push(entry)
    }
}
