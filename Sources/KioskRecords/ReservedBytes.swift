import KioskCore

/// Bytes written into room a `ByteWriter` reserved, through a pointer, calling nothing.
///
/// That is the point: a call the compiler cannot see through — a writer growing frees
/// memory — makes it retain every field of an event before reading it, in case the call
/// frees the event; with no such call it reads them in place. What does not fit is not
/// written and marks the attempt `overflowed`: the caller writes it again with the
/// writer, which grows.
package struct ReservedBytes: ~Copyable, ByteOutput {
    private let base: UnsafeMutableRawPointer
    private let capacity: Int
    package private(set) var count: Int
    private(set) var overflowed = false

    init(base: UnsafeMutableRawPointer, capacity: Int, count: Int) {
        self.base = base
        self.capacity = capacity
        self.count = count
    }

    @inline(__always)
    private mutating func fits(_ more: Int) -> Bool {
        if capacity - count >= more { return true }
        overflowed = true
        return false
    }

    @inline(__always)
    package mutating func byte(_ value: UInt8) {
        guard fits(1) else { return }
        base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inline(__always)
    package mutating func varint(_ value: UInt64) {
        guard fits(10) else { return }
        count = ReservedBytes.varint(value, at: base, count)
    }

    @inline(__always)
    package mutating func word(_ value: UInt64) {
        guard fits(8) else { return }
        base.storeBytes(of: value.bigEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    @inline(__always)
    package mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress, !raw.isEmpty, fits(raw.count) else { return }
        ReservedBytes.copy(source, to: base + count, count: raw.count)
        count += raw.count
    }

    /// Copies `count` bytes: a name of up to 16 bytes, the usual string of a record, as two
    /// overlapping words or a few bytes, without calling `memcpy`.
    @inline(__always)
    static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        if count >= 8, count <= 16 {
            let first = source.loadUnaligned(as: UInt64.self)
            let last = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
        } else if count < 8 {
            for offset in 0..<count {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        } else {
            target.copyMemory(from: source, byteCount: count)
        }
    }

    /// Stores `value` as a LEB128 varint at `offset`, which has room for ten bytes;
    /// returns the offset after it.
    @inline(__always)
    static func varint(_ value: UInt64, at base: UnsafeMutableRawPointer, _ offset: Int) -> Int {
        var value = value
        var position = offset
        while value >= 0x80 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: value) | 0x80, toByteOffset: position, as: UInt8.self)
            position += 1
            value >>= 7
        }
        base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: position, as: UInt8.self)
        return position + 1
    }
}
