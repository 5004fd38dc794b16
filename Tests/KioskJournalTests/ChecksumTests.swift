import KioskCore
@testable import KioskJournal
import Testing

/// The records' checksum: the processor's CRC-32C where there is one gives exactly the
/// tables' value, whatever the length and the alignment of the bytes.
@Suite struct ChecksumTests {
    @Test func theStandardCheckValue() {
        let check = Array("123456789".utf8)
        #expect(check.withUnsafeBytes { Checksum.crc32c($0) } == 0xE306_9283)
        #expect([UInt8](repeating: 0, count: 32).withUnsafeBytes { Checksum.crc32c($0) } == 0x8A91_36AA)
        #expect([UInt8]().withUnsafeBytes { Checksum.crc32c($0) } == 0)
    }

    @Test func everyLengthAndAlignmentAgreesWithTheTables() {
        var generator = SplitMix(seed: 10)
        let bytes = (0..<300).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        bytes.withUnsafeBytes { raw in
            for start in 0..<8 {
                for end in start...raw.count {
                    let slice = UnsafeRawBufferPointer(rebasing: raw[start..<end])
                    #expect(Checksum.crc32c(slice) == CRC32C.checksum(slice), "bytes \(start)..<\(end)")
                }
            }
        }
    }

    /// A small deterministic generator: the same bytes on every run.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
