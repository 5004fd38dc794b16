/// The most recent `capacity` elements, oldest first.
public struct RingBuffer<Element> {
    public let capacity: Int
    private var storage: [Element] = []
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
        let all = Array(storage[head...] + storage[..<head])
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
