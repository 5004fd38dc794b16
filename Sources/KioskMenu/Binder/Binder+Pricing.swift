import KioskCore
import KioskText

/// `tax` and `discount`: what an order's lines are priced with, checked against the
/// items' tags, which are bound first.
extension Binder {
    mutating func bindTax(_ statement: Statement) {
        let name = nameText(statement.head(0), property: "tax", file: statement.file)
        let properties = readProperties(of: statement)
        let rate = percentage(statement.head(1), in: statement)
        let displayName = name ?? statement.head(0).text
        let included = properties["included"]
        let added = properties["added"]
        var kind: Tax.Kind?
        switch (included, added) {
        case (.some, .some(let second)): report(.taxKindTwice(displayName), range(second.name, in: statement))
        case (.some, nil): kind = .included
        case (nil, .some): kind = .added
        case (nil, nil): report(.taxWithoutKind(displayName), statement.headRange)
        }
        var rounding = Rounding.halfEven
        if case .choice(let word, _)? = properties["rounding"]?.elements.first?.value, let mode = Rounding(rawValue: word) { rounding = mode }
        var scope = Tax.Scope.line
        if case .choice("order", _)? = properties["scope"]?.elements.first?.value { scope = .order }
        let target = pricingTarget(properties["on"], nil, in: statement)
        if target.order, let on = properties["on"] { report(.taxOnOrder(displayName), range(on.name, in: statement)) }
        guard let name, let rate, let kind, !target.order, target.known,
              claim(name, of: statement, index: taxes.count, in: \.taxClaims, duplicate: { .duplicateTax($0, existing: $1) })
        else { return }
        taxes.append(Tax(name: name, rate: rate, kind: kind, rounding: rounding, scope: scope, tags: target.tags))
    }

    mutating func bindDiscount(_ statement: Statement) {
        let name = nameText(statement.head(0), property: "discount", file: statement.file)
        let properties = readProperties(of: statement)
        let displayName = name ?? statement.head(0).text
        let amountToken = statement.head(1)
        var amount: Discount.Amount?
        if amountToken.kind == .word, amountToken.text.hasSuffix("%") {
            amount = percentage(amountToken, in: statement).map { .percent($0) }
        } else if amountToken.kind == .integer || amountToken.kind == .decimal {
            amount = self.amount(amountToken, property: "discount", file: statement.file).map { .fixed($0) }
        } else {
            report(.invalidDiscountAmount(TerminalText.visible(MenuProblem.shorten(amountToken.text))), range(amountToken, in: statement))
        }
        let target = pricingTarget(properties["on"], properties["off"], in: statement)
        if target.order, target.tags != nil { report(.discountOnOrderAndTags(displayName), statement.headRange) }
        var minimum: Money?
        if let given = properties["minimum"] {
            if case .amount(let value)? = given.elements.first?.value { minimum = value }
            if !target.order { report(.minimumOnLines(displayName), range(given.name, in: statement)) }
        }
        guard let name, let amount, target.known, !(target.order && target.tags != nil),
              minimum == nil || target.order,
              claim(name, of: statement, index: discounts.count, in: \.discountClaims, duplicate: { .duplicateDiscount($0, existing: $1) })
        else { return }
        let discount = Discount(
            name: name, amount: amount, target: target.order ? .order : .lines(tags: target.tags), minimum: minimum,
            onlyWhenAsked: properties["ask"] != nil, availability: Binder.availability(properties["available"])
        )
        if properties["capped"] == nil { checkCovered(discount, at: range(amountToken, in: statement)) }
        discounts.append(discount)
    }

    /// A fixed discount takes no more than what it applies to can cost — the cheapest
    /// selection of each item it is on, or the least order it is off (its minimum, else
    /// the cheapest item) — unless it says it may (`capped`): then it takes at most that.
    private mutating func checkCovered(_ discount: Discount, at range: SourceRange) {
        guard case .fixed(let amount) = discount.amount else { return }
        switch discount.target {
        case .lines(let tags):
            for item in items where tags.map({ !$0.isDisjoint(with: item.tags.map(NameKey.fold)) }) ?? true {
                guard let cheapest = item.cheapestPrice, cheapest < amount else { continue }
                report(.discountAboveItem(discount: discount.name, amount: amount.grouped, item: item.name, price: cheapest.grouped), range)
                return
            }
        case .order:
            let least = discount.minimum ?? items.compactMap(\.cheapestPrice).min()
            if let least, least < amount {
                report(.discountAboveOrder(discount: discount.name, amount: amount.grouped, least: least.grouped), range)
            }
        }
    }

    /// The windows of an `available` (an item's, an option's or a discount's); `nil` without
    /// one. A window that did not read was reported, and the menu has no `Menu` then.
    static func availability(_ property: BoundProperty?) -> Availability? {
        let windows = property?.elements.compactMap { element -> Availability.Window? in
            if case .window(let window) = element.value { window } else { nil }
        } ?? []
        return windows.isEmpty ? nil : Availability(windows)
    }

    /// `10%`, `8.875%` as a rate; reported and `nil` for anything else.
    private mutating func percentage(_ token: Token, in statement: Statement) -> Rate? {
        guard token.kind == .word, token.text.hasSuffix("%"), let rate = Rate(token.text) else {
            report(.invalidPercentage(TerminalText.visible(MenuProblem.shorten(token.text))), range(token, in: statement))
            return nil
        }
        return rate
    }

    /// What `on` (and a discount's `off`) name: the order, and the tags (folded) of the
    /// lines; `known` is false when a tag is one no item has (reported).
    private mutating func pricingTarget(
        _ on: BoundProperty?, _ off: BoundProperty?, in statement: Statement
    ) -> (order: Bool, tags: Set<String>?, known: Bool) {
        var order = false
        var tags: Set<String>?
        var known = true
        let itemTags = items.flatMap(\.tags)
        let keys = Set(itemTags.map(NameKey.fold))
        for (value, tokens) in (on?.elements ?? []) + (off?.elements ?? []) {
            guard case .target(let tag) = value else {
                known = false
                continue
            }
            guard let tag else {
                order = true
                continue
            }
            let key = NameKey.fold(tag)
            guard keys.contains(key) else {
                report(.unknownPricingTag(tag, suggestion: Suggestions.closest(to: tag, among: itemTags)), range(tokens[tokens.endIndex - 1], in: statement))
                known = false
                continue
            }
            tags = (tags ?? []).union([key])
        }
        if (on?.elements.count ?? 0) + (off?.elements.count ?? 0) > 0, !order, tags == nil { known = false }
        return (order, tags, known)
    }
}
