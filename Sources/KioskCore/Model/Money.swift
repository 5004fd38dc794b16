/// An exact amount of money, held in hundredths so that `4.50` stays `4.50`.
///
/// All arithmetic is checked: a sum or product that would overflow returns `nil`
/// rather than trapping, so totals a user drives up can be refused with a message.
public struct Money: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
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
    public init?(_ text: some StringProtocol) {
        var utf8 = Substring(text).utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        let parts = utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(Money.isDigit) else { return nil }
        var fraction = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard (1...2).contains(digits.count), digits.allSatisfy(Money.isDigit) else { return nil }
            fraction = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } * (digits.count == 1 ? 10 : 1)
        }
        var units = 0
        for digit in whole {
            let (scaled, o1) = units.multipliedReportingOverflow(by: 10)
            let (sum, o2) = scaled.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            guard !o1, !o2 else { return nil }
            units = sum
        }
        guard let amount = Money(units: units, hundredths: fraction) else { return nil }
        self = negative ? Money(hundredths: -amount.hundredths) : amount
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let money = Money(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an amount: \(text)")
        }
        self = money
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

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

    private func format(grouped: Bool) -> String {
        let negative = hundredths < 0
        let magnitude = hundredths.magnitude
        let units = magnitude / 100
        let fraction = magnitude % 100
        var digits = String(units)
        if grouped, digits.count > 3 {
            var out = ""
            for (offset, ch) in digits.enumerated() {
                if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
                out.append(ch)
            }
            digits = out
        }
        let sign = negative ? "-" : ""
        if fraction == 0 { return sign + digits }
        return sign + digits + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
