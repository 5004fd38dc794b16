/// The most recent `capacity` elements, oldest first.
///
/// Chunked, so that a copy (the kiosk a transaction keeps) and the next append cost a
/// chunk, not the whole history.
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
            head = (head + 1) % capacity
        }
    }

    /// Up to `n` of the newest elements, oldest first.
    public func suffix(_ n: Int) -> [Element] {
        let all = Array(storage[head...]) + Array(storage[..<head])
        return Array(all.suffix(Swift.max(0, n)))
    }

    public var elements: [Element] { suffix(count) }
}

extension RingBuffer: Sendable where Element: Sendable {}

extension RingBuffer: Sequence {
    public func makeIterator() -> IndexingIterator<[Element]> {
        elements.makeIterator()
    }
}
