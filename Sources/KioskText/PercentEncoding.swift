/// Percent-encoding (RFC 3986 §2.1): the one writer of `%XX` and the one reader of it.
///
/// Encoding writes each byte a form does not keep as `%XX` of its UTF-8, upper-case: a
/// URL's path segment keeps the unreserved bytes, a CloudEvents header value keeps the
/// printable ones. Decoding is done by kiosk, not a library, so that an encoded `/` in a
/// name stays inside its segment.
public enum PercentEncoding {
    /// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// `text` with every byte `keeps` refuses written as `%XX`; `text` itself when it
    /// keeps them all.
    public static func encode(_ text: String, keeping keeps: (UInt8) -> Bool = isUnreserved) -> String {
        guard !text.utf8.allSatisfy(keeps) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if keeps(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), Hex.uppercaseDigit(byte >> 4), Hex.uppercaseDigit(byte & 0xF)]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text `encoded` stands for; `nil` for a `%` not followed by two hex digits, or
    /// bytes that are not UTF-8. With `plusIsSpace` (a query), `+` is a space.
    public static func decode(_ encoded: some StringProtocol, plusIsSpace: Bool = false) -> String? {
        let utf8 = Array(encoded.utf8)
        guard utf8.contains(UInt8(ascii: "%")) || (plusIsSpace && utf8.contains(UInt8(ascii: "+"))) else { return String(encoded) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = Hex.value(of: utf8[index + 1]), let low = Hex.value(of: utf8[index + 2]) else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? 0x20 : byte)
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
