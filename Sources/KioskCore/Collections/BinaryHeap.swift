/// A binary min-heap: the smallest element in O(1), insertion and removal in O(log n).
///
/// Elements move into a hole rather than by swaps: one store a level, not three.
/// Inlinable: the simulator's agenda, in another module, is its hottest user.
public struct BinaryHeap<Element: Comparable> {
    @usableFromInline var storage: [Element] = []

    @inlinable
    public init() {}

    public init(_ elements: [Element]) {
        for element in elements { push(element) }
    }

    /// The elements in heap order (the smallest first, the rest in no useful order).
    @inlinable public var elements: [Element] { storage }
    @inlinable public var count: Int { storage.count }
    @inlinable public var isEmpty: Bool { storage.isEmpty }
    /// The smallest element.
    @inlinable public var min: Element? { storage.first }

    @inlinable
    public mutating func push(_ element: Element) {
        storage.append(element)
        var heap = storage.mutableSpan
        var hole = heap.count - 1
        while hole > 0 {
            let parent = (hole - 1) / 2
            guard element < heap[parent] else { break }
            heap[hole] = heap[parent]
            hole = parent
        }
        heap[hole] = element
    }

    /// Removes and returns the smallest element.
    @inlinable @discardableResult
    public mutating func pop() -> Element? {
        guard let first = storage.first else { return nil }
        let last = storage.removeLast()
        if !storage.isEmpty { siftDown(last) }
        return first
    }

    /// Replaces the smallest element with `element` (or adds it to an empty heap): a pop
    /// and a push in one pass down.
    @inlinable
    public mutating func replaceMin(with element: Element) {
        guard !storage.isEmpty else { return push(element) }
        siftDown(element)
    }

    /// Puts `element` into the hole at the root, moving the smaller child up each level.
    @inlinable
    mutating func siftDown(_ element: Element) {
        var heap = storage.mutableSpan
        let count = heap.count
        var hole = 0
        while true {
            var child = 2 * hole + 1
            guard child < count else { break }
            if child + 1 < count, heap[child + 1] < heap[child] { child += 1 }
            guard heap[child] < element else { break }
            heap[hole] = heap[child]
            hole = child
        }
        heap[hole] = element
    }

    /// Empties the heap, keeping its storage.
    @inlinable
    public mutating func removeAll() {
        // One by one: a station's projection (a few hands) is emptied at most arrivals,
        // and `removeAll(keepingCapacity:)` costs more than a few `removeLast`.
        while !storage.isEmpty { storage.removeLast() }
    }

    /// Makes the heap `count` elements that `fill` writes in ascending order — a sorted
    /// array is a heap as it is — into storage of that many, reused: a station's
    /// projection of a few hands is made afresh at most arrivals, and pushing each hand
    /// costs more.
    public mutating func assignAscending(count: Int, placeholder: Element, _ fill: (inout MutableSpan<Element>) -> Void) {
        if storage.count != count {
            removeAll()
            storage.append(contentsOf: repeatElement(placeholder, count: count))
        }
        var elements = storage.mutableSpan
        fill(&elements)
    }

    /// The elements in ascending order, for comparing two heaps by content.
    public var sorted: [Element] { storage.sorted() }
}

extension BinaryHeap: Sendable where Element: Sendable {}
