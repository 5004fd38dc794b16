/// JSON numbers as JSON Schema reads them: `2.0` and `2e3` are integers, as `2` is.
enum JSONNumber {
    /// The plain digits of a JSON number whose value is a whole number (`-12`, `3.00` →
    /// `3`, `1.5e1` → `15`); `nil` for a fraction, or a number written with more than 40
    /// digits before or after the point (no kiosk quantity is near that).
    static func integerText(_ text: String) -> String? {
        var utf8 = Substring(text).utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        let mantissaEnd = utf8.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? utf8.endIndex
        var exponent = 0
        if mantissaEnd != utf8.endIndex {
            guard let value = Int(String(decoding: utf8[utf8.index(after: mantissaEnd)...], as: UTF8.self)), abs(value) <= 40 else { return nil }
            exponent = value
        }
        let mantissa = utf8[..<mantissaEnd]
        let point = mantissa.firstIndex(of: UInt8(ascii: "."))
        var digits = Array(mantissa[..<(point ?? mantissa.endIndex)])
        let fraction = point.map { Array(mantissa[mantissa.index(after: $0)...]) } ?? []
        guard digits.count + fraction.count <= 40, (digits + fraction).allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), !digits.isEmpty else { return nil }
        digits += fraction
        // The point sits after `whole` digits.
        let whole = digits.count - fraction.count + exponent
        guard whole >= 0 else { return digits.allSatisfy { $0 == UInt8(ascii: "0") } ? "0" : nil }
        if whole < digits.count {
            guard digits[whole...].allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
            digits.removeLast(digits.count - whole)
        } else {
            digits += Array(repeating: UInt8(ascii: "0"), count: whole - digits.count)
        }
        while digits.count > 1, digits.first == UInt8(ascii: "0") { digits.removeFirst() }
        if digits.isEmpty { digits = [UInt8(ascii: "0")] }
        return (negative && digits != [UInt8(ascii: "0")] ? "-" : "") + String(decoding: digits, as: UTF8.self)
    }
}
