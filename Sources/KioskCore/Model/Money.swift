import KioskText

/// An exact amount of money, held in hundredths so that `4.50` stays `4.50`.
///
/// All arithmetic is checked: a sum or product that would overflow returns `nil`
/// rather than trapping, so totals a user drives up can be refused with a message.
public struct Money: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The amount in hundredths of the currency's unit.
    public let hundredths: Int

    public static let zero = Money(hundredths: 0)

    public init(hundredths: Int) {
        self.hundredths = hundredths
    }

    /// `units` whole units plus `hundredths` (0...99), or `nil` when it does not fit.
    public init?(units: Int, hundredths: Int = 0) {
        let (scaled, o1) = units.multipliedReportingOverflow(by: 100)
        let (sum, o2) = scaled.addingReportingOverflow(hundredths)
        guard !o1, !o2 else { return nil }
        self.hundredths = sum
    }

    /// Parses `4500`, `4.5` or `4.50`; `nil` for anything else, more than two fraction
    /// digits, or an amount that does not fit.
    public init?(_ text: String) {
        guard let money = Money.parse(text.utf8.span) else { return nil }
        self = money
    }

    public init?(_ text: Substring) {
        guard let money = Money.parse(text.utf8.span) else { return nil }
        self = money
    }

    private static func parse(_ utf8: Span<UInt8>) -> Money? {
        var i = 0
        let negative = i < utf8.count && utf8[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var units = 0
        let wholeStart = i
        while i < utf8.count, isDigit(utf8[i]) {
            let (scaled, o1) = units.multipliedReportingOverflow(by: 10)
            let (sum, o2) = scaled.addingReportingOverflow(Int(utf8[i] - UInt8(ascii: "0")))
            guard !o1, !o2 else { return nil }
            units = sum
            i += 1
        }
        guard i > wholeStart else { return nil }
        var fraction = 0
        if i < utf8.count, utf8[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < utf8.count, isDigit(utf8[i]), i - fractionStart < 2 {
                fraction = fraction * 10 + Int(utf8[i] - UInt8(ascii: "0"))
                i += 1
            }
            guard i > fractionStart else { return nil }
            if i - fractionStart == 1 { fraction *= 10 }
        }
        guard i == utf8.count, let amount = Money(units: units, hundredths: fraction) else { return nil }
        return negative ? Money(hundredths: -amount.hundredths) : amount
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    public func adding(_ other: Money) -> Money? {
        let (sum, overflow) = hundredths.addingReportingOverflow(other.hundredths)
        return overflow ? nil : Money(hundredths: sum)
    }

    public func multiplied(by factor: Int) -> Money? {
        let (product, overflow) = hundredths.multipliedReportingOverflow(by: factor)
        return overflow ? nil : Money(hundredths: product)
    }

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.hundredths < rhs.hundredths }

    /// `4500`, `4.50` or `-0.25`: whole amounts without a fraction, others with two digits.
    /// This is also the amount's JSON number.
    public var description: String { format(grouped: false) }

    /// Like `description`, with thousands separated by commas: `13,500`.
    public var grouped: String { format(grouped: true) }

    /// Like `grouped`, with two decimals even when they are zero (`5.00`) when `cents`:
    /// for a column of amounts where some have cents.
    public func grouped(cents: Bool) -> String { format(grouped: true, cents: cents) }

    private func format(grouped: Bool, cents: Bool = false) -> String {
        let negative = hundredths < 0
        let magnitude = hundredths.magnitude
        let units = magnitude / 100
        let fraction = magnitude % 100
        let digits = grouped ? units.grouped : String(units)
        let sign = negative ? "-" : ""
        if fraction == 0, !cents { return sign + digits }
        return sign + digits + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
