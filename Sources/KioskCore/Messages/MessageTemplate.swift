/// A message text with placeholders: `{item} is ready. Enjoy!`.
///
/// Placeholders are `{item}`, `{quantity}`, `{missing}`, `{ingredient}`, `{stock}`,
/// `{menu}`, `{ticket}` and `{station}`; `{{` and `}}` stand for literal braces. A placeholder that does not apply to an
/// event renders as nothing.
public struct MessageTemplate: Sendable, Hashable {
    public enum Placeholder: String, Sendable, Hashable, CaseIterable {
        case item, quantity, missing, ingredient, stock, menu, ticket, station
    }

    enum Segment: Sendable, Hashable {
        case text(String)
        case placeholder(Placeholder)
    }

    /// The template as written.
    public let text: String
    let segments: [Segment]

    /// Parses a template.
    ///
    /// - Throws: `TemplateError` for a `{name}` that is not a placeholder.
    public init(parsing text: String) throws(TemplateError) {
        self.text = text
        var segments: [Segment] = []
        var literal = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var utf8Offset = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if (scalar == "{" || scalar == "}"), index + 1 < scalars.count, scalars[index + 1] == scalar {
                literal.unicodeScalars.append(scalar)
                index += 2
                utf8Offset += 2
                continue
            }
            if scalar == "{", let (name, length) = MessageTemplate.identifier(in: scalars, after: index) {
                guard let placeholder = Placeholder(rawValue: name) else {
                    throw TemplateError(name: name, utf8Offset: utf8Offset, utf8Length: length)
                }
                if !literal.isEmpty { segments.append(.text(literal)) }
                literal = ""
                segments.append(.placeholder(placeholder))
                index += length
                utf8Offset += length
                continue
            }
            literal.unicodeScalars.append(scalar)
            index += 1
            utf8Offset += UTF8.width(scalar)
        }
        if !literal.isEmpty { segments.append(.text(literal)) }
        self.segments = segments
    }

    /// The name of `{name}` starting at `start`, and the length of the whole `{name}`
    /// (ASCII, so scalars and UTF-8 bytes agree).
    private static func identifier(in scalars: [Unicode.Scalar], after start: Int) -> (String, Int)? {
        var name = ""
        var index = start + 1
        while index < scalars.count, scalars[index] != "}" {
            let s = scalars[index]
            guard s.isASCII, s.properties.isAlphabetic || s == "_" || s == "-" || s == "." else { return nil }
            name.unicodeScalars.append(s)
            index += 1
        }
        guard index < scalars.count, !name.isEmpty else { return nil }
        return (name, index - start + 1)
    }

    /// The text for an event's payload.
    public func render(_ payload: Event.Payload) -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .text(let text): out += text
            case .placeholder(let placeholder): out += MessageTemplate.value(of: placeholder, in: payload)
            }
        }
        return out
    }

    static func value(of placeholder: Placeholder, in payload: Event.Payload) -> String {
        switch (placeholder, payload) {
        case (.item, .orderSucceeded(let e)): describe(e.lines)
        case (.item, .orderFailed(let e)): describe(e.lines)
        case (.quantity, .orderSucceeded(let e)): String(e.lines.reduce(0) { $0.saturatingAdding($1.quantity) })
        case (.quantity, .orderFailed(let e)): String(e.lines.reduce(0) { $0.saturatingAdding($1.quantity) })
        case (.quantity, .stockChanged(let e)): String((e.to - e.from).magnitude)
        case (.quantity, .restockNeeded(let e)): String(e.needed.map { max(0, $0 - e.stock) } ?? 0)
        case (.missing, .orderFailed(let e)): describe(e.missing)
        case (.missing, .restockNeeded(let e)):
            e.needed.map { describe([Missing(ingredient: e.ingredient, needed: $0, available: e.stock)]) } ?? ""
        case (.ingredient, .restockNeeded(let e)): e.ingredient
        case (.ingredient, .stockChanged(let e)): e.ingredient
        case (.ingredient, .orderSucceeded(let e)): e.consumed.map(\.ingredient).joined(separator: ", ")
        case (.ingredient, .orderFailed(let e)): e.missing.map(\.ingredient).joined(separator: ", ")
        case (.stock, .restockNeeded(let e)): String(e.stock)
        case (.stock, .stockChanged(let e)): String(e.to)
        case (.stock, .orderSucceeded(let e)): e.stock.map { "\($0.ingredient) \($0.count)" }.joined(separator: ", ")
        case (.menu, .menuReloaded(let e)): e.menu
        case (.ticket, .orderSucceeded(let e)): e.ticket.map(String.init) ?? ""
        case (.ticket, .ticketStarted(let e)): String(e.ticket)
        case (.ticket, .ticketCancelled(let e)): String(e.ticket)
        case (.ticket, .ticketReady(let e)), (.ticket, .ticketPickedUp(let e)), (.ticket, .ticketRecalled(let e)), (.ticket, .ticketLate(let e)):
            String(e.ticket)
        case (.station, .ticketStarted(let e)): e.station
        case (.item, .ticketStarted(let e)): describe(e.lines)
        case (.item, .ticketCancelled(let e)): describe(e.lines)
        case (.item, .ticketReady(let e)), (.item, .ticketPickedUp(let e)), (.item, .ticketRecalled(let e)), (.item, .ticketLate(let e)):
            describe(e.lines)
        case (.quantity, .ticketStarted(let e)): String(e.lines.reduce(0) { $0.saturatingAdding($1.quantity) })
        case (.quantity, .ticketCancelled(let e)): String(e.lines.reduce(0) { $0.saturatingAdding($1.quantity) })
        case (.quantity, .ticketReady(let e)), (.quantity, .ticketPickedUp(let e)), (.quantity, .ticketRecalled(let e)), (.quantity, .ticketLate(let e)):
            String(e.lines.reduce(0) { $0.saturatingAdding($1.quantity) })
        case (.item, .suggestionMade(let e)): e.items.map(\.item).joined(separator: ", ")
        default: ""
        }
    }

    /// `Mango Juice`, or `Mango Juice ×2, Banana Juice`.
    public static func describe(_ lines: [ItemQuantity]) -> String {
        if lines.count == 1, lines[0].quantity == 1 { return lines[0].item }
        return lines.map { $0.quantity == 1 ? $0.item : "\($0.item) ×\($0.quantity)" }.joined(separator: ", ")
    }

    /// `mango (needed 3, available 1)`, several joined by commas.
    public static func describe(_ missing: [Missing]) -> String {
        missing.map { "\($0.ingredient) (needed \($0.needed), available \($0.available))" }.joined(separator: ", ")
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
