/// `ticket.ready`, `ticket.picked_up`, `ticket.recalled` and `ticket.late`: a ticket moved
/// or passed its `late` age.
public struct TicketChanged: Sendable, Hashable {
    public let ticket: Int
    public let lines: [ItemQuantity]

    public init(ticket: Int, lines: [ItemQuantity]) {
        self.ticket = ticket
        self.lines = lines
    }
}

/// `ticket.started`: a station began its part of a ticket. A ticket with lines at two
/// stations gets one for each, as each starts.
public struct TicketStarted: Sendable, Hashable {
    public let ticket: Int
    public let station: String
    /// How long the station's part takes, in milliseconds: the longest prep of its lines
    /// there, or the service time the ticket was given.
    public let prep: Int64
    /// The ticket's lines at this station.
    public let lines: [ItemQuantity]

    public init(ticket: Int, station: String, prep: Int64, lines: [ItemQuantity]) {
        self.ticket = ticket
        self.station = station
        self.prep = prep
        self.lines = lines
    }
}

/// `ticket.cancelled`: the sale is reversed. From `queued` the ingredients went back to
/// stock (`restocked`, with a `stock.changed` each); later they are `wasted`.
public struct TicketCancelled: Sendable, Hashable {
    public let ticket: Int
    public let lines: [ItemQuantity]
    /// The state the ticket was cancelled from.
    public let from: TicketState
    public let restocked: [IngredientCount]
    public let wasted: [IngredientCount]
    /// The amount refunded, when the order was priced.
    public let total: Money?
    public let currency: String?

    public init(
        ticket: Int, lines: [ItemQuantity], from: TicketState, restocked: [IngredientCount] = [], wasted: [IngredientCount] = [],
        total: Money? = nil, currency: String? = nil
    ) {
        self.ticket = ticket
        self.lines = lines
        self.from = from
        self.restocked = restocked
        self.wasted = wasted
        self.total = total
        self.currency = currency
    }
}
