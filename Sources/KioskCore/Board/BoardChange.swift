/// Something that happened on the board, at the time it happened: what a kiosk turns into
/// an event (all but `warned`, which only tells a display to redraw).
public enum BoardChange: Sendable, Hashable {
    case started(ticket: Int, station: Int, prep: Int64, at: Timestamp)
    case ready(ticket: Int, at: Timestamp)
    case pickedUp(ticket: Int, at: Timestamp)
    case recalled(ticket: Int, at: Timestamp)
    case cancelled(ticket: Int, from: TicketState, at: Timestamp)
    case late(ticket: Int, at: Timestamp)
    /// The ticket reached its `warn` age; no event goes out for it.
    case warned(ticket: Int, at: Timestamp)

    public var ticket: Int {
        switch self {
        case .started(let ticket, _, _, _), .ready(let ticket, _), .pickedUp(let ticket, _), .recalled(let ticket, _),
             .cancelled(let ticket, _, _), .late(let ticket, _), .warned(let ticket, _):
            ticket
        }
    }

    public var time: Timestamp {
        switch self {
        case .started(_, _, _, let time), .ready(_, let time), .pickedUp(_, let time), .recalled(_, let time),
             .cancelled(_, _, let time), .late(_, let time), .warned(_, let time):
            time
        }
    }
}

/// A move on the board, as a command asks for it. `nil` picks the oldest ticket the move
/// applies to.
public enum BoardCommand: Sendable, Hashable {
    /// queued → preparing.
    case start(Int?)
    /// preparing → ready.
    case ready(Int?)
    /// ready → picked up.
    case pickup(Int?)
    /// The next state, whatever it is; alone, the oldest ticket still in the kitchen.
    case bump(Int?)
    /// picked up → ready; alone, the last one picked up. Only the last 20 picked up.
    case recall(Int?)
    /// Out of the board, the sale reversed.
    case cancel(Int)
}
