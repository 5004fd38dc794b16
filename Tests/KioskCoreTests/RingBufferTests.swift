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
}
