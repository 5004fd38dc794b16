import KioskCore

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
