/// The tickets a board holds, by number: flat storage indexed by `number - origin`, in
/// chunks of `chunkSize` slots (few allocations for a backlog of hundreds of thousands of
/// tickets, each small enough that a copy of one is cheap).
///
/// Numbers only increase, so a new ticket goes at the end, and tickets leave the front
/// in amortized O(1): once the oldest ticket held leaves, the front moves past every
/// empty slot, and chunks wholly before it are dropped. A ticket that leaves from the
/// middle leaves an empty slot until the front reaches it. No lookup hashes.
///
/// Each slot is a `TicketSlot` of plain values, half a cache line, and a ticket that has
/// times (it started, was ready, was picked up) keeps them beside it in the chunk's
/// `TicketTimes`, allocated for the chunk when its first ticket needs them. A ticket of one line
/// names it by an entry in `lines` (one entry for every ticket of the same line, station
/// and cost): a million such tickets are a million slots and nothing else. A ticket of
/// several lines or stations keeps them beside its slot, in the chunk's `Extras`.
///
/// Copies share their chunks (copy on write, a chunk at a time): a session that keeps the
/// kiosk as it was before each transaction copies a list of chunks, not every ticket, and
/// the first change after the copy copies the one chunk it touches. A chunk is plain
/// arrays of values (`Chunk`), so the arrays' own copy on write does this: no reference
/// the store manages, no pointer, nothing to check before a write.
struct TicketStore {
    static var chunkShift: Int { 8 }
    static var chunkSize: Int { 1 << chunkShift }

    /// What a ticket keeps beside its slot when the slot cannot say it: its lines and what
    /// its order took and cost (when not in the catalog), its first part's station, and its
    /// later parts, with when its first part started once there are several.
    struct Extras: Sendable, Hashable {
        var otherParts: [Ticket.Part] = []
        var lines: [TicketLine] = []
        var consumed: [IngredientCount] = []
        var lineTotals: [Money] = []
        var firstPartStation = 0
        var firstPartStarted: Timestamp?
    }

    private var chunks: [Chunk] = []
    /// Chunks before `head` are wholly before the front: dropped now and then, together.
    private var head = 0
    /// The number of the first slot of `chunks[0]`.
    private var origin = 0
    /// The smallest number that may still be held.
    private var front = 0
    /// One past the largest number ever held.
    private(set) var end = 0
    /// The last chunk of a window that emptied, kept for the next window: a board that
    /// empties and fills again allocates nothing.
    private var spare: Chunk?
    /// How many tickets are held.
    private(set) var count = 0
    /// The lines of one-line tickets. Only ever grows.
    private var lines = LineCatalog()

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The numbers from the oldest ticket held to the newest: every ticket held is
    /// among them.
    var numbers: Range<Int> { count == 0 ? end..<end : front..<end }

    /// The slot of the ticket numbered `number`, if it is held.
    subscript(number: Int) -> TicketRecord? {
        guard let (chunk, slot) = location(of: number), chunks[chunk].slots[slot].isHeld else { return nil }
        return chunks[chunk].record(at: slot)
    }

    /// Changes the slot of the ticket numbered `number`, if it is held.
    @inline(__always)
    mutating func update(_ number: Int, _ change: (inout TicketRecord) -> Void) {
        guard let (chunk, slot) = location(of: number), chunks[chunk].slots[slot].isHeld else { return }
        var record = chunks[chunk].record(at: slot)
        change(&record)
        chunks[chunk].store(record, at: slot)
    }

    /// The whole ticket numbered `number`, if it is held.
    func ticket(_ number: Int) -> Ticket? {
        guard let (chunk, slot) = location(of: number), chunks[chunk].slots[slot].isHeld else { return nil }
        let record = chunks[chunk].record(at: slot)
        let extras = record.hasExtras ? chunks[chunk].extras[slot] : Extras()
        let entry = record.line >= 0 ? lines[record.line] : nil
        return Ticket(
            number: number, lines: entry.map { [$0.line(prep: record.linePrep)] } ?? extras.lines, ordered: record.ordered,
            promised: record.promised, state: record.state, firstPart: firstPart(record, entry: entry, extras: extras),
            otherParts: extras.otherParts, started: record.started, readyAt: record.readyAt, pickedUpAt: record.pickedUpAt,
            isLate: record.isLate, consumed: entry?.consumed ?? extras.consumed, lineTotals: entry?.lineTotals ?? extras.lineTotals
        )
    }

    private func firstPart(_ record: TicketRecord, entry: LineCatalog.Entry?, extras: Extras) -> Ticket.Part {
        Ticket.Part(
            station: entry?.partStation ?? extras.firstPartStation, prep: record.firstPartPrep, state: record.firstPartState,
            started: extras.otherParts.isEmpty ? record.started : extras.firstPartStarted
        )
    }

    /// How many parts the ticket has: 0 when it is not held.
    func partCount(_ number: Int) -> Int {
        guard let (chunk, slot) = location(of: number) else { return 0 }
        let record = chunks[chunk].slots[slot]
        guard record.isHeld else { return 0 }
        return record.hasExtras ? 1 + chunks[chunk].extras[slot].otherParts.count : 1
    }

    /// The station of the ticket's first part.
    func firstStation(of number: Int) -> Int? {
        guard let (chunk, slot) = location(of: number) else { return nil }
        let record = chunks[chunk].slots[slot]
        guard record.isHeld else { return nil }
        return record.line >= 0 ? lines.partStation(of: record.line) : chunks[chunk].extras[slot].firstPartStation
    }

    /// Part `index` of the ticket numbered `number`.
    func part(_ number: Int, _ index: Int) -> Ticket.Part? {
        guard index >= 0, let (chunk, slot) = location(of: number), chunks[chunk].slots[slot].isHeld else { return nil }
        let record = chunks[chunk].record(at: slot)
        if !record.hasExtras {
            guard index == 0 else { return nil }
            return Ticket.Part(station: lines.partStation(of: record.line), prep: record.firstPartPrep, state: record.firstPartState, started: record.started)
        }
        let extras = chunks[chunk].extras[slot]
        guard index <= extras.otherParts.count else { return nil }
        if index > 0 { return extras.otherParts[index - 1] }
        return firstPart(record, entry: record.line >= 0 ? lines[record.line] : nil, extras: extras)
    }

    /// Which part of the ticket is made at `station`, and its state: a ticket has at most
    /// one part per station.
    func part(_ number: Int, at station: Int) -> (index: Int, state: TicketState)? {
        guard let (chunk, slot) = location(of: number) else { return nil }
        let record = chunks[chunk].slots[slot]
        guard record.isHeld else { return nil }
        if !record.hasExtras {
            return lines.partStation(of: record.line) == station ? (0, record.firstPartState) : nil
        }
        let extras = chunks[chunk].extras[slot]
        let first = record.line >= 0 ? lines.partStation(of: record.line) : extras.firstPartStation
        if first == station { return (0, record.firstPartState) }
        guard let index = extras.otherParts.firstIndex(where: { $0.station == station }) else { return nil }
        return (index + 1, extras.otherParts[index].state)
    }

    /// The state of part `index` of the ticket numbered `number`, read without making the
    /// part: the first part's is in the slot.
    func partState(_ number: Int, _ index: Int) -> TicketState? {
        guard index >= 0, let (chunk, slot) = location(of: number) else { return nil }
        let stored = chunks[chunk].slots[slot]
        guard stored.isHeld else { return nil }
        if index == 0 { return stored.firstPartState }
        guard stored.hasExtras else { return nil }
        let others = chunks[chunk].extras[slot].otherParts
        return index <= others.count ? others[index - 1].state : nil
    }

    /// The ticket's parts after the first, in order.
    func otherParts(_ number: Int) -> [Ticket.Part] {
        guard let (chunk, slot) = location(of: number), chunks[chunk].slots[slot].isHeld, chunks[chunk].slots[slot].hasExtras else { return [] }
        return chunks[chunk].extras[slot].otherParts
    }

    /// The station of the ticket's first part, and its other parts: for the usual ticket
    /// of one part, no array is made.
    func stations(of number: Int) -> (first: Int, others: [Ticket.Part])? {
        guard let first = firstStation(of: number) else { return nil }
        return (first, otherParts(number))
    }

    /// Changes part `index` of the ticket numbered `number`, if it has one. A ticket of
    /// one part started when its part did: a change to the part's start is the ticket's.
    mutating func updatePart(_ number: Int, _ index: Int, _ change: (inout Ticket.Part) -> Void) {
        guard let part = part(number, index), let (chunk, slot) = location(of: number) else { return }
        var changed = part
        change(&changed)
        if index > 0 {
            chunks[chunk].changeExtras(at: slot) { $0.otherParts[index - 1] = changed }
            return
        }
        // The line's prep stays what it was: a record whose part's prep changes keeps it.
        var record = chunks[chunk].record(at: slot)
        record.firstPartPrep = changed.prep
        record.firstPartState = changed.state
        if record.hasExtras {
            chunks[chunk].changeExtras(at: slot) { extras in
                extras.firstPartStation = changed.station
                if !extras.otherParts.isEmpty { extras.firstPartStarted = changed.started }
            }
        }
        if !(record.hasExtras && !chunks[chunk].extras[slot].otherParts.isEmpty), changed.started != part.started {
            record.started = changed.started
        }
        chunks[chunk].store(record, at: slot)
    }

    /// Whether every part of the ticket is done.
    func allPartsReady(_ number: Int) -> Bool {
        guard let (chunk, slot) = location(of: number) else { return false }
        let stored = chunks[chunk].slots[slot]
        guard stored.isHeld, stored.firstPartState == .ready else { return false }
        return !stored.hasExtras || chunks[chunk].extras[slot].otherParts.allSatisfy { $0.state == .ready }
    }

    /// Adds `ticket` at its number, which is at least `end` (numbers only increase; a
    /// smaller one is ignored); the numbers skipped between are empty.
    mutating func append(_ ticket: Ticket) {
        guard ticket.number >= end else { return }
        var record = TicketRecord(
            ordered: ticket.ordered.millisecondsSince1970, promised: ticket.promised.millisecondsSince1970, state: ticket.state,
            firstPartPrep: ticket.firstPart.prep, firstPartState: ticket.firstPart.state
        )
        record.started = ticket.otherParts.isEmpty ? ticket.started ?? ticket.firstPart.started : ticket.started
        record.readyAt = ticket.readyAt
        record.pickedUpAt = ticket.pickedUpAt
        record.isLate = ticket.isLate
        var extras = Extras(otherParts: ticket.otherParts, firstPartStation: ticket.firstPart.station, firstPartStarted: ticket.firstPart.started)
        if ticket.lines.count == 1,
           let entry = lines.entry(for: ticket.lines[0], partStation: ticket.firstPart.station, consumed: ticket.consumed, lineTotals: ticket.lineTotals, hint: nil) {
            record.line = entry
            record.linePrep = ticket.lines[0].prep
        } else {
            extras.lines = ticket.lines
            extras.consumed = ticket.consumed
            extras.lineTotals = ticket.lineTotals
        }
        place(record, extras: record.line >= 0 && ticket.otherParts.isEmpty ? nil : extras, at: ticket.number)
    }

    /// Adds a queued ticket of one line and one part at `number`, at least `end`: what a
    /// kiosk's usual order makes, with no array for its lines or parts.
    ///
    /// - Parameter hint: the line's item as the caller numbers its items (a menu's index),
    ///   so its catalog entry is found without hashing.
    mutating func append(
        _ number: Int, line: TicketLine, hint: Int?, part: Ticket.Part, ordered: Int64, promised: Int64,
        consumed: [IngredientCount], lineTotals: [Money]
    ) {
        guard number >= end else { return }
        var record = TicketRecord(ordered: ordered, promised: promised, state: .queued, firstPartPrep: part.prep, firstPartState: part.state)
        record.started = part.started
        if let entry = lines.entry(for: line, partStation: part.station, consumed: consumed, lineTotals: lineTotals, hint: hint) {
            record.line = entry
            record.linePrep = line.prep
            place(record, extras: nil, at: number)
        } else {
            place(record, extras: Extras(lines: [line], consumed: consumed, lineTotals: lineTotals, firstPartStation: part.station), at: number)
        }
    }

    /// Whether catalog entry `entry` is a line of `quantity` without choices whose order took
    /// `consumed` and cost `lineTotals`: arrays the menu made once compare as one word each.
    func line(_ entry: Int32, is quantity: Int, consumed: [IngredientCount], lineTotals: [Money]) -> Bool {
        guard entry >= 0, Int(entry) < lines.count else { return false }
        let known = lines[entry]
        return known.quantity == quantity && known.consumed == consumed && known.lineTotals == lineTotals && known.choice == nil
    }

    /// Adds a queued ticket of one part at `number`, at least `end`, whose one line is
    /// catalog entry `entry` (see `line(_:is:consumed:lineTotals:)`): the usual order.
    mutating func append(_ number: Int, line entry: Int32, linePrep: Int64, prep: Int64, ordered: Int64, promised: Int64) {
        guard number >= end else { return }
        var record = TicketRecord(ordered: ordered, promised: promised, state: .queued, firstPartPrep: prep, firstPartState: .queued)
        record.line = entry
        record.linePrep = linePrep
        place(record, extras: nil, at: number)
    }

    // MARK: Moves in place

    /// A part that `begin(_:part:prep:at:)` started.
    struct BegunPart {
        let index: Int
        let station: Int
        let prep: Int64
        /// Whether the ticket was queued, and so started with this part.
        let ticketWasQueued: Bool
    }

    /// Part `index` of the ticket numbered `number` goes from queued to preparing at
    /// `time` (milliseconds since 1970), taking `prep` (its own prep when `nil`); a queued
    /// ticket starts with it and is preparing.
    ///
    /// A ticket of one part changes in its slot, read and written once: the move a busy
    /// board makes most.
    ///
    /// - Returns: `nil`, with nothing changed, when the ticket has no such part or the part
    ///   is not queued.
    mutating func begin(_ number: Int, part index: Int, prep: Int64?, at time: Int64) -> BegunPart? {
        begin(number, part: .index(index), prep: prep, at: time)
    }

    /// `begin(_:part:prep:at:)` for the ticket's part made at `station`, if it has one:
    /// the part a station's free hand takes.
    mutating func begin(_ number: Int, atStation station: Int, at time: Int64) -> BegunPart? {
        begin(number, part: .station(station), prep: nil, at: time)
    }

    /// A part of a ticket, by its index or by its station (a ticket has at most one part
    /// per station).
    private enum PartChoice {
        case index(Int)
        case station(Int)
    }

    private mutating func begin(_ number: Int, part choice: PartChoice, prep: Int64?, at time: Int64) -> BegunPart? {
        guard let (chunk, slot) = location(of: number) else { return nil }
        let stored = chunks[chunk].slots[slot]
        guard stored.isHeld else { return nil }
        // A new prep for a ticket of one part may differ from its line's: the record keeps both.
        guard stored.hasExtras || (prep != nil && prep != stored.firstPartPrep) else {
            guard stored.firstPartState == .queued else { return nil }
            let station = lines.partStation(of: stored.line)
            switch choice {
            case .index(let index): guard index == 0 else { return nil }
            case .station(let wanted): guard wanted == station else { return nil }
            }
            let wasQueued = stored.state == .queued
            chunks[chunk].beginOnlyPart(at: slot, time: time)
            return BegunPart(index: 0, station: station, prep: stored.firstPartPrep, ticketWasQueued: wasQueued)
        }
        let index: Int
        switch choice {
        case .index(let chosen): index = chosen
        case .station(let station):
            guard let found = self.part(number, at: station) else { return nil }
            index = found.index
        }
        guard let part = part(number, index), part.state == .queued else { return nil }
        let prep = prep ?? part.prep
        let started = Timestamp(millisecondsSince1970: time)
        updatePart(number, index) { part in
            part.state = .preparing
            part.started = started
            part.prep = prep
        }
        let wasQueued = stored.state == .queued
        if wasQueued {
            update(number) { record in
                record.started = started
                record.state = .preparing
            }
        }
        return BegunPart(index: index, station: part.station, prep: prep, ticketWasQueued: wasQueued)
    }

    /// Part `index` of the ticket numbered `number` is done, or leaves its station
    /// unfinished: it is ready.
    ///
    /// - Returns: the part's station and the state it left, queued or preparing; `nil`, with
    ///   nothing changed, when the ticket has no such part or the part is in neither.
    mutating func release(_ number: Int, part index: Int) -> (station: Int, from: TicketState)? {
        guard let (chunk, slot) = location(of: number) else { return nil }
        let stored = chunks[chunk].slots[slot]
        guard stored.isHeld else { return nil }
        guard stored.hasExtras else {
            let from = stored.firstPartState
            guard index == 0, from == .queued || from == .preparing else { return nil }
            chunks[chunk].releaseOnlyPart(at: slot)
            return (lines.partStation(of: stored.line), from)
        }
        guard let part = part(number, index), part.state == .queued || part.state == .preparing else { return nil }
        updatePart(number, index) { $0.state = .ready }
        return (part.station, part.state)
    }

    /// What `finish(_:part:at:)` did.
    struct FinishedPart {
        let station: Int
        /// Whether every part of the ticket is done now: it is ready.
        let ticketIsReady: Bool
        /// Whether the ticket is ready for the first time (it may have been recalled).
        let isFirstReady: Bool
        /// Whether the part was the ticket's only one.
        let isOnlyPart: Bool
    }

    /// Part `index` of the ticket numbered `number`, preparing, is done at `time`
    /// (milliseconds since 1970); when every part is, the ticket is ready too
    /// (`markReady(_:at:)`).
    ///
    /// A ticket of one part changes in its slot, read and written once.
    ///
    /// - Returns: `nil`, with nothing changed, when the ticket has no such part preparing.
    mutating func finish(_ number: Int, part index: Int, at time: Int64) -> FinishedPart? {
        guard let (chunk, slot) = location(of: number) else { return nil }
        let stored = chunks[chunk].slots[slot]
        guard stored.isHeld else { return nil }
        guard stored.hasExtras else {
            guard index == 0, stored.firstPartState == .preparing else { return nil }
            let first = chunks[chunk].finishOnlyPart(at: slot, time: time)
            return FinishedPart(station: lines.partStation(of: stored.line), ticketIsReady: true, isFirstReady: first, isOnlyPart: true)
        }
        guard partState(number, index) == .preparing, let released = release(number, part: index) else { return nil }
        guard allPartsReady(number) else { return FinishedPart(station: released.station, ticketIsReady: false, isFirstReady: false, isOnlyPart: false) }
        let first = markReady(number, at: time) ?? false
        return FinishedPart(station: released.station, ticketIsReady: true, isFirstReady: first, isOnlyPart: partCount(number) == 1)
    }

    /// The ticket numbered `number` is ready, at `time` (milliseconds since 1970) unless
    /// it was ready before (a recalled ticket).
    ///
    /// - Returns: whether it is ready for the first time; `nil` when it is not held.
    mutating func markReady(_ number: Int, at time: Int64) -> Bool? {
        guard let (chunk, slot) = location(of: number), chunks[chunk].slots[slot].isHeld else { return nil }
        return chunks[chunk].markReady(at: slot, time: time)
    }

    /// Removes the ticket numbered `number` and returns it, if it was held.
    @discardableResult
    mutating func remove(_ number: Int) -> Ticket? {
        guard let ticket = ticket(number) else { return nil }
        drop(number)
        return ticket
    }

    /// Removes the ticket numbered `number`, without returning it.
    mutating func drop(_ number: Int) {
        guard let (chunk, slot) = location(of: number), chunks[chunk].slots[slot].isHeld else { return }
        chunks[chunk].empty(slot)
        didRemove(number)
    }

    /// The tickets held, in number order.
    var tickets: [Ticket] {
        var result: [Ticket] = []
        result.reserveCapacity(count)
        for number in numbers {
            if let ticket = ticket(number) { result.append(ticket) }
        }
        return result
    }

    /// What the ticket's order took from stock.
    func consumed(_ number: Int) -> [IngredientCount] {
        guard let record = self[number] else { return [] }
        if record.line >= 0 { return lines[record.line].consumed }
        guard record.hasExtras, let (chunk, slot) = location(of: number) else { return [] }
        return chunks[chunk].extras[slot].consumed
    }

    // MARK: Storage

    private mutating func place(_ record: TicketRecord, extras: Extras?, at number: Int) {
        // The usual case: a slot of a chunk the window has, and nothing but the slot (and
        // perhaps its times) to store.
        var index = number - origin
        if count > 0, extras == nil, index >> Self.chunkShift < chunks.count {
            chunks[index >> Self.chunkShift].store(record, at: index & (Self.chunkSize - 1))
            count += 1
            end = number + 1
            return
        }
        if count == 0 {
            // Nothing held: start the window afresh at this number, keeping a chunk. Every
            // slot is empty, its extras too; one a copy still shares is copied at its first
            // change, as any shared chunk is.
            if spare == nil { spare = chunks.last }
            chunks.removeAll(keepingCapacity: true)
            head = 0
            origin = number
            front = number
            index = 0
        }
        while index >> Self.chunkShift >= chunks.count { chunks.append(takeSpare()) }
        let chunk = index >> Self.chunkShift
        let slot = index & (Self.chunkSize - 1)
        var record = record
        if let extras {
            record.hasExtras = true
            chunks[chunk].setExtras(extras, at: slot)
        }
        chunks[chunk].store(record, at: slot)
        count += 1
        end = number + 1
    }

    private func isHeld(_ number: Int) -> Bool {
        guard let (chunk, slot) = location(of: number) else { return false }
        return chunks[chunk].slots[slot].isHeld
    }

    private func location(of number: Int) -> (chunk: Int, slot: Int)? {
        guard number >= front, number < end else { return nil }
        let index = number - origin
        return (index >> Self.chunkShift, index & (Self.chunkSize - 1))
    }

    private mutating func takeSpare() -> Chunk {
        if let chunk = spare {
            spare = nil
            return chunk
        }
        return Chunk()
    }

    /// After a removal: the front moves past empty slots, and chunks before it go.
    private mutating func didRemove(_ number: Int) {
        count -= 1
        guard number == front else { return }
        if count == 0 {
            front = end
        } else {
            // The slot's flag alone: no record is made of a slot passed over.
            while front < end, !isHeld(front) { front += 1 }
        }
        // Every slot of a chunk before the front is empty already.
        head = max(head, min((front - origin) >> Self.chunkShift, chunks.count))
        if head >= 16, head * 2 >= chunks.count {
            chunks.removeFirst(head)
            origin += head << Self.chunkShift
            head = 0
        }
    }
}

extension TicketStore: Equatable {
    /// Equal when the same tickets are held, however the storage is laid out.
    static func == (lhs: TicketStore, rhs: TicketStore) -> Bool {
        lhs.count == rhs.count && lhs.tickets == rhs.tickets
    }
}

extension TicketStore: Sendable {}

/// A chunk's slots, and the times and extras of those that need them: the times and the
/// extras each allocated the first time a ticket of the chunk needs them, so a chunk of
/// queued one-line tickets is its slots alone.
///
/// Plain arrays of values: copies of the store share them, and a change through one copy
/// copies only the array it changes. Each move below changes a slot by reading it and
/// writing it back once, so a move checks the slots' uniqueness once, not per field; the
/// moves the simulator makes for every ticket are inlined into the store's, where the
/// compiler can fold them into its one access of the chunk.
private struct Chunk: Sendable {
    private(set) var slots = Array(repeating: TicketSlot.empty, count: TicketStore.chunkSize)
    private(set) var extras: [TicketStore.Extras] = []
    private var times: [TicketTimes] = []

    /// The record in `slot`: its stored slot, and its times if it has them.
    @inline(__always)
    func record(at slot: Int) -> TicketRecord {
        let stored = slots[slot]
        return TicketRecord(slot: stored, times: stored.flags & TicketRecord.timed != 0 ? times[slot] : TicketTimes())
    }

    /// Stores `record` in `slot`, and its times if it has them.
    @inline(__always)
    mutating func store(_ record: TicketRecord, at slot: Int) {
        slots[slot] = record.slot
        if let times = record.times { changeTimes(at: slot) { $0 = times } }
    }

    /// Changes the extras of the ticket in `slot`, whose flags say it has them.
    mutating func changeExtras(at slot: Int, _ change: (inout TicketStore.Extras) -> Void) {
        change(&extras[slot])
    }

    /// Keeps `extras` for the ticket about to be stored in `slot`.
    mutating func setExtras(_ extras: TicketStore.Extras, at slot: Int) {
        if self.extras.isEmpty { self.extras = Array(repeating: TicketStore.Extras(), count: TicketStore.chunkSize) }
        self.extras[slot] = extras
    }

    /// Empties `slot`, dropping its extras: a slot emptied holds nothing a later ticket
    /// could see, so a chunk whose every slot is empty is as good as a new one.
    @inline(__always)
    mutating func empty(_ slot: Int) {
        if slots[slot].hasExtras { extras[slot] = TicketStore.Extras() }
        slots[slot] = .empty
    }

    /// Marks the first part preparing of the ticket of one part in `slot`, and the ticket
    /// with it if it was queued, started at `time` (milliseconds since 1970).
    @inline(__always)
    mutating func beginOnlyPart(at slot: Int, time: Int64) {
        var ticket = slots[slot]
        ticket.firstPartState = .preparing
        if ticket.state == .queued { ticket.state = .preparing }
        // Only the time set here is read from now on: a time is read only when its flag is set.
        ticket.flags |= TicketRecord.hasStarted
        slots[slot] = ticket
        changeTimes(at: slot) { $0.started = time }
    }

    /// Marks the one part of the ticket in `slot` ready, the ticket as it was.
    @inline(__always)
    mutating func releaseOnlyPart(at slot: Int) {
        slots[slot].firstPartState = .ready
    }

    /// Marks the one part of the ticket in `slot` done, and the ticket ready
    /// (`markReady(at:time:)`).
    @inline(__always)
    mutating func finishOnlyPart(at slot: Int, time: Int64) -> Bool {
        var ticket = slots[slot]
        ticket.firstPartState = .ready
        return store(ready: ticket, at: slot, time: time)
    }

    /// Marks the ticket in `slot` ready, with its ready time unless it has one.
    ///
    /// - Returns: whether it had none: it is ready for the first time.
    @inline(__always)
    mutating func markReady(at slot: Int, time: Int64) -> Bool {
        store(ready: slots[slot], at: slot, time: time)
    }

    /// Stores `ticket` in `slot`, ready, with its ready time unless it has one; returns
    /// whether it had none.
    @inline(__always)
    private mutating func store(ready ticket: TicketSlot, at slot: Int, time: Int64) -> Bool {
        var ticket = ticket
        ticket.state = .ready
        let isFirst = ticket.flags & TicketRecord.hasReadyAt == 0
        if isFirst { ticket.flags |= TicketRecord.hasReadyAt }
        slots[slot] = ticket
        if isFirst { changeTimes(at: slot) { $0.readyAt = time } }
        return isFirst
    }

    /// Changes the times stored for `slot`, allocating the chunk's times first if none
    /// are yet.
    @inline(__always)
    private mutating func changeTimes(at slot: Int, _ change: (inout TicketTimes) -> Void) {
        if times.isEmpty { allocateTimes() }
        change(&times[slot])
    }

    /// Once a chunk: out of line, so the moves that inline `changeTimes` stay small.
    @inline(never)
    private mutating func allocateTimes() {
        times = Array(repeating: TicketTimes(), count: TicketStore.chunkSize)
    }
}
