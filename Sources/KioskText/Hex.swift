/// Hexadecimal digits, both ways, and the short fingerprints kiosk names files with.
public enum Hex {
    /// The digit of a nibble (0 to 15), lower-case: 10 is `a`.
    @inlinable
    public static func lowercaseDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The digit of a nibble (0 to 15), upper-case, as percent-encoding writes it: 10 is `A`.
    @inlinable
    public static func uppercaseDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    /// The value of a hex digit in either case; `nil` for any other byte.
    @inlinable
    public static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `value` as 16 lower-case digits, zero-padded.
    public static func padded(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// 16 hex digits of the 64-bit FNV-1a hash of `text`'s UTF-8: a short name that stays
    /// the same from run to run (Swift's own hashing is seeded per process).
    public static func fingerprint(of text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        return padded(hash)
    }
}
