/// What a board stores for every ticket it holds: 32 bytes of plain values, two to a cache
/// line. The rest of a `TicketRecord` — when it started, was ready and was picked up, and
/// a line prep unlike its part's — is stored only for the tickets that have it
/// (`TicketTimes`), so a backlog of queued tickets costs 32 bytes each.
struct TicketSlot: Sendable, Hashable {
    var ordered: Int64
    var promised: Int64
    var firstPartPrep: Int64
    var line: Int32
    var state: TicketState
    var firstPartState: TicketState
    /// `TicketRecord`'s flags, and whether the slot's times are stored.
    var flags: UInt8

    /// Whether the slot holds a ticket.
    var isHeld: Bool { flags & TicketRecord.held != 0 }

    /// Whether the ticket keeps extras beside its slot.
    var hasExtras: Bool { flags & TicketRecord.extras != 0 }

    /// An empty slot.
    static let empty = TicketSlot(ordered: 0, promised: 0, firstPartPrep: 0, line: -1, state: .cancelled, firstPartState: .ready, flags: 0)
}

/// The part of a ticket's record only some tickets have: its times once it moves on, and
/// its line's prep when that is not its part's.
struct TicketTimes: Sendable, Hashable {
    var started: Int64 = 0
    var readyAt: Int64 = 0
    var pickedUpAt: Int64 = 0
    var linePrep: Int64 = 0
}
