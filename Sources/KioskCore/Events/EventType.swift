/// The kinds of event a kiosk sends to its sinks.
public enum EventType: String, Sendable, Hashable, CaseIterable {
    case orderSucceeded = "order.succeeded"
    case orderFailed = "order.failed"
    case restockNeeded = "restock.needed"
    case stockChanged = "stock.changed"
    case menuReloaded = "menu.reloaded"
    case suggestionMade = "suggestion.made"

    /// The type's position in `allCases`.
    public var ordinal: Int {
        switch self {
        case .orderSucceeded: 0
        case .orderFailed: 1
        case .restockNeeded: 2
        case .stockChanged: 3
        case .menuReloaded: 4
        case .suggestionMade: 5
        }
    }
}

/// A set of event types, as a sink's `on` filter holds it: one bit per type.
public struct EventTypes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public init(_ type: EventType) {
        self.init(rawValue: 1 << UInt8(type.ordinal))
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
