/// Agenda entries scheduled in time order — each at or after the one before — kept first
/// in, first out: a fixed patience's timeouts (each `now + patience`, and `now` never goes
/// back), a fixed lead time's refills.
///
/// A ring that grows to the most entries ever pending and keeps its storage, so steady
/// state allocates nothing; appending and taking the first are O(1), where a heap pays
/// O(log n) for each. `EventQueue` sends an entry here only when it keeps the order.
struct OrderedLane: Sendable {
    private var storage: [EventQueue.Entry] = []
    private var head = 0
    private(set) var count = 0
    /// The time of the last entry appended: a later one must not be earlier.
    private(set) var lastTime: Int64 = .min

    var isEmpty: Bool { count == 0 }

    /// The entry appended first of those still here.
    var first: EventQueue.Entry? { count > 0 ? storage[head] : nil }

    /// Whether an entry at `time` keeps the lane in order of time.
    func accepts(_ time: Int64) -> Bool { time >= lastTime }

    /// - Precondition: `accepts(entry.time)`, and `entry` comes after every entry appended
    ///   before it (a later sequence number).
    mutating func append(_ entry: EventQueue.Entry) {
        if count == storage.count { grow(with: entry) }
        var tail = head + count
        if tail >= storage.count { tail -= storage.count }
        storage[tail] = entry
        count += 1
        lastTime = entry.time
    }

    /// Removes the first entry; the lane must not be empty.
    mutating func removeFirst() {
        head += 1
        if head == storage.count { head = 0 }
        count -= 1
    }

    /// Twice the room, the entries moved to the front in order; `filler` fills the rest.
    private mutating func grow(with filler: EventQueue.Entry) {
        var larger = Array(repeating: filler, count: max(16, storage.count * 2))
        var index = head
        for offset in 0..<count {
            larger[offset] = storage[index]
            index += 1
            if index == storage.count { index = 0 }
        }
        storage = larger
        head = 0
    }
}
