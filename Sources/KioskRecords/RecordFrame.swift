import KioskCore
import KioskText

/// How a record sits in a journal segment: a 16-byte header, then the body.
///
/// ```
/// 0   u32 LE  body length (0: no record here — the end of the written journal)
/// 4   u32 LE  CRC-32C of bytes 8 ..< 16 + length
/// 8   u64 LE  the position of the first record of the record's commit group
/// 16  body    RecordCodec's format
/// ```
///
/// The group start tells a torn tail from corruption: records written by one commit share
/// it, and a commit is written only after the one before it was made durable. So a good
/// record after a bad one that belongs to a *later* group means the bad one had been
/// durable — corruption — while one of the *same* group means the commit was cut short.
package enum RecordFrame {
    package static let headerSize = 16
    /// No record is larger: a length beyond it is damage, not a record.
    package static let maximumBodySize = 64 << 20

    /// Appends a frame whose body `writeBody` appends in place: no copy of the body.
    package static func append(groupStart: UInt64, to writer: inout ByteWriter, _ writeBody: (inout ByteWriter) -> Void) {
        let start = writer.count
        writer.zeros(8)
        writer.littleEndian(groupStart)
        writeBody(&writer)
        let length = UInt32(writer.count - start - headerSize)
        let crc = writer.withUnsafeBytes(from: start + 8) { Checksum.crc32c($0) }
        writer.store(littleEndian: length, at: start)
        writer.store(littleEndian: crc, at: start + 4)
    }

    /// What the bytes at the start of `buffer` are.
    package enum Parsed {
        /// A whole, good record: its body and its frame's length.
        case record(body: UnsafeRawBufferPointer, groupStart: UInt64, frameSize: Int)
        /// Zeros where a header would be: nothing written here yet.
        case end
        /// A header whose record does not fit in `buffer`: read more (or, at the end of the
        /// file, a record cut short).
        case incomplete(frameSize: Int)
        /// Not a record: a bad length or checksum.
        case damaged(String)
    }

    package static func parse(_ buffer: UnsafeRawBufferPointer) -> Parsed {
        guard buffer.count >= headerSize else { return .incomplete(frameSize: headerSize) }
        let length = Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
        let crc = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        let groupStart = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if length == 0 {
            return crc == 0 && groupStart == 0 ? .end : .damaged(tr("a record header with no body"))
        }
        guard length <= maximumBodySize else { return .damaged(tr("a record length of {length} bytes", ["length": length])) }
        let frameSize = headerSize + length
        guard buffer.count >= frameSize else { return .incomplete(frameSize: frameSize) }
        let actual = Checksum.crc32c(UnsafeRawBufferPointer(rebasing: buffer[8..<frameSize]))
        guard actual == crc else { return .damaged(tr("a checksum mismatch")) }
        return .record(body: UnsafeRawBufferPointer(rebasing: buffer[headerSize..<frameSize]), groupStart: groupStart, frameSize: frameSize)
    }
}
