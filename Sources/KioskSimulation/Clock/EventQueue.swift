/// The virtual clock's agenda: timed entries, earliest first, and among entries at the
/// same time, the first scheduled first.
///
/// Ties are broken by a sequence number given at insertion, so simultaneous events happen
/// in the order they were scheduled — the same on every run and every machine. Nothing
/// sleeps: the clock jumps to the next entry's time. Storage grows to the most entries
/// ever pending and is kept, so a simulation in steady state schedules without allocating.
/// Not generic: unspecialised generic code is slow in debug builds, where the tests run
/// long simulations.
///
/// Entries live in three places, and the earliest of their three heads comes out first:
/// a binary min-heap for any entry; one slot for the next arrival (arrivals are scheduled
/// one at a time, so half of a simulation's entries never touch the heap); and an
/// `OrderedLane` for entries scheduled in time order (timeouts of a fixed patience). An
/// entry goes to the slot or the lane only when that keeps it in order, else to the heap,
/// so the order out never depends on where an entry was put.
struct EventQueue: Sendable {
    struct Entry: Sendable {
        /// Milliseconds since the simulation started.
        let time: Int64
        fileprivate let sequence: UInt64
        let payload: Scheduled

        @inline(__always)
        fileprivate func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }

        /// After every entry: what no entry precedes.
        fileprivate static let never = Entry(time: .max, sequence: .max, payload: Scheduled(.arrival))
    }

    private var heap: [Entry] = []
    private var arrival: Entry?
    private var lane = OrderedLane()
    private var nextSequence: UInt64 = 0

    var count: Int { heap.count + lane.count + (arrival == nil ? 0 : 1) }
    var isEmpty: Bool { count == 0 }

    /// The time of the earliest entry.
    var nextTime: Int64? {
        var time = heap.first?.time
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
        let top = heap.first
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
            let last = heap.removeLast()
            if !heap.isEmpty { siftDown(last) }
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
        heap.append(entry)
        siftUp(from: heap.count - 1)
    }

    /// Moves the entry at `index` up to its place, shifting parents down into the hole.
    private mutating func siftUp(from index: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            let entry = heap[index]
            var hole = index
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard entry.precedes(heap[parent]) else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = entry
        }
    }

    /// Puts `entry` into the hole at the root, shifting the earlier child up each level.
    private mutating func siftDown(_ entry: Entry) {
        heap.withUnsafeMutableBufferPointer { heap in
            let count = heap.count
            var hole = 0
            while true {
                var child = 2 * hole + 1
                guard child < count else { break }
                if child + 1 < count, heap[child + 1].precedes(heap[child]) { child += 1 }
                guard heap[child].precedes(entry) else { break }
                heap[hole] = heap[child]
                hole = child
            }
            heap[hole] = entry
        }
    }
}
