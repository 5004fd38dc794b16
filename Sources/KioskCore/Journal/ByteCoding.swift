/// Appends the journal's binary primitives to a byte buffer: LEB128 varints, zigzag for
/// signed values, length-prefixed UTF-8 strings, fixed big-endian words.
struct ByteWriter {
    var bytes: [UInt8]

    init(into bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// A count, stock or quantity: never negative in a valid state, but written whole.
    mutating func int(_ value: Int) {
        signed(Int64(value))
    }

    mutating func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func word(_ value: UInt64) {
        // One append of eight bytes: byte by byte, each append checks the buffer again.
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A count, then that many strings.
    mutating func strings(_ values: [String]) {
        varint(UInt64(values.count))
        for value in values { string(value) }
    }
}

/// Reads what `ByteWriter` wrote, checking every bound: a malformed record throws, it
/// never traps.
struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() throws(RecordDecodingError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func varint() throws(RecordDecodingError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64, shift < 63 || next <= 1 else { throw .malformed("a number is too long") }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    mutating func signed() throws(RecordDecodingError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    mutating func int() throws(RecordDecodingError) -> Int {
        Int(try signed())
    }

    /// A count of things that follow, each at least `minimumBytes` long: bounded by what is
    /// left, so a corrupt count cannot make the reader reserve memory it does not need.
    mutating func count(minimumBytes: Int = 1) throws(RecordDecodingError) -> Int {
        let value = try varint()
        guard value <= UInt64(bytes.count - offset) / UInt64(max(minimumBytes, 1)) else { throw .malformed("a count is larger than the record") }
        return Int(value)
    }

    mutating func word() throws(RecordDecodingError) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw .truncated }
        defer { offset += 8 }
        return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    mutating func string() throws(RecordDecodingError) -> String {
        let slice = try stringBytes()
        // The record's checksum vouches for its bytes; anything not UTF-8 is repaired, never trusted.
        return String(decoding: slice.bindMemory(to: UInt8.self), as: UTF8.self)
    }

    /// A count, then that many strings.
    mutating func strings() throws(RecordDecodingError) -> [String] {
        var values: [String] = []
        for _ in 0..<(try count()) { values.append(try string()) }
        return values
    }

    /// The bytes from `start` to where the reader is.
    func span(from start: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
    }

    /// Steps back over the last `count` bytes read, to read them again.
    mutating func rewind(by count: Int) {
        offset = max(0, offset - count)
    }

    /// Moves past `prefix` if the bytes at the reader are those; returns whether they were.
    mutating func skip(ifAt prefix: [UInt8]) -> Bool {
        guard !prefix.isEmpty, bytes.count - offset >= prefix.count else { return false }
        let same = prefix.withUnsafeBufferPointer { expected in
            var index = 0
            while index < expected.count, bytes[offset + index] == expected[index] { index += 1 }
            return index == expected.count
        }
        if same { offset += prefix.count }
        return same
    }

    /// The bytes of the next string, without making one.
    mutating func stringBytes() throws(RecordDecodingError) -> UnsafeRawBufferPointer {
        let length = try count()
        defer { offset += length }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
    }
}

/// A record the journal's format does not allow; the text says what.
public enum RecordDecodingError: Error, Sendable, Equatable {
    case truncated
    case malformed(String)
    case unknownEntry(UInt8)

    public var message: String {
        switch self {
        case .truncated: "the record ends early"
        case .malformed(let what): what
        case .unknownEntry(let tag): "unknown entry type \(tag)"
        }
    }
}
