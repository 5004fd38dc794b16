import KioskCore

/// Agenda entries scheduled in time order — each at or after the one before — kept first
/// in, first out: a fixed patience's timeouts (each `now + patience`, and `now` never goes
/// back), a fixed lead time's refills.
///
/// A `FIFOQueue` that remembers the last time appended: appending and taking the first
/// are O(1), where a heap pays O(log n) for each. `EventQueue` sends an entry here only
/// when it keeps the order.
struct OrderedLane: Sendable {
    private var queue = FIFOQueue<EventQueue.Entry>()
    /// The time of the last entry appended: a later one must not be earlier.
    private(set) var lastTime: Int64 = .min

    var count: Int { queue.count }
    var isEmpty: Bool { queue.isEmpty }

    /// The entry appended first of those still here.
    var first: EventQueue.Entry? { queue.first }

    /// Whether an entry at `time` keeps the lane in order of time.
    func accepts(_ time: Int64) -> Bool { time >= lastTime }

    /// - Precondition: `accepts(entry.time)`, and `entry` comes after every entry appended
    ///   before it (a later sequence number).
    mutating func append(_ entry: EventQueue.Entry) {
        queue.append(entry)
        lastTime = entry.time
    }

    /// Removes the first entry.
    mutating func removeFirst() {
        queue.removeFirst()
    }
}
