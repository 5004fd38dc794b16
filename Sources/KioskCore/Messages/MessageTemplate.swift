import KioskText

/// A message text with placeholders: `{item} is ready. Enjoy!`.
///
/// Placeholders are `{item}`, `{quantity}`, `{missing}`, `{ingredient}`, `{stock}`,
/// `{menu}`, `{ticket}`, `{station}`, and for payments `{order}`, `{amount}`, `{tender}` and `{reason}`; `{{` and `}}` stand for literal braces. A placeholder that does not apply to an
/// event renders as nothing.
public struct MessageTemplate: Sendable, Hashable {
    public enum Placeholder: String, Sendable, Hashable, CaseIterable {
        case item, quantity, missing, ingredient, stock, menu, ticket, station, order, amount, tender, reason
    }

    typealias Segment = BraceTemplate.Piece<Placeholder>

    /// The template as written.
    public let text: String
    let segments: [Segment]

    /// Parses a template.
    ///
    /// - Throws: `TemplateError` for a `{name}` that is not a placeholder.
    public init(parsing text: String) throws(TemplateError) {
        self.text = text
        segments = try BraceTemplate.pieces(of: text) { (name, utf8Offset, utf8Length) throws(TemplateError) in
            guard let placeholder = Placeholder(rawValue: name) else {
                throw TemplateError(name: name, utf8Offset: utf8Offset, utf8Length: utf8Length)
            }
            return placeholder
        }
    }

    /// The text for an event's payload.
    public func render(_ payload: Event.Payload) -> String {
        var out = RenderedMessage()
        render(payload, into: &out)
        return out.text
    }

    /// Appends the text for an event's payload to `out` piece by piece: the one place a
    /// message is made, whether into a `String` or straight into a JSON string.
    func render(_ payload: Event.Payload, into out: inout some MessageOutput) {
        for segment in segments {
            switch segment {
            case .text(let text): out.appendText(text)
            case .placeholder(let placeholder): MessageTemplate.append(placeholder, of: payload, to: &out)
            }
        }
    }

    static func append(_ placeholder: Placeholder, of payload: Event.Payload, to out: inout some MessageOutput) {
        switch (placeholder, payload) {
        case (.item, .orderSucceeded(let e)): describe(e.lines, to: &out)
        case (.item, .orderFailed(let e)): describe(e.lines, to: &out)
        case (.quantity, .orderSucceeded(let e)): out.appendNumber(totalQuantity(e.lines))
        case (.quantity, .orderFailed(let e)): out.appendNumber(totalQuantity(e.lines))
        case (.quantity, .stockChanged(let e)): out.appendNumber((e.to - e.from).magnitude)
        case (.quantity, .restockNeeded(let e)): out.appendNumber(e.needed.map { max(0, $0 - e.stock) } ?? 0)
        case (.missing, .orderFailed(let e)): describe(e.missing, to: &out)
        case (.missing, .restockNeeded(let e)):
            if let needed = e.needed { describe([Missing(ingredient: e.ingredient, needed: needed, available: e.stock)], to: &out) }
        case (.ingredient, .restockNeeded(let e)): out.appendText(e.ingredient)
        case (.ingredient, .stockChanged(let e)): out.appendText(e.ingredient)
        case (.ingredient, .orderSucceeded(let e)):
            for (index, entry) in e.consumed.enumerated() {
                if index > 0 { out.appendLiteral(", ") }
                out.appendText(entry.ingredient)
            }
        case (.ingredient, .orderFailed(let e)):
            for (index, entry) in e.missing.enumerated() {
                if index > 0 { out.appendLiteral(", ") }
                out.appendText(entry.ingredient)
            }
        case (.stock, .restockNeeded(let e)): out.appendNumber(e.stock)
        case (.stock, .stockChanged(let e)): out.appendNumber(e.to)
        case (.stock, .orderSucceeded(let e)):
            for (index, entry) in e.stock.enumerated() {
                if index > 0 { out.appendLiteral(", ") }
                out.appendText(entry.ingredient)
                out.appendLiteral(" ")
                out.appendNumber(entry.count)
            }
        case (.menu, .menuReloaded(let e)): out.appendText(e.menu)
        case (.menu, .menuReloadFailed(let e)): out.appendText(e.menu)
        case (.ticket, .orderSucceeded(let e)): if let ticket = e.ticket { out.appendNumber(ticket) }
        case (.ticket, .ticketStarted(let e)): out.appendNumber(e.ticket)
        case (.ticket, .ticketCancelled(let e)): out.appendNumber(e.ticket)
        case (.ticket, .ticketReady(let e)), (.ticket, .ticketPickedUp(let e)), (.ticket, .ticketRecalled(let e)), (.ticket, .ticketLate(let e)):
            out.appendNumber(e.ticket)
        case (.station, .ticketStarted(let e)): out.appendText(e.station)
        case (.item, .ticketStarted(let e)): describe(e.lines, to: &out)
        case (.item, .ticketCancelled(let e)): describe(e.lines, to: &out)
        case (.item, .ticketReady(let e)), (.item, .ticketPickedUp(let e)), (.item, .ticketRecalled(let e)), (.item, .ticketLate(let e)):
            describe(e.lines, to: &out)
        case (.quantity, .ticketStarted(let e)): out.appendNumber(totalQuantity(e.lines))
        case (.quantity, .ticketCancelled(let e)): out.appendNumber(totalQuantity(e.lines))
        case (.quantity, .ticketReady(let e)), (.quantity, .ticketPickedUp(let e)), (.quantity, .ticketRecalled(let e)), (.quantity, .ticketLate(let e)):
            out.appendNumber(totalQuantity(e.lines))
        case (.item, .suggestionMade(let e)):
            for (index, entry) in e.items.enumerated() {
                if index > 0 { out.appendLiteral(", ") }
                out.appendText(entry.item)
                describe(entry.choice, to: &out)
            }
        case (.order, .payment(let e)): out.appendNumber(e.order)
        case (.amount, .payment(let e)):
            let amount = e.amount.adding(e.rounding)?.adding(e.tip) ?? e.amount
            out.appendText(amount.grouped(cents: MinorUnit.hasCents(e.currency)))
        case (.tender, .payment(let e)): out.appendText(e.tender.rawValue)
        case (.reason, .payment(let e)): if let reason = e.reason { out.appendText(reason) }
        case (.amount, .drawer(let e)): out.appendText(e.amount.grouped(cents: MinorUnit.hasCents(e.currency)))
        case (.reason, .drawer(let e)): if let reason = e.reason { out.appendText(reason) }
        case (.order, .orderPaid(let e)): out.appendNumber(e.order)
        case (.amount, .orderPaid(let e)): if let total = e.total { out.appendText(total.grouped(cents: e.hasCents)) }
        case (.ticket, .orderPaid(let e)): if let ticket = e.ticket { out.appendNumber(ticket) }
        case (.item, .orderPaid(let e)): describe(e.lines, to: &out)
        case (.tender, .orderPaid(let e)): if let settled = e.settled { out.appendText(settled.tender.rawValue) }
        case (.order, .orderVoided(let e)): out.appendNumber(e.order)
        case (.amount, .orderVoided(let e)): out.appendText(e.refunded.grouped(cents: MinorUnit.hasCents(e.currency)))
        case (.ticket, .orderVoided(let e)): if let ticket = e.ticket { out.appendNumber(ticket) }
        case (.reason, .orderVoided(let e)): if let reason = e.reason { out.appendText(reason) }
        case (.order, .orderHeld(let e)): out.appendNumber(e.order)
        case (.amount, .orderHeld(let e)): if let total = e.total { out.appendText(total.grouped(cents: MinorUnit.hasCents(e.currency))) }
        case (.order, .ticketOpened(let e)): out.appendNumber(e.order)
        case (.ticket, .ticketOpened(let e)): out.appendNumber(e.ticket)
        case (.item, .ticketOpened(let e)): describe(e.lines, to: &out)
        case (.quantity, .ticketOpened(let e)): out.appendNumber(totalQuantity(e.lines))
        default: break
        }
    }

    private static func totalQuantity(_ lines: [ItemQuantity]) -> Int {
        lines.reduce(0) { $0.saturatingAdding($1.quantity) }
    }

    /// `Mango Juice`, or `Mango Juice ×2, Banana Juice`, or `Latte (large, Oat) ×2`, or
    /// `Breakfast Set (Latte + Muffin)`.
    public static func describe(_ lines: [ItemQuantity]) -> String {
        var out = RenderedMessage()
        describe(lines, to: &out)
        return out.text
    }

    static func describe(_ lines: [ItemQuantity], to out: inout some MessageOutput) {
        var index = lines.startIndex
        while index < lines.endIndex {
            if index > 0 { out.appendLiteral(", ") }
            guard let combo = lines[index].choice?.combo else {
                describe(lines[index], quantity: lines[index].quantity, to: &out)
                index += 1
                continue
            }
            // `Breakfast Set ×2 (Latte (large, Oat) + Muffin)`: a combo once, its parts
            // inside, each as many as one combo takes.
            out.appendText(combo.name)
            if combo.quantity != 1 {
                out.appendLiteral(" ×")
                out.appendNumber(combo.quantity)
            }
            out.appendLiteral(" (")
            var part = index
            while part < lines.endIndex, let next = lines[part].choice?.combo, next.number == combo.number {
                if part > index { out.appendLiteral(" + ") }
                describe(lines[part], quantity: lines[part].quantity / max(1, next.quantity), to: &out)
                part += 1
            }
            out.appendLiteral(")")
            index = part
        }
    }

    private static func describe(_ line: ItemQuantity, quantity: Int, to out: inout some MessageOutput) {
        out.appendText(line.item)
        describe(line.choice, to: &out)
        if quantity != 1 {
            out.appendLiteral(" ×")
            out.appendNumber(quantity)
        }
    }

    /// ` (large, Oat)` after an item's name, when a line or a suggestion chose anything.
    private static func describe(_ choice: LineChoice?, to out: inout some MessageOutput) {
        guard let choice, choice.size != nil || !choice.options.isEmpty else { return }
        out.appendLiteral(" (")
        out.appendText(choice.description)
        out.appendLiteral(")")
    }

    /// `mango (needed 3, available 1)`, several joined by commas, in the operator's language:
    /// for the operator's screens. An event's `{missing}` is the same in every language.
    public static func describe(_ missing: [Missing]) -> String {
        missing.map { entry in
            tr("{ingredient} (needed {needed}, available {available})", [
                "ingredient": entry.ingredient, "needed": entry.needed, "available": entry.available,
            ])
        }.joined(separator: ", ")
    }

    static func describe(_ missing: [Missing], to out: inout some MessageOutput) {
        for (index, entry) in missing.enumerated() {
            if index > 0 { out.appendLiteral(", ") }
            out.appendText(entry.ingredient)
            out.appendLiteral(" (needed ")
            out.appendNumber(entry.needed)
            out.appendLiteral(", available ")
            out.appendNumber(entry.available)
            out.appendLiteral(")")
        }
    }
}

/// A `{name}` in a message template that is not a placeholder.
public struct TemplateError: Error, Equatable, Sendable {
    public let name: String
    /// Where `{name}` starts in the template's UTF-8, and how long it is.
    public let utf8Offset: Int
    public let utf8Length: Int

    public init(name: String, utf8Offset: Int, utf8Length: Int) {
        self.name = name
        self.utf8Offset = utf8Offset
        self.utf8Length = utf8Length
    }
}
