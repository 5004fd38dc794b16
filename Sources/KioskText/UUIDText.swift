/// A UUID's canonical text (RFC 9562): `8-4-4-4-12` lower-case hexadecimal digits from
/// its two 64-bit halves — the one writer and reader of it, for an event id's `description` and its
/// JSON alike.
public enum UUIDText {
    /// The text's length in bytes.
    public static let length = 36

    /// The two halves of a UUID in its canonical `8-4-4-4-12` form, in either case, from
    /// its UTF-8 bytes; `nil` for anything else.
    public static func parse(utf8 bytes: ArraySlice<UInt8>) -> (high: UInt64, low: UInt64)? {
        guard bytes.count == length else { return nil }
        return bytes.withUnsafeBufferPointer { text -> (UInt64, UInt64)? in
            var value: (UInt64, UInt64) = (0, 0)
            for offset in 0..<length {
                let byte = text[offset]
                if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                    guard byte == UInt8(ascii: "-") else { return nil }
                    continue
                }
                guard let nibble = Hex.value(of: byte) else { return nil }
                if offset < 19 {
                    value.0 = value.0 << 4 | UInt64(nibble)
                } else {
                    value.1 = value.1 << 4 | UInt64(nibble)
                }
            }
            return value
        }
    }

    /// The text of the UUID whose high and low halves are given.
    public static func string(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: length) { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            write(high: high, low: low, to: start)
            return length
        }
    }

    /// Writes the text's `length` bytes from `start`, group by group: `JSONWriter` writes
    /// it straight into its own room, since every event carries one.
    @inlinable
    public static func write(high: UInt64, low: UInt64, to start: UnsafeMutablePointer<UInt8>) {
        hex(high >> 32, digits: 8, to: start)
        start[8] = UInt8(ascii: "-")
        hex(high >> 16, digits: 4, to: start + 9)
        start[13] = UInt8(ascii: "-")
        hex(high, digits: 4, to: start + 14)
        start[18] = UInt8(ascii: "-")
        hex(low >> 48, digits: 4, to: start + 19)
        start[23] = UInt8(ascii: "-")
        hex(low, digits: 12, to: start + 24)
    }

    /// The low `digits` nibbles of `value`, from `start`.
    @inlinable
    static func hex(_ value: UInt64, digits: Int, to start: UnsafeMutablePointer<UInt8>) {
        var rest = value
        var index = digits - 1
        while index >= 0 {
            start[index] = Hex.lowercaseDigit(UInt8(truncatingIfNeeded: rest) & 0xF)
            rest >>= 4
            index -= 1
        }
    }
}
