import KioskText

/// Appends the journal's binary primitives to bytes it owns: LEB128 varints, zigzag for
/// signed values, length-prefixed UTF-8 strings, fixed big-endian words.
///
/// The bytes are raw memory grown by doubling and written through a pointer: each
/// primitive checks the room once, where an array checks its uniqueness and capacity on
/// every append — the journal writes a record per command on the order path. Not
/// copyable: one owner writes, and the memory goes with it.
package struct ByteWriter: ~Copyable, ByteOutput {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// How many bytes are written.
    package private(set) var count = 0

    package init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
    }

    /// A writer that starts with `bytes`.
    package init(into bytes: [UInt8]) {
        self.init(capacity: bytes.count + 64)
        bytes.withUnsafeBytes { append($0) }
    }

    deinit {
        base.deallocate()
    }

    /// A copy of what is written.
    package var bytes: [UInt8] {
        [UInt8](UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Forgets what is written and keeps the memory.
    package mutating func removeAll() {
        count = 0
    }

    /// Reads the bytes from `start` on.
    package func withUnsafeBytes<Result>(from start: Int = 0, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(start: base + start, count: count - start))
    }

    /// Makes room for `more` bytes.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if capacity - count < more { grow(more) }
    }

    private mutating func grow(_ more: Int) {
        var target = capacity * 2
        while target - count < more { target *= 2 }
        let larger = UnsafeMutableRawPointer.allocate(byteCount: target, alignment: 8)
        larger.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = larger
        capacity = target
    }

    @inline(__always)
    package mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress, !raw.isEmpty else { return }
        reserve(raw.count)
        ReservedBytes.copy(source, to: base + count, count: raw.count)
        count += raw.count
    }

    @inline(__always)
    package mutating func byte(_ value: UInt8) {
        reserve(1)
        base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inline(__always)
    package mutating func varint(_ value: UInt64) {
        reserve(10)
        count = ReservedBytes.varint(value, at: base, count)
    }

    @inline(__always)
    package mutating func word(_ value: UInt64) {
        reserve(8)
        base.storeBytes(of: value.bigEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    /// Writes with `body` into the room after what is written, `room` bytes at least, and
    /// keeps what it wrote unless that did not fit. Returns whether it fit.
    ///
    /// `body` writes calling nothing (see `ReservedBytes`): an encoder reading an event's
    /// fields in place through it retains none of them.
    @inline(__always)
    package mutating func withReserved(_ room: Int, _ body: (inout ReservedBytes) -> Void) -> Bool {
        reserve(room)
        var reserved = ReservedBytes(base: base, capacity: capacity, count: count)
        body(&reserved)
        guard !reserved.overflowed else { return false }
        count = reserved.count
        return true
    }

    // MARK: Frames

    /// Appends `value` in little-endian order (a frame's header, not a record's body).
    package mutating func littleEndian(_ value: UInt64) {
        reserve(8)
        base.storeBytes(of: value.littleEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    /// Appends `count` zeros, to be filled in later with `store(littleEndian:at:)`.
    package mutating func zeros(_ count: Int) {
        reserve(count)
        (base + self.count).initializeMemory(as: UInt8.self, repeating: 0, count: count)
        self.count += count
    }

    /// Overwrites four bytes written earlier, at `offset`, in little-endian order.
    package mutating func store(littleEndian value: UInt32, at offset: Int) {
        precondition(offset >= 0 && offset + 4 <= count, "a frame header outside the written bytes")
        base.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
    }
}

/// Reads what `ByteWriter` wrote, checking every bound: a malformed record throws, it
/// never traps.
package struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int

    package init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var isAtEnd: Bool { offset >= bytes.count }

    package mutating func byte() throws(RecordDecodingError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func varint() throws(RecordDecodingError) -> UInt64 {
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

    package mutating func signed() throws(RecordDecodingError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    package mutating func int() throws(RecordDecodingError) -> Int {
        Int(try signed())
    }

    /// A count of things that follow, each at least `minimumBytes` long: bounded by what is
    /// left, so a corrupt count cannot make the reader reserve memory it does not need.
    package mutating func count(minimumBytes: Int = 1) throws(RecordDecodingError) -> Int {
        let value = try varint()
        guard value <= UInt64(bytes.count - offset) / UInt64(max(minimumBytes, 1)) else { throw .malformed("a count is larger than the record") }
        return Int(value)
    }

    package mutating func word() throws(RecordDecodingError) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw .truncated }
        defer { offset += 8 }
        return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    package mutating func string() throws(RecordDecodingError) -> String {
        let slice = try stringBytes()
        // The record's checksum vouches for its bytes; anything not UTF-8 is repaired, never trusted.
        return String(decoding: slice.bindMemory(to: UInt8.self), as: UTF8.self)
    }

    /// A count, then that many strings.
    package mutating func strings() throws(RecordDecodingError) -> [String] {
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
        case .truncated: tr("the record ends early")
        case .malformed(let what): what
        case .unknownEntry(let tag): tr("unknown entry type {tag}", ["tag": tag])
        }
    }
}
