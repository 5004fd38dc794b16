/// A binary min-heap: the smallest element in O(1), insertion and removal in O(log n).
public struct BinaryHeap<Element: Comparable> {
    public private(set) var elements: [Element] = []

    public init() {}

    public init(_ elements: [Element]) {
        for element in elements { push(element) }
    }

    public var count: Int { elements.count }
    public var isEmpty: Bool { elements.isEmpty }
    /// The smallest element.
    public var min: Element? { elements.first }

    public mutating func push(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the smallest element.
    @discardableResult
    public mutating func pop() -> Element? {
        guard let first = elements.first else { return nil }
        let last = elements.removeLast()
        guard !elements.isEmpty else { return first }
        elements[0] = last
        siftDownFromTop()
        return first
    }

    /// Replaces the smallest element with `element` (or adds it to an empty heap): a pop
    /// and a push in one pass down.
    public mutating func replaceMin(with element: Element) {
        guard !elements.isEmpty else { return push(element) }
        elements[0] = element
        siftDownFromTop()
    }

    /// Moves the first element down until neither child is smaller.
    private mutating func siftDownFromTop() {
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < elements.count else { break }
            let right = left + 1
            let child = right < elements.count && elements[right] < elements[left] ? right : left
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            parent = child
        }
    }

    /// Empties the heap, keeping its storage.
    public mutating func removeAll() {
        // One by one: a station's projection (a few hands) is emptied at most arrivals,
        // and `removeAll(keepingCapacity:)` costs more than a few `removeLast`.
        while !elements.isEmpty { elements.removeLast() }
    }

    /// Makes the heap `count` elements that `fill` writes in ascending order — a sorted
    /// array is a heap as it is — into storage of that many, reused: a station's
    /// projection of a few hands is made afresh at most arrivals, and pushing each hand
    /// costs more.
    public mutating func assignAscending(count: Int, placeholder: Element, _ fill: (UnsafeMutableBufferPointer<Element>) -> Void) {
        if elements.count != count {
            removeAll()
            elements.append(contentsOf: repeatElement(placeholder, count: count))
        }
        elements.withUnsafeMutableBufferPointer { fill($0) }
    }

    /// The elements in ascending order, for comparing two heaps by content.
    public var sorted: [Element] { elements.sorted() }
}

extension BinaryHeap: Sendable where Element: Sendable {}
