/// First in, first out: append and remove the front in amortized O(1).
public struct FIFOQueue<Element> {
    private var storage: [Element] = []
    private var head = 0

    public init() {}

    public var isEmpty: Bool { head == storage.count }
    public var count: Int { storage.count - head }
    public var first: Element? { isEmpty ? nil : storage[head] }

    public mutating func append(_ element: Element) {
        storage.append(element)
    }

    @discardableResult
    public mutating func removeFirst() -> Element? {
        guard !isEmpty else { return nil }
        let element = storage[head]
        head += 1
        // Drop the consumed front once it is most of the storage: amortized O(1).
        if head >= 64, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// The elements, front first.
    public var elements: ArraySlice<Element> { storage[head...] }
}

extension FIFOQueue: Sendable where Element: Sendable {}
