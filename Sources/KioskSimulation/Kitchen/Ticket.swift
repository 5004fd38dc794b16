import KioskCore

/// Which ticket: a slot the simulation reuses once a ticket is done, and a generation that
/// tells the slot's successive tickets apart.
public struct TicketID: Sendable, Hashable {
    /// A small index, below the most tickets ever open at once.
    public let slot: Int32
    public let generation: UInt32

    public init(slot: Int32, generation: UInt32) {
        self.slot = slot
        self.generation = generation
    }
}

/// One item to prepare at one station.
public struct Ticket: Sendable, Hashable {
    public let id: TicketID
    /// An index into the configuration's stations.
    public let station: Int
    /// An index into the menu's items.
    public let item: Int
    /// How long one server takes to prepare it, drawn when the order was made.
    public let preparationMilliseconds: Int64

    public init(id: TicketID, station: Int, item: Int, preparationMilliseconds: Int64) {
        self.id = id
        self.station = station
        self.item = item
        self.preparationMilliseconds = preparationMilliseconds
    }
}

/// A ticket a server has started: when, and when it will be ready.
public struct TicketStart: Sendable, Hashable {
    public let ticket: TicketID
    public let station: Int
    public let start: Timestamp
    public let ready: Timestamp

    public init(ticket: TicketID, station: Int, start: Timestamp, ready: Timestamp) {
        self.ticket = ticket
        self.station = station
        self.start = start
        self.ready = ready
    }
}
