/// The most recent `capacity` elements, oldest first.
///
/// Kept in chunks (`ChunkedArray`): a session keeps the kiosk as it was before each
/// transaction, and with one plain array the first order after that copy would copy the
/// whole history. In chunks it copies the one chunk the order lands in.
public struct RingBuffer<Element> {
    public let capacity: Int
    private var storage = ChunkedArray<Element>()
    private var head = 0

    public init(capacity: Int) {
        precondition(capacity > 0, "a ring buffer holds at least one element")
        self.capacity = capacity
    }

    public var count: Int { storage.count }

    public mutating func append(_ element: Element) {
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[head] = element
            head = head + 1 == capacity ? 0 : head + 1
        }
    }

    /// Up to `n` of the newest elements, oldest first.
    public func suffix(_ n: Int) -> [Element] {
        let n = Swift.min(Swift.max(0, n), storage.count)
        var result: [Element] = []
        result.reserveCapacity(n)
        for offset in (storage.count - n)..<storage.count {
            let index = head + offset
            result.append(storage[index < storage.count ? index : index - storage.count])
        }
        return result
    }

    public var elements: [Element] { suffix(count) }

    /// The newest element `predicate` holds for, looked for from the newest back in place:
    /// no copy of the elements, so finding a recent one costs a step or two.
    public func last(where predicate: (Element) throws -> Bool) rethrows -> Element? {
        try lastPosition(where: predicate).map { storage[$0] }
    }

    /// Changes the newest element `predicate` holds for, in place. Whether one did.
    @discardableResult
    public mutating func updateLast(where predicate: (Element) -> Bool, _ change: (inout Element) -> Void) -> Bool {
        guard let position = lastPosition(where: predicate) else { return false }
        var element = storage[position]
        change(&element)
        storage[position] = element
        return true
    }

    /// Where in `storage` the newest element `predicate` holds for is.
    private func lastPosition(where predicate: (Element) throws -> Bool) rethrows -> Int? {
        var offset = storage.count - 1
        while offset >= 0 {
            let index = head + offset
            let position = index < storage.count ? index : index - storage.count
            if try predicate(storage[position]) { return position }
            offset -= 1
        }
        return nil
    }
}

extension RingBuffer: Sendable where Element: Sendable {}

extension RingBuffer: Sequence {
    public func makeIterator() -> IndexingIterator<[Element]> {
        elements.makeIterator()
    }
}
