/// Where a ticket is on the board: queued → preparing → ready → picked up, or cancelled.
public enum TicketState: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case queued
    case preparing
    case ready
    case pickedUp
    case cancelled

    /// `picked_up`: the word events and JSON use.
    public var key: String {
        switch self {
        case .queued: "queued"
        case .preparing: "preparing"
        case .ready: "ready"
        case .pickedUp: "picked_up"
        case .cancelled: "cancelled"
        }
    }

    /// `picked up`: the words messages use.
    public var description: String {
        self == .pickedUp ? "picked up" : key
    }

    public init?(key: String) {
        guard let state = TicketState.allCases.first(where: { $0.key == key }) else { return nil }
        self = state
    }

    /// Queued, preparing or ready: on the board.
    public var isActive: Bool { self == .queued || self == .preparing || self == .ready }

    /// Queued or preparing: in the kitchen, where age marks apply.
    public var isInKitchen: Bool { self == .queued || self == .preparing }
}
