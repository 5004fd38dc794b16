/// The journal's formats written out by hand, byte by byte as docs/STATE.md gives them: what
/// a test expects the codecs to write.
public enum FormatBytes {
    public static func varint(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        var value = value
        repeat {
            bytes.append(UInt8(value & 0x7F) | (value >= 0x80 ? 0x80 : 0))
            value >>= 7
        } while value > 0
        return bytes
    }

    public static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: value < 0 ? ~(value << 1) : value << 1)
    }

    public static func string(_ text: String) -> [UInt8] {
        varint(UInt64(text.utf8.count)) + Array(text.utf8)
    }

    public static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * $0)) }
    }
}
