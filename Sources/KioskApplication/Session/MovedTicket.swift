import KioskCore

/// A ticket as a move on the board left it: its number, its state now, and its items.
public struct MovedTicket: Sendable, Equatable {
    public let ticket: Int
    public let state: TicketState
    public let lines: [ItemQuantity]

    public init(ticket: Int, state: TicketState, lines: [ItemQuantity]) {
        self.ticket = ticket
        self.state = state
        self.lines = lines
    }
}
