import KioskCore

/// The seam between the simulation and whoever decides who prepares what, and when: the
/// stations, their staff, their queues.
///
/// The simulation owns the clock. It hands the kitchen a ticket when an order is made,
/// tells it when a started ticket is ready (at the `ready` time the kitchen announced),
/// and withdraws a queued ticket whose customer gave up. The kitchen answers each call
/// with the tickets that start at that moment, appending them to `started` (a buffer the
/// simulation empties and reuses, so no call allocates). Every start it announces must be
/// at the time of the call, and `ready` no earlier.
///
/// Ticket ids are small dense slots (see `TicketID`), so a kitchen may keep per-ticket
/// state in arrays indexed by slot. `BoardKitchen` is the one the simulator runs;
/// `FIFOKitchen` is the oracle it is tested against.
public protocol Kitchen {
    /// A new ticket at `time`.
    mutating func submit(_ ticket: KitchenTicket, at time: Timestamp, started: inout [TicketStart])

    /// The ticket announced as ready at `time` is done; its server is free.
    mutating func finish(_ ticket: TicketID, at time: Timestamp, started: inout [TicketStart])

    /// Takes a queued ticket off the board because its customer left.
    ///
    /// - Returns: `false` when the ticket has started or is unknown; nothing changes then.
    mutating func withdraw(_ ticket: TicketID, at time: Timestamp) -> Bool

    /// When the kitchen promised a ticket it holds would be ready, as the REPL's board
    /// promises it; `nil` when it makes no promises. Asked only when events are wanted.
    func promise(of ticket: TicketID) -> Timestamp?
}

extension Kitchen {
    public func promise(of ticket: TicketID) -> Timestamp? { nil }
}
