/// The message template of each event type: the menu's own, or an English default.
public struct MessageCatalog: Sendable, Hashable {
    public static let defaultTexts: [EventType: String] = [
        .orderSucceeded: "{item} is ready. Enjoy!",
        .orderFailed: "Not enough ingredients for {item}: {missing}.",
        .restockNeeded: "{ingredient} needs restocking: {stock} left.",
        .stockChanged: "{ingredient} stock is now {stock}.",
        .menuReloaded: "Menu reloaded: {menu}.",
        .suggestionMade: "Suggested: {item}.",
    ]

    public static let defaults = MessageCatalog(templates: [:])

    private let templates: [MessageTemplate]

    /// A catalogue with `templates` in place of the defaults they name.
    public init(templates: [EventType: MessageTemplate]) {
        self.templates = EventType.allCases.map { type in
            templates[type] ?? MessageCatalog.defaultTemplate(for: type)
        }
    }

    public subscript(type: EventType) -> MessageTemplate {
        templates[type.ordinal]
    }

    private static func defaultTemplate(for type: EventType) -> MessageTemplate {
        let text = defaultTexts[type] ?? ""
        do {
            return try MessageTemplate(parsing: text)
        } catch {
            return MessageTemplate(literal: text)
        }
    }
}

extension MessageTemplate {
    /// A template that is only text: for events replayed with their message already made.
    public init(literal: String) {
        self.text = literal
        self.segments = [.text(literal)]
    }
}
