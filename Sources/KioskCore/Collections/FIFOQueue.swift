/// First in, first out: a ring that grows to the most elements ever queued and keeps its
/// storage, so appending and removing the front are O(1) and a queue in steady state
/// allocates nothing.
///
/// A removed element stays in the storage until the ring comes round to its place again:
/// meant for plain values (numbers, entries of plain values), which keep nothing alive.
/// Inlinable: the simulator's agenda, in another module, is its hottest user.
public struct FIFOQueue<Element> {
    @usableFromInline var storage: [Element] = []
    @usableFromInline var head = 0
    @usableFromInline var length = 0

    @inlinable
    public init() {}

    @inlinable public var count: Int { length }
    @inlinable public var isEmpty: Bool { length == 0 }

    /// The element appended first of those still here.
    @inlinable public var first: Element? { length > 0 ? storage[head] : nil }

    @inlinable
    public mutating func append(_ element: Element) {
        if length == storage.count { grow(with: element) }
        var tail = head + length
        if tail >= storage.count { tail -= storage.count }
        storage[tail] = element
        length += 1
    }

    /// Removes and returns the first element; `nil` when the queue is empty.
    @inlinable @discardableResult
    public mutating func removeFirst() -> Element? {
        guard length > 0 else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count { head = 0 }
        length -= 1
        return element
    }

    /// The elements, front first.
    public var elements: [Element] {
        (0..<length).map { offset in
            let index = head + offset
            return storage[index < storage.count ? index : index - storage.count]
        }
    }

    /// Twice the room, the elements moved to the front in order; `filler` fills the rest
    /// (no optional per element).
    @inlinable
    mutating func grow(with filler: Element) {
        var larger = Array(repeating: filler, count: Swift.max(16, storage.count * 2))
        var index = head
        for offset in 0..<length {
            larger[offset] = storage[index]
            index += 1
            if index == storage.count { index = 0 }
        }
        storage = larger
        head = 0
    }
}

extension FIFOQueue: Sendable where Element: Sendable {}
