import KioskCore
@testable import KioskRecords
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
        var generator = SplitMix64(seed: 10)
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
}
