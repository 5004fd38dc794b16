/// The kinds of event a kiosk sends to its sinks.
public enum EventType: String, Sendable, Hashable, CaseIterable {
    case orderSucceeded = "order.succeeded"
    case orderFailed = "order.failed"
    case restockNeeded = "restock.needed"
    case stockChanged = "stock.changed"
    case menuReloaded = "menu.reloaded"
    case ticketStarted = "ticket.started"
    case ticketReady = "ticket.ready"
    case ticketPickedUp = "ticket.picked_up"
    case ticketCancelled = "ticket.cancelled"
    case ticketRecalled = "ticket.recalled"
    case ticketLate = "ticket.late"
    case suggestionMade = "suggestion.made"
    case menuReloadFailed = "menu.reload_failed"
    case paymentPending = "payment.pending"
    case paymentInProgress = "payment.in_progress"
    case paymentCompleted = "payment.completed"
    case paymentDeclined = "payment.declined"
    case paymentCanceled = "payment.canceled"
    case paymentTimedOut = "payment.timed_out"
    case paymentRefunded = "payment.refunded"
    case drawerOpened = "drawer.opened"
    case drawerPaidIn = "drawer.paid_in"
    case drawerPaidOut = "drawer.paid_out"
    case drawerCounted = "drawer.counted"
    case drawerClosed = "drawer.closed"
    case orderPaid = "order.paid"
    case orderVoided = "order.voided"
    case orderHeld = "order.held"
    case ticketOpened = "ticket.opened"

    /// The type's position in `allCases`.
    public var ordinal: Int {
        switch self {
        case .orderSucceeded: 0
        case .orderFailed: 1
        case .restockNeeded: 2
        case .stockChanged: 3
        case .menuReloaded: 4
        case .ticketStarted: 5
        case .ticketReady: 6
        case .ticketPickedUp: 7
        case .ticketCancelled: 8
        case .ticketRecalled: 9
        case .ticketLate: 10
        case .suggestionMade: 11
        case .menuReloadFailed: 12
        case .paymentPending: 13
        case .paymentInProgress: 14
        case .paymentCompleted: 15
        case .paymentDeclined: 16
        case .paymentCanceled: 17
        case .paymentTimedOut: 18
        case .paymentRefunded: 19
        case .drawerOpened: 20
        case .drawerPaidIn: 21
        case .drawerPaidOut: 22
        case .drawerCounted: 23
        case .drawerClosed: 24
        case .orderPaid: 25
        case .orderVoided: 26
        case .orderHeld: 27
        case .ticketOpened: 28
        }
    }
}

/// A set of event types, as a sink's `on` filter holds it: one bit per type, room for 64.
public struct EventTypes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public init(_ type: EventType) {
        self.init(rawValue: 1 << UInt64(type.ordinal))
    }

    public init(_ types: some Sequence<EventType>) {
        self.init(rawValue: 0)
        for type in types { insert(EventTypes(type)) }
    }

    public static let all = EventTypes(EventType.allCases)

    public func contains(_ type: EventType) -> Bool { contains(EventTypes(type)) }

    /// The types in declaration order.
    public var types: [EventType] { EventType.allCases.filter(contains) }
}
