import KioskCore

/// The ticket an order made on a board, and when it was promised to be ready:
/// `#12 ready by 09:14, in about 4 min`.
public struct TicketPromise: Sendable, Equatable {
    public let ticket: Int
    public let ordered: Timestamp
    public let promised: Timestamp

    public init(ticket: Int, ordered: Timestamp, promised: Timestamp) {
        self.ticket = ticket
        self.ordered = ordered
        self.promised = promised
    }

    /// Milliseconds from the order to the promise, never negative.
    public var wait: Int64 {
        let (difference, overflow) = promised.millisecondsSince1970.subtractingReportingOverflow(ordered.millisecondsSince1970)
        return overflow ? .max : max(0, difference)
    }

    /// The promise of the `order.succeeded` among `events`, if it carries a ticket, or of
    /// the `ticket.opened` an order paid first gets with its payment.
    static func made(in events: [Event]) -> TicketPromise? {
        for event in events.reversed() {
            switch event.payload {
            case .orderSucceeded(let made):
                guard let ticket = made.ticket, let promised = made.promised else { return nil }
                return TicketPromise(ticket: ticket, ordered: event.time, promised: promised)
            case .ticketOpened(let opened):
                return TicketPromise(ticket: opened.ticket, ordered: event.time, promised: opened.promised)
            default:
                continue
            }
        }
        return nil
    }
}
