/// A tax a menu declares: a rate, included in the prices or added to them, rounded its
/// own way, on every line or the lines with one of `tags`.
public struct Tax: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The price already holds it: backed out, `amount × r / (1 + r)`.
        case included
        /// Added to the price: `amount × r`.
        case added
    }

    public enum Scope: Sendable, Hashable {
        /// Rounded on each line (the default).
        case line
        /// Rounded once for the order's lines at this rate, then spread over them.
        case order
    }

    public var name: String
    public var rate: Rate
    public var kind: Kind
    public var rounding: Rounding
    public var scope: Scope
    /// The tags a line must have one of; `nil`: every line.
    public var tags: Set<String>?

    public init(name: String, rate: Rate, kind: Kind, rounding: Rounding = .halfEven, scope: Scope = .line, tags: Set<String>? = nil) {
        self.name = name
        self.rate = rate
        self.kind = kind
        self.rounding = rounding
        self.scope = scope
        self.tags = tags
    }
}

/// A discount: a percentage or a fixed amount, off the lines with one of its tags (every
/// line without) or off the order as a whole.
public struct Discount: Sendable, Hashable {
    public enum Amount: Sendable, Hashable {
        case percent(Rate)
        case fixed(Money)
    }

    public enum Target: Sendable, Hashable {
        /// Each line with one of the tags (`nil`: every line), on its own.
        case lines(tags: Set<String>?)
        /// The order's total, spread over its lines.
        case order
    }

    public var name: String
    public var amount: Amount
    public var target: Target
    /// The subtotal an order must reach (before any discount) for it to apply.
    public var minimum: Money?
    /// Given only when the operator asks for it at the till (`ask`).
    public var onlyWhenAsked: Bool
    /// When it applies, on the kiosk's clock; `nil`: always.
    public var availability: Availability?

    public init(
        name: String, amount: Amount, target: Target, minimum: Money? = nil, onlyWhenAsked: Bool = false, availability: Availability? = nil
    ) {
        self.name = name
        self.amount = amount
        self.target = target
        self.minimum = minimum
        self.onlyWhenAsked = onlyWhenAsked
        self.availability = availability
    }
}

/// When and for what an order is priced: the moment (for discounts with a window), the
/// local time zone's offset, and the `ask` discounts the operator gave.
public struct PricingMoment: Sendable, Hashable {
    public var time: Timestamp
    public var offsetSeconds: Int
    /// Indices into `Pricing.discounts` of the `ask` discounts asked for.
    public var asked: Set<Int>

    public init(time: Timestamp, offsetSeconds: Int = 0, asked: Set<Int> = []) {
        self.time = time
        self.offsetSeconds = offsetSeconds
        self.asked = asked
    }
}

/// One line of an order as pricing sees it: what it costs before discounts and taxes (its
/// unit price times its quantity) and the tags taxes and discounts pick it by.
public struct PricedLine: Sendable, Hashable {
    public var gross: Money
    public var tags: Set<String>
    /// The price of one, with its size and options; `nil` for a part of a combo, whose
    /// gross is its share of the combo's price.
    public var unitPrice: Money?

    public init(gross: Money, tags: Set<String> = [], unitPrice: Money? = nil) {
        self.gross = gross
        self.tags = tags
        self.unitPrice = unitPrice
    }
}

/// What an order costs, line by line, to the currency's last minor unit: every discount
/// and tax on every line, adding up exactly to the order's totals.
public struct PriceBreakdown: Sendable, Hashable {
    /// A discount or tax and how much of it.
    public struct Part: Sendable, Hashable {
        public let name: String
        public let amount: Money
        /// A tax the prices already hold (backed out, not added); `false` for a discount.
        public let included: Bool

        public init(name: String, amount: Money, included: Bool = false) {
            self.name = name
            self.amount = amount
            self.included = included
        }
    }

    public struct Line: Sendable, Hashable {
        /// The price of one, with its size and options (`nil` for a part of a combo).
        public let unitPrice: Money?
        public let gross: Money
        public let discounts: [Part]
        public let taxes: [Part]
        /// What the line costs after its discounts (the included taxes inside it).
        public let discounted: Money
        /// `discounted` less its included taxes: the supply value (공급가액).
        public let net: Money
        /// What the customer pays for the line: `discounted` and its added taxes.
        public let total: Money

        /// The line's included taxes, and its added ones, in all.
        public var includedTax: Money { Money(hundredths: taxes.filter(\.included).reduce(0) { $0 &+ $1.amount.hundredths }) }
        public var addedTax: Money { Money(hundredths: taxes.filter { !$0.included }.reduce(0) { $0 &+ $1.amount.hundredths }) }

        public init(unitPrice: Money? = nil, gross: Money, discounts: [Part], taxes: [Part], discounted: Money, net: Money, total: Money) {
            self.unitPrice = unitPrice
            self.gross = gross
            self.discounts = discounts
            self.taxes = taxes
            self.discounted = discounted
            self.net = net
            self.total = total
        }
    }

    public let lines: [Line]
    /// The lines' gross amounts.
    public let subtotal: Money
    /// Each discount given, in the order they apply, and each tax, as declared.
    public let discounts: [Part]
    public let taxes: [Part]
    /// What the customer pays.
    public let total: Money

    public init(lines: [Line], subtotal: Money, discounts: [Part], taxes: [Part], total: Money) {
        self.lines = lines
        self.subtotal = subtotal
        self.discounts = discounts
        self.taxes = taxes
        self.total = total
    }

    /// The same price with `total` as its total: for a record that keeps the total apart.
    public func with(total: Money) -> PriceBreakdown {
        PriceBreakdown(lines: lines, subtotal: subtotal, discounts: discounts, taxes: taxes, total: total)
    }

    /// Whether any amount has a fraction of its unit: then every amount is shown with cents.
    public var hasCents: Bool {
        let amounts = [subtotal, total] + discounts.map(\.amount) + taxes.map(\.amount) + lines.flatMap { [$0.gross, $0.net, $0.total] }
        return amounts.contains { $0.hundredths % 100 != 0 }
    }

    /// Every discount given, in all.
    public var discountTotal: Money { Money(hundredths: discounts.reduce(0) { $0 &+ $1.amount.hundredths }) }

    /// What the lines cost after discounts, less their included taxes: the supply value.
    public var net: Money { Money(hundredths: lines.reduce(0) { $0 &+ $1.net.hundredths }) }
}

/// An amount the pricing of an order cannot hold: its totals do not fit.
public struct PricingOverflow: Error, Sendable, Equatable {}

/// Prices orders under a menu's taxes and discounts, in integers of the currency's minor
/// unit, never floating point.
///
/// Discounts apply in Square's order — line percentages, order percentages, line fixed
/// amounts, order fixed amounts — each on what the one before left; an order-level amount
/// is spread over the lines in proportion to what they have left, the remainder to the
/// last line that has room, so the parts add up to the whole and no line goes below zero.
/// Taxes apply after, to each line's discounted amount: each on the same base, each rounded
/// by its own mode, once per line or once per order.
public struct Pricing: Sendable, Hashable {
    /// The currency's minor unit in hundredths of its unit: 100 for KRW, 1 for USD.
    public let unit: Int
    public let taxes: [Tax]
    public let discounts: [Discount]

    public init(unit: Int, taxes: [Tax] = [], discounts: [Discount] = []) {
        precondition(unit > 0)
        self.unit = unit
        self.taxes = taxes
        self.discounts = discounts
    }

    /// Whether discount `index` applies to an order of `subtotal` at `moment`: asked for if
    /// it must be, inside its window, and the order reaching its minimum. Without a
    /// moment, every discount but the asked ones applies.
    public func applies(_ index: Int, subtotal: Money, at moment: PricingMoment?) -> Bool {
        let discount = discounts[index]
        if discount.onlyWhenAsked, !(moment?.asked.contains(index) ?? false) { return false }
        if let minimum = discount.minimum, subtotal < minimum { return false }
        if let availability = discount.availability, let moment, !availability.isOpen(at: moment.time, offsetSeconds: moment.offsetSeconds) {
            return false
        }
        return true
    }

    /// The price of `lines` with the discounts that apply at `moment` (see `applies`).
    public func price(_ lines: [PricedLine], at moment: PricingMoment? = nil) throws(PricingOverflow) -> PriceBreakdown {
        var subtotal = 0
        for line in lines { subtotal = try checked(subtotal, plus: line.gross.hundredths) }
        var left = lines.map { $0.gross.hundredths }
        var lineDiscounts = Array(repeating: [PriceBreakdown.Part](), count: lines.count)
        var given: [PriceBreakdown.Part] = []
        for pass in Pass.allCases {
            for (index, discount) in discounts.enumerated()
            where pass.takes(discount) && applies(index, subtotal: Money(hundredths: subtotal), at: moment) {
                let amounts = try apply(discount, to: lines, left: left)
                var sum = 0
                for index in amounts.indices where amounts[index] != 0 {
                    left[index] -= amounts[index]
                    sum += amounts[index]
                    lineDiscounts[index].append(.init(name: discount.name, amount: Money(hundredths: amounts[index])))
                }
                if sum != 0 { given.append(.init(name: discount.name, amount: Money(hundredths: sum))) }
            }
        }
        var lineTaxes = Array(repeating: [PriceBreakdown.Part](), count: lines.count)
        var included = Array(repeating: 0, count: lines.count)
        var added = Array(repeating: 0, count: lines.count)
        var collected: [PriceBreakdown.Part] = []
        for tax in taxes {
            let amounts = try apply(tax, to: lines, amounts: left)
            var sum = 0
            for index in amounts.indices where amounts[index] != 0 {
                lineTaxes[index].append(.init(name: tax.name, amount: Money(hundredths: amounts[index]), included: tax.kind == .included))
                switch tax.kind {
                case .included: included[index] = try checked(included[index], plus: amounts[index])
                case .added: added[index] = try checked(added[index], plus: amounts[index])
                }
                sum = try checked(sum, plus: amounts[index])
            }
            collected.append(.init(name: tax.name, amount: Money(hundredths: sum), included: tax.kind == .included))
        }
        var breakdown: [PriceBreakdown.Line] = []
        var total = 0
        for index in lines.indices {
            let lineTotal = try checked(left[index], plus: added[index])
            breakdown.append(PriceBreakdown.Line(
                unitPrice: lines[index].unitPrice, gross: lines[index].gross, discounts: lineDiscounts[index], taxes: lineTaxes[index],
                discounted: Money(hundredths: left[index]), net: Money(hundredths: left[index] - included[index]),
                total: Money(hundredths: lineTotal)
            ))
            total = try checked(total, plus: lineTotal)
        }
        return PriceBreakdown(
            lines: breakdown, subtotal: Money(hundredths: subtotal), discounts: given, taxes: collected, total: Money(hundredths: total)
        )
    }

    /// The four passes of Square's order.
    private enum Pass: CaseIterable {
        case linePercent, orderPercent, lineFixed, orderFixed

        func takes(_ discount: Discount) -> Bool {
            switch (self, discount.amount, discount.target) {
            case (.linePercent, .percent, .lines), (.orderPercent, .percent, .order), (.lineFixed, .fixed, .lines), (.orderFixed, .fixed, .order): true
            default: false
            }
        }
    }

    /// How much `discount` takes off each line, given what each has left.
    private func apply(_ discount: Discount, to lines: [PricedLine], left: [Int]) throws(PricingOverflow) -> [Int] {
        switch (discount.amount, discount.target) {
        case (.percent(let rate), .lines(let tags)):
            return try lines.indices.map { index throws(PricingOverflow) in
                guard Pricing.selects(tags, lines[index]) else { return 0 }
                return min(left[index], try share(left[index], rate.parts, of: Rate.whole, rounding: .halfEven))
            }
        case (.fixed(let amount), .lines(let tags)):
            return lines.indices.map { index in
                Pricing.selects(tags, lines[index]) ? min(left[index], max(0, amount.hundredths)) : 0
            }
        case (.percent(let rate), .order):
            let base = try sum(left)
            return try spread(min(base, try share(base, rate.parts, of: Rate.whole, rounding: .halfEven)), over: left)
        case (.fixed(let amount), .order):
            return try spread(min(try sum(left), max(0, amount.hundredths)), over: left)
        }
    }

    /// Each line's amount of `tax` on `amounts`, the lines' discounted amounts.
    private func apply(_ tax: Tax, to lines: [PricedLine], amounts: [Int]) throws(PricingOverflow) -> [Int] {
        let base = lines.indices.map { Pricing.selects(tax.tags, lines[$0]) ? max(0, amounts[$0]) : 0 }
        let denominator = tax.kind == .included ? Rate.whole + tax.rate.parts : Rate.whole
        switch tax.scope {
        case .line:
            return try base.map { amount throws(PricingOverflow) in try share(amount, tax.rate.parts, of: denominator, rounding: tax.rounding) }
        case .order:
            return try spread(try share(try sum(base), tax.rate.parts, of: denominator, rounding: tax.rounding), over: base)
        }
    }

    /// `amount × parts / whole`, rounded to the minor unit.
    private func share(_ amount: Int, _ parts: Int, of whole: Int, rounding: Rounding) throws(PricingOverflow) -> Int {
        guard let result = rounding.divide(Int128(amount) * Int128(parts), by: Int128(whole), toMultipleOf: unit) else { throw PricingOverflow() }
        return result
    }

    /// `amount` (a multiple of the minor unit) in parts proportional to `weights`, each a
    /// multiple of the minor unit and at most its weight; the remainder goes to the last
    /// line with room.
    private func spread(_ amount: Int, over weights: [Int]) throws(PricingOverflow) -> [Int] {
        let whole = try sum(weights)
        guard amount > 0, whole > 0 else { return weights.map { _ in 0 } }
        var parts = weights.map { weight in
            Int((Int128(amount) * Int128(weight) / Int128(whole)) / Int128(unit)) * unit
        }
        var remainder = amount - parts.reduce(0, +)
        for index in parts.indices.reversed() where remainder > 0 {
            let room = weights[index] - parts[index]
            let taken = min(room, remainder)
            parts[index] += taken
            remainder -= taken
        }
        return parts
    }

    private func sum(_ amounts: [Int]) throws(PricingOverflow) -> Int {
        var total = 0
        for amount in amounts { total = try checked(total, plus: amount) }
        return total
    }

    private func checked(_ lhs: Int, plus rhs: Int) throws(PricingOverflow) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        guard !overflow else { throw PricingOverflow() }
        return sum
    }

    private static func selects(_ tags: Set<String>?, _ line: PricedLine) -> Bool {
        guard let tags else { return true }
        return !tags.isDisjoint(with: line.tags)
    }
}
