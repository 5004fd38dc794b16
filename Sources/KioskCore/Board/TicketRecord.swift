/// What a board keeps of a ticket: plain values, so a ticket costs no allocation, no
/// reference count, and nothing to free. It is stored split (`slot`, `times`): what every
/// ticket has in a `TicketSlot`, the rest only when a ticket has it.
///
/// A ticket of one line (the usual order) names that line, its station and what its order
/// took and cost by an entry in the store's `LineCatalog`, and keeps the line's prep here.
/// A ticket of one part keeps that part here: its station is the catalog entry's, and it
/// started when the ticket did. Other tickets keep their lines, their first part's station
/// and start, their later parts and what their order took beside the slot
/// (`TicketStore.Extras`).
struct TicketRecord: Sendable, Hashable {
    static let hasStarted: UInt8 = 1
    static let hasReadyAt: UInt8 = 2
    private static let hasPickedUpAt: UInt8 = 4
    private static let late: UInt8 = 8
    static let held: UInt8 = 16
    static let extras: UInt8 = 32
    /// In a slot's flags only: the line's prep is in the times, not the part's.
    private static let ownLinePrep: UInt8 = 64
    /// The flags of a slot whose times are stored.
    static let timed: UInt8 = hasStarted | hasReadyAt | hasPickedUpAt | ownLinePrep

    var orderedMilliseconds: Int64
    var promisedMilliseconds: Int64
    private var startedMilliseconds: Int64 = 0
    private var readyAtMilliseconds: Int64 = 0
    private var pickedUpAtMilliseconds: Int64 = 0
    /// The prep of part 0, in milliseconds.
    var firstPartPrep: Int64
    /// The prep of the ticket's one line, when the line is in the catalog.
    var linePrep: Int64 = 0
    /// The ticket's one line in `TicketStore.lines`; -1 when its lines are kept in the
    /// extras.
    var line: Int32 = -1
    var state: TicketState
    var firstPartState: TicketState
    private var flags: UInt8 = held

    init(ordered: Int64, promised: Int64, state: TicketState, firstPartPrep: Int64, firstPartState: TicketState) {
        orderedMilliseconds = ordered
        promisedMilliseconds = promised
        self.state = state
        self.firstPartPrep = firstPartPrep
        self.firstPartState = firstPartState
    }

    /// The record of a stored slot and its times (`TicketTimes()` when the slot has none).
    init(slot: TicketSlot, times: TicketTimes) {
        orderedMilliseconds = slot.ordered
        promisedMilliseconds = slot.promised
        firstPartPrep = slot.firstPartPrep
        line = slot.line
        state = slot.state
        firstPartState = slot.firstPartState
        flags = slot.flags & ~Self.ownLinePrep
        startedMilliseconds = times.started
        readyAtMilliseconds = times.readyAt
        pickedUpAtMilliseconds = times.pickedUpAt
        linePrep = slot.flags & Self.ownLinePrep != 0 ? times.linePrep : slot.firstPartPrep
    }

    /// What is stored for every ticket.
    var slot: TicketSlot {
        TicketSlot(
            ordered: orderedMilliseconds, promised: promisedMilliseconds, firstPartPrep: firstPartPrep, line: line, state: state,
            firstPartState: firstPartState, flags: hasOwnLinePrep ? flags | Self.ownLinePrep : flags
        )
    }

    /// What is stored only for tickets that have it; `nil` when this one has none.
    var times: TicketTimes? {
        guard flags & Self.timed != 0 || hasOwnLinePrep else { return nil }
        return TicketTimes(started: startedMilliseconds, readyAt: readyAtMilliseconds, pickedUpAt: pickedUpAtMilliseconds, linePrep: linePrep)
    }

    /// Whether its one line, in the catalog, has a prep unlike its part's.
    private var hasOwnLinePrep: Bool { line >= 0 && linePrep != firstPartPrep }

    var ordered: Timestamp { Timestamp(millisecondsSince1970: orderedMilliseconds) }
    var promised: Timestamp { Timestamp(millisecondsSince1970: promisedMilliseconds) }

    /// When the ticket started; for a ticket of one part, when that part did.
    var started: Timestamp? {
        get { time(startedMilliseconds, Self.hasStarted) }
        set { startedMilliseconds = store(newValue, Self.hasStarted) }
    }

    var readyAt: Timestamp? {
        get { time(readyAtMilliseconds, Self.hasReadyAt) }
        set { readyAtMilliseconds = store(newValue, Self.hasReadyAt) }
    }

    var pickedUpAt: Timestamp? {
        get { time(pickedUpAtMilliseconds, Self.hasPickedUpAt) }
        set { pickedUpAtMilliseconds = store(newValue, Self.hasPickedUpAt) }
    }

    /// Whether `ticket.late` went out for it.
    var isLate: Bool {
        get { flags & Self.late != 0 }
        set { set(Self.late, newValue) }
    }

    /// Whether the slot holds a ticket.
    var isHeld: Bool { flags & Self.held != 0 }

    /// Whether the slot has extras: lines, parts or what its order took beside it.
    var hasExtras: Bool {
        get { flags & Self.extras != 0 }
        set { set(Self.extras, newValue) }
    }

    private func time(_ milliseconds: Int64, _ flag: UInt8) -> Timestamp? {
        flags & flag == 0 ? nil : Timestamp(millisecondsSince1970: milliseconds)
    }

    /// The milliseconds to keep for `value`, with its flag set or cleared.
    private mutating func store(_ value: Timestamp?, _ flag: UInt8) -> Int64 {
        set(flag, value != nil)
        return value?.millisecondsSince1970 ?? 0
    }

    private mutating func set(_ flag: UInt8, _ on: Bool) {
        flags = on ? flags | flag : flags & ~flag
    }
}
