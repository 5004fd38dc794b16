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
}
