@testable import KioskCore
import Testing

/// The binary heap's one-pass replacement of its smallest element, as promises use it.
@Suite struct BinaryHeapTests {
    @Test func replacingTheSmallestKeepsEveryOtherElementAndTheOrder() {
        var heap = BinaryHeap([5, 1, 9, 3, 7])
        heap.replaceMin(with: 8)
        #expect(heap.sorted == [3, 5, 7, 8, 9])
        #expect(heap.min == 3)
        var drained: [Int] = []
        while let next = heap.pop() { drained.append(next) }
        #expect(drained == [3, 5, 7, 8, 9])
        heap.replaceMin(with: 4)
        #expect(heap.sorted == [4])
    }

    /// A station's projection made afresh: what was there goes, the new elements are a heap
    /// (popped smallest first), whether the heap grows, shrinks or keeps its size.
    @Test func assigningInAscendingOrderReplacesEverythingWithAHeap() {
        var heap = BinaryHeap([40, 10, 30])
        for values in [[1, 1, 5, 8], [2, 9], [3, 3], []] {
            heap.assignAscending(count: values.count, placeholder: 0) { slots in
                for (index, value) in values.enumerated() { slots[index] = value }
            }
            #expect(heap.count == values.count)
            heap.replaceMin(with: 6)
            var drained: [Int] = []
            while let next = heap.pop() { drained.append(next) }
            #expect(drained == (values.dropFirst() + [6]).sorted(), "after assigning \(values)")
        }
    }
}
