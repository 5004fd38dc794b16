/// Where an encoder writes the journal's primitives: `ByteWriter`, which grows, or
/// `ReservedBytes`, which writes into room reserved ahead and calls nothing.
package protocol ByteOutput: ~Copyable {
    /// How many bytes are written: where the next one goes.
    var count: Int { get }
    mutating func byte(_ value: UInt8)
    mutating func varint(_ value: UInt64)
    /// A fixed 8-byte word, big-endian.
    mutating func word(_ value: UInt64)
    mutating func append(_ raw: UnsafeRawBufferPointer)
}

extension ByteOutput where Self: ~Copyable {
    /// A count, stock or quantity: never negative in a valid state, but written whole.
    @inline(__always)
    package mutating func int(_ value: Int) {
        signed(Int64(value))
    }

    @inline(__always)
    package mutating func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    @inline(__always)
    package mutating func string(_ value: String) {
        // Native and small strings lend their UTF-8 in place, without a copy of the string.
        let written: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
            varint(UInt64(utf8.count))
            append(UnsafeRawBufferPointer(utf8))
        }
        if written == nil {
            varint(UInt64(value.utf8.count))
            for byte in value.utf8 { self.byte(byte) }
        }
    }

    /// A count, then that many strings.
    package mutating func strings(_ values: [String]) {
        varint(UInt64(values.count))
        for index in values.indices { string(values[index]) }
    }
}
