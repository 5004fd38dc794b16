/// One line of a ticket: an item by name, how many, where and how long it is prepared.
public struct TicketLine: Sendable, Hashable {
    public let item: String
    public let quantity: Int
    /// An index into `Board.stations`.
    public let station: Int
    /// The item's prep time in milliseconds.
    public let prep: Int64
    /// The size and options, for an item that has them.
    public let choice: LineChoice?

    public init(item: String, quantity: Int, station: Int, prep: Int64, choice: LineChoice? = nil) {
        self.item = item
        self.quantity = quantity
        self.station = station
        self.prep = prep
        self.choice = choice
    }
}

/// An order on the board: its lines, when it was ordered and promised, and where it is.
///
/// A ticket is prepared in one part per station its lines use. A part takes the longest
/// prep of its lines there (the station makes them together, whatever the quantities),
/// or the service time the ticket was given. The ticket is preparing from the start of
/// its first part and ready when every part is done.
public struct Ticket: Sendable, Hashable {
    /// The ticket's work at one station.
    public struct Part: Sendable, Hashable {
        public let station: Int
        /// Milliseconds.
        public internal(set) var prep: Int64
        /// `queued`, `preparing`, or `ready` once the station is done with it.
        public internal(set) var state: TicketState
        public internal(set) var started: Timestamp?

        public init(station: Int, prep: Int64, state: TicketState, started: Timestamp?) {
            self.station = station
            self.prep = prep
            self.state = state
            self.started = started
        }
    }

    public let number: Int
    public let lines: [TicketLine]
    public let ordered: Timestamp
    /// When the ticket was promised to be ready, computed when it was made.
    public let promised: Timestamp
    public internal(set) var state: TicketState
    /// The first part, apart from the others: most tickets have one part, and then no
    /// array is made for it.
    var firstPart: Part
    var otherParts: [Part]
    /// When its first part started.
    public internal(set) var started: Timestamp?
    /// When it first became ready; a recall does not change it.
    public internal(set) var readyAt: Timestamp?
    /// When it was first picked up.
    public internal(set) var pickedUpAt: Timestamp?
    /// Whether `ticket.late` went out for it.
    public internal(set) var isLate = false
    /// What its order took from stock: back to stock or wasted when it is cancelled.
    public let consumed: [IngredientCount]
    /// The price of each line, when the order was priced: reversed when it is cancelled.
    public let lineTotals: [Money]

    /// A ticket as it was, every field given: how a snapshot brings one back.
    public init(
        number: Int, lines: [TicketLine], ordered: Timestamp, promised: Timestamp, state: TicketState, firstPart: Part, otherParts: [Part],
        started: Timestamp? = nil, readyAt: Timestamp? = nil, pickedUpAt: Timestamp? = nil, isLate: Bool = false, consumed: [IngredientCount], lineTotals: [Money]
    ) {
        self.number = number
        self.lines = lines
        self.ordered = ordered
        self.promised = promised
        self.state = state
        self.firstPart = firstPart
        self.otherParts = otherParts
        self.started = started
        self.readyAt = readyAt
        self.pickedUpAt = pickedUpAt
        self.isLate = isLate
        self.consumed = consumed
        self.lineTotals = lineTotals
    }

    /// The lines as events show them.
    public var items: [ItemQuantity] { lines.map { ItemQuantity(item: $0.item, quantity: $0.quantity, choice: $0.choice) } }

    /// Its parts, one per station, in the order its lines first use them.
    public var parts: [Part] { [firstPart] + otherParts }

    /// The stations of its parts, in the order its lines first use them.
    public var stations: [Int] { [firstPart.station] + otherParts.map(\.station) }

    var partCount: Int { 1 + otherParts.count }

    /// How old the ticket is at `time`, in milliseconds.
    public func age(at time: Timestamp) -> Int64 {
        max(0, time.millisecondsSince1970 - ordered.millisecondsSince1970)
    }
}

/// How a ticket in the kitchen is marked by its age.
public enum TicketMark: String, Sendable, Hashable {
    case warn
    case late
}
