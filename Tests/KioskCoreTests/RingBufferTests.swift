import KioskCore
import Testing

@Suite struct RingBufferTests {
    @Test func aRingBufferCopyKeepsItsOwnHistory() {
        var ring = RingBuffer<Int>(capacity: 100)
        for value in 0..<150 { ring.append(value) }
        let kept = ring
        ring.append(150)
        #expect(kept.elements == Array(50..<150))
        #expect(ring.elements == Array(51...150))
        #expect(ring.suffix(3) == [148, 149, 150])
    }

    @Test func copiesTakenAsTheRingWrapsAroundKeepTheirOwnElements() {
        var ring = RingBuffer<Int>(capacity: 130)
        var copies: [(RingBuffer<Int>, [Int])] = []
        for value in 0..<700 {
            ring.append(value)
            if value % 97 == 0 { copies.append((ring, Array(max(0, value - 129)...value))) }
        }
        #expect(ring.elements == Array(570..<700))
        #expect(ring.suffix(0) == [])
        #expect(ring.suffix(500) == Array(570..<700))
        for (copy, expected) in copies {
            #expect(copy.elements == expected)
            #expect(copy.suffix(2) == Array(expected.suffix(2)))
        }
    }

    @Test func theLastMatchIsFoundFromTheNewestBackAcrossTheWrap() {
        var ring = RingBuffer<Int>(capacity: 10)
        #expect(ring.last { _ in true } == nil)
        for value in 0..<25 { ring.append(value) }
        // 15…24 are kept, the newest at the ring's start after the wrap.
        #expect(ring.last { $0 % 7 == 0 } == 21)
        #expect(ring.last { $0 < 17 } == 16)
        #expect(ring.last { $0 == 15 } == 15)
        #expect(ring.last { $0 == 14 } == nil, "gone from the ring")
        #expect(ring.last { _ in true } == ring.elements.last)
    }
}
