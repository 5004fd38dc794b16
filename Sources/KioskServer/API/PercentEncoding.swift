import KioskText

/// Percent-decoding of a path segment or a query's value (RFC 3986), done by kiosk so that
/// an encoded `/` in a name stays inside its segment.
public enum PercentEncoding {
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
