import KioskCore
import Testing

@Suite struct FIFOQueueTests {
    @Test func elementsComeOutFirstInFirstOutAcrossGrowthAndWrapping() {
        var queue = FIFOQueue<Int>()
        var expected: [Int] = []
        var popped: [Int] = []
        var next = 0
        // Appends outpace removals, so the ring wraps and then grows while wrapped.
        for round in 0..<40 {
            for _ in 0..<(round % 3 + 1) {
                queue.append(next)
                expected.append(next)
                next += 1
            }
            #expect(queue.elements == Array(expected[popped.count...]))
            if let first = queue.first {
                popped.append(first)
                #expect(queue.removeFirst() == first)
            }
        }
        #expect(queue.count == expected.count - popped.count)
        while let first = queue.removeFirst() { popped.append(first) }
        #expect(popped == expected)
        #expect(queue.isEmpty)
        #expect(queue.first == nil)
        #expect(queue.removeFirst() == nil)
    }

    @Test func anEmptiedQueueFillsAgainInOrder() {
        var queue = FIFOQueue<Int>()
        for value in 0..<20 { queue.append(value) }
        while queue.removeFirst() != nil {}
        for value in 100..<150 { queue.append(value) }
        #expect(queue.elements == Array(100..<150))
    }
}
