import KioskCore
@testable import KioskRecords
import Testing

/// The journal's byte writer: raw memory it grows itself, read back by `ByteReader`.
@Suite struct ByteCodingTests {
    @Test func aWriterGrowsPastItsFirstCapacityAndKeepsEveryByteInOrder() throws {
        var writer = ByteWriter(capacity: 16)
        var values: [Int64] = []
        for index in 0..<5_000 {
            let value = Int64(index) * Int64(index) * (index.isMultiple(of: 2) ? 1 : -97)
            values.append(value)
            writer.signed(value)
            writer.string(index.isMultiple(of: 3) ? "딸기 \(index)" : "a juice with a name longer than fifteen bytes \(index)")
            writer.word(UInt64(index) << 40 | 0xAB)
            writer.byte(UInt8(truncatingIfNeeded: index))
        }
        let bytes = writer.bytes
        #expect(writer.count == bytes.count)
        let read = bytes.withUnsafeBytes { raw in
            Result { () throws(RecordDecodingError) -> Bool in
                var reader = ByteReader(raw)
                for (index, value) in values.enumerated() {
                    let text = index.isMultiple(of: 3) ? "딸기 \(index)" : "a juice with a name longer than fifteen bytes \(index)"
                    guard try reader.signed() == value, try reader.string() == text, try reader.word() == UInt64(index) << 40 | 0xAB,
                          try reader.byte() == UInt8(truncatingIfNeeded: index) else { return false }
                }
                return reader.isAtEnd
            }
        }
        #expect(try read.get(), "every value reads back, in order, and nothing follows")
    }

    @Test func varintsAreLittleEndianGroupsOfSevenBitsAndSignedOnesZigzag() {
        var writer = ByteWriter()
        writer.varint(0)
        writer.varint(127)
        writer.varint(128)
        writer.varint(.max)
        writer.signed(-1)
        writer.signed(1)
        writer.int(-65)
        #expect(writer.bytes == [0, 0x7F, 0x80, 0x01] + [UInt8](repeating: 0xFF, count: 9) + [0x01, 0x01, 0x02, 0x81, 0x01])
    }

    /// Strings are copied by length: byte by byte, as two overlapping words, or by
    /// `memcpy`. Every length across those ways, small strings and native ones, written
    /// growing or into reserved room, reads back as it was.
    @Test func aStringOfEveryLengthReadsBackWhicheverWayItWasCopied() throws {
        let texts = (0...40).map { length in String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) }) }
        var growing = ByteWriter(capacity: 16)
        for text in texts { growing.string(text) }
        var reserved = ByteWriter(capacity: 16)
        let fit = reserved.withReserved(4096) { room in
            for text in texts { room.string(text) }
        }
        #expect(fit)
        #expect(reserved.bytes == growing.bytes)
        let read = growing.bytes.withUnsafeBytes { raw in
            Result { () throws(RecordDecodingError) -> [String] in
                var reader = ByteReader(raw)
                var strings: [String] = []
                for _ in texts { strings.append(try reader.string()) }
                return strings
            }
        }
        #expect(try read.get() == texts)
    }

    @Test func whatDoesNotFitTheReservedRoomIsNotWritten() {
        var writer = ByteWriter(into: [1, 2])
        let fit = writer.withReserved(8) { room in
            room.string(String(repeating: "x", count: 5_000))
        }
        #expect(!fit)
        #expect(writer.bytes == [1, 2])
    }

    @Test func aFrameHeaderIsFilledInAfterItsBody() {
        var writer = ByteWriter(into: [9])
        writer.zeros(8)
        writer.littleEndian(0x0102_0304_0506_0708)
        writer.string("body")
        writer.store(littleEndian: 0xA1B2_C3D4, at: 1)
        #expect(writer.bytes == [9, 0xD4, 0xC3, 0xB2, 0xA1, 0, 0, 0, 0, 8, 7, 6, 5, 4, 3, 2, 1, 4] + Array("body".utf8))
        #expect(writer.withUnsafeBytes(from: 17) { Array($0) } == [4] + Array("body".utf8))
        writer.removeAll()
        #expect(writer.count == 0)
        writer.byte(5)
        #expect(writer.bytes == [5])
    }
}
