/// How an amount that falls between two multiples of the rounding unit is rounded.
public enum Rounding: String, Sendable, Hashable, CaseIterable {
    /// To the nearest; a tie to the even multiple (0.705 → 0.70, 0.715 → 0.72): the default.
    case halfEven = "half-even"
    /// To the nearest; a tie away from zero.
    case halfUp = "half-up"
    /// Away from zero.
    case up
    /// Toward zero.
    case down

    /// `numerator / denominator`, rounded to a multiple of `unit`; `nil` when the result
    /// does not fit an `Int`.
    ///
    /// - Precondition: `denominator > 0` and `unit > 0`.
    public func divide(_ numerator: Int128, by denominator: Int128, toMultipleOf unit: Int) -> Int? {
        precondition(denominator > 0 && unit > 0)
        let divisor = denominator * Int128(unit)
        let negative = numerator < 0
        let magnitude = negative ? -numerator : numerator
        var quotient = magnitude / divisor
        let remainder = magnitude % divisor
        if remainder != 0 {
            switch self {
            case .down: break
            case .up: quotient += 1
            case .halfUp: if remainder * 2 >= divisor { quotient += 1 }
            case .halfEven:
                if remainder * 2 > divisor || (remainder * 2 == divisor && quotient % 2 == 1) { quotient += 1 }
            }
        }
        return Int(exactly: (negative ? -quotient : quotient) * Int128(unit))
    }
}

/// A percentage to the thousandth of a percent (`8.875%`), held exactly as parts per
/// 100,000.
public struct Rate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Parts per 100,000: 10% is 10,000; 8.875% is 8,875.
    public let parts: Int

    public static let whole = 100_000

    public init(parts: Int) {
        self.parts = parts
    }

    /// Reads `10%`, `8.875%` or `12.5` (the sign is optional); `nil` for anything else,
    /// more than three decimals, or above 100%.
    public init?(_ text: some StringProtocol) {
        var digits = Array(text.utf8)
        if digits.last == UInt8(ascii: "%") { digits.removeLast() }
        var whole = 0
        var fraction = 0
        var decimals = -1
        for byte in digits {
            if byte == UInt8(ascii: "."), decimals < 0 {
                decimals = 0
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            if decimals < 0 {
                whole = whole * 10 + digit
                guard whole <= 100 else { return nil }
            } else {
                decimals += 1
                guard decimals <= 3 else { return nil }
                fraction = fraction * 10 + digit
            }
        }
        guard !digits.isEmpty, decimals != 0 else { return nil }
        for _ in 0..<(3 - max(decimals, 0)) { fraction *= 10 }
        let parts = whole * 1000 + fraction
        guard parts <= Rate.whole else { return nil }
        self.parts = parts
    }

    /// `8.875%`, `10%`: no trailing zeros.
    public var description: String {
        var text = String(parts / 1000)
        var fraction = parts % 1000
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let shown = String(fraction)
            text += "." + String(repeating: "0", count: digits - shown.count) + shown
        }
        return text + "%"
    }

    public static func < (lhs: Rate, rhs: Rate) -> Bool {
        lhs.parts < rhs.parts
    }
}

/// What a currency's amounts are rounded to.
public enum MinorUnit {
    /// The ISO 4217 currencies without a fraction: their amounts are whole units.
    static let wholeUnitCurrencies: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF",
    ]

    /// The minor unit of `currency` in hundredths of its unit: 100 for KRW or JPY, whose
    /// amounts are whole; 1 (a cent) for any other currency, or none.
    public static func hundredths(of currency: String?) -> Int {
        guard let currency else { return 1 }
        return wholeUnitCurrencies.contains(currency.uppercased()) ? 100 : 1
    }

    /// Whether `currency`'s amounts have cents, and so are shown with two decimals.
    public static func hasCents(_ currency: String?) -> Bool { hundredths(of: currency) < 100 }
}
