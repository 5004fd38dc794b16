/// The virtual clock's agenda: a binary min-heap of timed entries, earliest first, and
/// among entries at the same time, the first scheduled first.
///
/// Ties are broken by a sequence number given at insertion, so simultaneous events happen
/// in the order they were scheduled — the same on every run and every machine. Nothing
/// sleeps: the clock jumps to the next entry's time. Storage grows to the most entries
/// ever pending and is kept, so a simulation in steady state schedules without allocating.
/// Not generic: unspecialised generic code is slow in debug builds, where the tests run
/// long simulations.
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
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    var count: Int { heap.count }
    var isEmpty: Bool { heap.isEmpty }
    /// The time of the earliest entry.
    var nextTime: Int64? { heap.first?.time }

    mutating func schedule(_ payload: Scheduled, at time: Int64) {
        let entry = Entry(time: time, sequence: nextSequence, payload: payload)
        nextSequence &+= 1
        heap.append(entry)
        siftUp(from: heap.count - 1)
    }

    /// Removes and returns the earliest entry.
    mutating func popFirst() -> Entry? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            siftDown(last)
        }
        return first
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
