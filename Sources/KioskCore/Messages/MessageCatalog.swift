/// The message template of each event type: the menu's own, or an English default.
public struct MessageCatalog: Sendable, Hashable {
    public static let defaultTexts: [EventType: String] = [
        .orderSucceeded: "{item} is ready. Enjoy!",
        .orderFailed: "Not enough ingredients for {item}: {missing}.",
        .restockNeeded: "{ingredient} needs restocking: {stock} left.",
        .stockChanged: "{ingredient} stock is now {stock}.",
        .menuReloaded: "Menu reloaded: {menu}.",
        .ticketStarted: "Ticket {ticket} is being prepared at station {station}.",
        .ticketReady: "Ticket {ticket} is ready: {item}.",
        .ticketPickedUp: "Ticket {ticket} was picked up.",
        .ticketCancelled: "Ticket {ticket} was cancelled.",
        .ticketRecalled: "Ticket {ticket} was recalled: ready for pickup again.",
        .ticketLate: "Ticket {ticket} is late.",
        .suggestionMade: "Suggested: {item}.",
        .menuReloadFailed: "Menu not reloaded: its files have errors; {menu} goes on.",
        .paymentPending: "Order {order}: a {tender} payment of {amount} is pending.",
        .paymentInProgress: "Order {order}: {amount} on the card reader.",
        .paymentCompleted: "Order {order}: {amount} paid by {tender}.",
        .paymentDeclined: "Order {order}: the card was declined ({reason}).",
        .paymentCanceled: "Order {order}: the card payment was cancelled.",
        .paymentTimedOut: "Order {order}: the card reader did not answer ({reason}).",
        .paymentRefunded: "Order {order}: {amount} refunded to {tender}.",
        .drawerOpened: "The drawer opened with {amount}.",
        .drawerPaidIn: "{amount} paid into the drawer: {reason}.",
        .drawerPaidOut: "{amount} paid out of the drawer: {reason}.",
        .drawerCounted: "The drawer was counted: {amount}.",
        .drawerClosed: "The drawer's day closed (Z report).",
        .orderPaid: "Order {order} is paid in full.",
        .orderVoided: "Order {order} is voided.",
        .orderHeld: "Order {order} is held for its payment of {amount}.",
        .ticketOpened: "Ticket {ticket}: {item}.",
    ]

    /// Defaults that differ when the menu has a board: an order is not ready when it is
    /// made, it gets a ticket.
    public static let boardDefaultTexts: [EventType: String] = [
        .orderSucceeded: "Ticket {ticket}: {item}.",
    ]

    /// Defaults that differ when the menu is paid first: an order is neither ready nor on
    /// the board when it is made; it waits for its payment.
    public static let payFirstDefaultTexts: [EventType: String] = [
        .orderSucceeded: "Ordered: {item}.",
    ]

    public static let defaults = MessageCatalog(templates: [:])

    private let templates: [MessageTemplate]

    /// A catalogue with `templates` in place of the defaults they name; `board` picks the
    /// defaults of a menu with a board, `payFirst` those of a menu paid first.
    public init(templates: [EventType: MessageTemplate], board: Bool = false, payFirst: Bool = false) {
        self.templates = EventType.allCases.map { type in
            templates[type] ?? MessageCatalog.defaultTemplate(for: type, board: board, payFirst: payFirst)
        }
    }

    public subscript(type: EventType) -> MessageTemplate {
        templates[type.ordinal]
    }

    private static func defaultTemplate(for type: EventType, board: Bool, payFirst: Bool) -> MessageTemplate {
        let text = (payFirst ? payFirstDefaultTexts[type] : nil) ?? (board ? boardDefaultTexts[type] : nil) ?? defaultTexts[type] ?? ""
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
