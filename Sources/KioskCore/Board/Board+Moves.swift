/// Moves: making tickets and moving them from state to state.
extension Board {
    /// Makes a ticket of `lines` at `time` and promises it.
    ///
    /// - Parameters:
    ///   - consumed: what the order took from stock, returned or wasted on cancel.
    ///   - lineTotals: the price of each line, reversed on cancel; empty when unpriced.
    ///   - service: the time each part takes in milliseconds, in place of the items'
    ///     prep times: for a simulator drawing service times.
    /// - Returns: the new ticket; in auto mode its parts may already be preparing.
    @discardableResult
    public mutating func open(
        _ lines: [TicketLine], consumed: [IngredientCount] = [], lineTotals: [Money] = [], service: Int64? = nil,
        at time: Timestamp, changes: inout [BoardChange]
    ) -> Ticket {
        let number = add(lines, consumed: consumed, lineTotals: lineTotals, service: service, at: time, changes: &changes)
        return tickets.ticket(number) ?? Ticket.placeholder(number)
    }

    /// `open(_:consumed:lineTotals:service:at:changes:)`, returning only the new ticket's
    /// number: for callers that need no copy of the ticket, like a simulator.
    @discardableResult
    public mutating func add(
        _ lines: [TicketLine], consumed: [IngredientCount] = [], lineTotals: [Money] = [], service: Int64? = nil,
        at time: Timestamp, changes: inout [BoardChange]
    ) -> Int {
        advance(to: time, recording: &changes)
        let number = admit(lines, consumed: consumed, lineTotals: lineTotals, service: service, at: now)
        if settings.auto { dispatchAll(number, changes: &changes) }
        // Making and starting tickets only adds changes (see `noteScheduled`): the
        // advance has pruned, and nothing has left since.
        return number
    }

    /// `add(_:consumed:lineTotals:service:at:changes:)` for a ticket of one line, the
    /// usual order: nothing is allocated for it.
    ///
    /// - Parameter item: the line's item as the caller numbers items (a menu's index):
    ///   its name is then found again without hashing.
    /// - Returns: the new ticket's number and promised time.
    @discardableResult
    package mutating func add(
        _ line: TicketLine, item: Int? = nil, consumed: [IngredientCount] = [], lineTotals: [Money] = [], service: Int64? = nil,
        at time: Timestamp, changes: inout some BoardChangeRecorder
    ) -> (number: Int, promised: Timestamp) {
        advance(to: time, recording: &changes)
        let made = admit(line, item: item, consumed: consumed, lineTotals: lineTotals, service: service, at: now)
        if settings.auto { dispatch(made.station, changes: &changes) }
        return (made.number, made.promised)
    }

    /// `add(_:item:consumed:lineTotals:service:at:changes:)` for `quantity` of `menu`'s item
    /// number `item` (which must be one of its items): its name, station and prep found
    /// once per item and menu, so a kiosk's usual order reaches its board once and looks
    /// nothing up.
    @discardableResult
    package mutating func add(
        item: Int, quantity: Int, of menu: Menu, consumed: [IngredientCount], lineTotals: [Money], at time: Timestamp,
        changes: inout [BoardChange]
    ) -> (number: Int, promised: Timestamp) {
        let known = itemLine(item, of: menu)
        guard known.entry >= 0, tickets.line(known.entry, is: quantity, consumed: consumed, lineTotals: lineTotals) else {
            let line = TicketLine(item: menu.items[item].name, quantity: quantity, station: known.station, prep: known.prep)
            let made = add(line, item: item, consumed: consumed, lineTotals: lineTotals, at: time, changes: &changes)
            if let entry = tickets[made.number]?.line, item < itemLines.count { itemLines[item].entry = entry }
            return made
        }
        advance(to: time, recording: &changes)
        let number = nextNumber
        let t = now.millisecondsSince1970
        // The line's station is on the board (`station(forMenuStation:)`): the part is made
        // there, in the line's prep.
        let prep = max(0, known.prep)
        let ready = max(t, enqueue(number, prep: prep, at: known.station, time: t))
        tickets.append(number, line: known.entry, linePrep: known.prep, prep: prep, ordered: t, promised: ready)
        enter(number, at: t)
        if settings.auto { dispatch(known.station, changes: &changes) }
        return (number, Timestamp(millisecondsSince1970: ready))
    }

    /// The board's station and the prep of `menu`'s item number `item`, and the catalog
    /// entry its last one-line ticket used (-1 if none yet).
    private mutating func itemLine(_ item: Int, of menu: Menu) -> ItemLine {
        if itemsMenu !== menu {
            itemsMenu = menu
            itemLines.removeAll(keepingCapacity: true)
        }
        if item < itemLines.count, itemLines[item].station >= 0 { return itemLines[item] }
        let known = ItemLine(
            station: station(forMenuStation: menu.items[item].station), prep: prepMilliseconds(menu.items[item].prep, item: item), entry: -1
        )
        guard item >= 0, item < 1 << 20 else { return known }
        if item >= itemLines.count {
            itemLines.append(contentsOf: repeatElement(ItemLine(station: -1, prep: 0, entry: -1), count: item + 1 - itemLines.count))
        }
        itemLines[item] = known
        return known
    }

    /// A menu item's prep time in milliseconds, converted once per item (a `Duration`
    /// converts through 128-bit arithmetic).
    package mutating func prepMilliseconds(_ prep: Duration, item: Int) -> Int64 {
        guard item >= 0, item < 1 << 20 else { return prep.milliseconds }
        if item < preps.count, let known = preps[item], known.prep == prep { return known.milliseconds }
        if item >= preps.count { preps.append(contentsOf: repeatElement(nil, count: item + 1 - preps.count)) }
        let milliseconds = prep.milliseconds
        preps[item] = (prep, milliseconds)
        return milliseconds
    }

    /// Moves a ticket, after firing what was due by `time`.
    ///
    /// - Returns: the ticket after the move; for a cancel, as it was when it left.
    /// - Throws: `BoardError` when the ticket does not exist or is in a state the move
    ///   does not apply to. Only the advance to `time` has then happened.
    @discardableResult
    public mutating func perform(_ command: BoardCommand, at time: Timestamp, changes: inout [BoardChange]) throws(BoardError) -> Ticket {
        advance(to: time, recording: &changes)
        defer { pruneSchedule() }
        switch command {
        case .start(let number):
            let number = try target(number, in: .queued)
            startTicket(number, changes: &changes)
            return try found(number)
        case .ready(let number):
            let number = try target(number, in: .preparing)
            finish(number, changes: &changes)
            return try found(number)
        case .pickup(let number):
            let number = try target(number, in: .ready)
            pickUp(number, changes: &changes)
            return try found(number)
        case .bump(let number):
            return try bump(number, changes: &changes)
        case .recall(let number):
            let number = try recallTarget(number)
            recall(number, changes: &changes)
            return try found(number)
        case .cancel(let number):
            guard let state = state(of: number) else { throw .unknownTicket(number) }
            guard state.isActive else { throw .cannotCancel(ticket: number, state: state) }
            return cancel(number, changes: &changes)
        }
    }

    /// Takes a queued ticket off the board: a customer who left before it was started.
    /// For a kiosk this is a cancel; a simulator uses it for patience.
    @discardableResult
    public mutating func withdraw(_ number: Int, at time: Timestamp, changes: inout [BoardChange]) throws(BoardError) -> Ticket {
        advance(to: time, recording: &changes)
        defer { pruneSchedule() }
        guard let state = state(of: number) else { throw .unknownTicket(number) }
        guard state == .queued else { throw .wrongState(ticket: number, state: state, expected: .queued) }
        return cancel(number, changes: &changes)
    }

    // MARK: Choosing the ticket

    /// `number` if it is in `state`; without a number, the oldest ticket in `state`.
    private mutating func target(_ number: Int?, in state: TicketState) throws(BoardError) -> Int {
        guard let number else {
            guard let oldest = oldest(in: state) else { throw .noTicket(state) }
            return oldest
        }
        guard let current = self.state(of: number) else { throw .unknownTicket(number) }
        guard current == state else { throw .wrongState(ticket: number, state: current, expected: state) }
        return number
    }

    private mutating func bump(_ number: Int?, changes: inout [BoardChange]) throws(BoardError) -> Ticket {
        let number = try bumpTarget(number)
        switch state(of: number) {
        case .queued: startTicket(number, changes: &changes)
        case .preparing: finish(number, changes: &changes)
        case .ready: pickUp(number, changes: &changes)
        case .pickedUp, .cancelled, nil: break
        }
        return try found(number)
    }

    private mutating func bumpTarget(_ number: Int?) throws(BoardError) -> Int {
        guard let number else {
            let candidates = [oldest(in: .queued), oldest(in: .preparing)].compactMap { $0 }
            guard let oldest = candidates.min() else { throw .kitchenEmpty }
            return oldest
        }
        guard let state = state(of: number) else { throw .unknownTicket(number) }
        guard state.isActive else { throw .cannotBump(ticket: number, state: state) }
        return number
    }

    private func recallTarget(_ number: Int?) throws(BoardError) -> Int {
        guard let number else {
            guard let last = recallable.last else { throw .noTicket(.pickedUp) }
            return last
        }
        guard let state = state(of: number) else { throw .unknownTicket(number) }
        guard state == .pickedUp else { throw .wrongState(ticket: number, state: state, expected: .pickedUp) }
        guard recallable.contains(number) else { throw .tooOldToRecall(ticket: number) }
        return number
    }

    private func found(_ number: Int) throws(BoardError) -> Ticket {
        guard let ticket = tickets.ticket(number) else { throw .unknownTicket(number) }
        return ticket
    }

    /// The smallest number in `state`, skipping tickets that have left it.
    mutating func oldest(in state: TicketState) -> Int? {
        if state == .queued {
            while queuedFrom < nextNumber, self.state(of: queuedFrom) != .queued { queuedFrom += 1 }
            return queuedFrom < nextNumber ? queuedFrom : nil
        }
        let slot = Int(state.rawValue) - 1
        guard slot >= 0, slot < oldest.count else { return nil }
        while let top = oldest[slot].min {
            if self.state(of: top) == state { return top }
            oldest[slot].pop()
        }
        return nil
    }

    // MARK: The moves themselves, shared by live moves and replay

    /// Adds a ticket in `queued` and promises it; returns its number.
    @discardableResult
    mutating func admit(
        _ lines: [TicketLine], consumed: [IngredientCount], lineTotals: [Money], service: Int64?, promised: Timestamp? = nil,
        at time: Timestamp
    ) -> Int {
        let number = nextNumber
        let t = time.millisecondsSince1970
        let (first, others) = Board.parts(of: lines, service: service, stationCount: stations.count)
        var ready = max(t, enqueue(number, prep: first.prep, at: first.station, time: t))
        for part in others { ready = max(ready, enqueue(number, prep: part.prep, at: part.station, time: t)) }
        let ticket = Ticket(
            number: number, lines: lines, ordered: time, promised: promised ?? Timestamp(millisecondsSince1970: ready),
            state: .queued, firstPart: first, otherParts: others, consumed: consumed, lineTotals: lineTotals
        )
        tickets.append(ticket)
        enter(number, at: t)
        return number
    }

    /// `admit` for a ticket of one line: no array for its lines or parts.
    mutating func admit(
        _ line: TicketLine, item hint: Int?, consumed: [IngredientCount], lineTotals: [Money], service: Int64?, at time: Timestamp
    ) -> (number: Int, promised: Timestamp, station: Int) {
        let number = nextNumber
        let t = time.millisecondsSince1970
        let station = line.station >= 0 && line.station < stations.count ? line.station : 0
        let prep = max(0, service ?? (station == line.station ? line.prep : 0))
        let part = Ticket.Part(station: station, prep: prep, state: .queued, started: nil)
        let ready = max(t, enqueue(number, prep: prep, at: station, time: t))
        tickets.append(number, line: line, hint: hint, part: part, ordered: t, promised: ready, consumed: consumed, lineTotals: lineTotals)
        enter(number, at: t)
        return (number, Timestamp(millisecondsSince1970: ready), station)
    }

    /// Queues ticket `number`'s part at `station` and returns when the part will be done.
    private mutating func enqueue(_ number: Int, prep: Int64, at station: Int, time: Int64) -> Int64 {
        queues[station].enqueue(number, prep: prep, at: time, staff: stations[station].staff)
    }

    /// A ticket just stored and queued joins the board: its state, its marks.
    private mutating func enter(_ number: Int, at time: Int64) {
        nextNumber += 1
        states.append(.queued)
        counts[TicketState.queued] += 1
        // A simulator's board marks no ages: nothing of it shows a ticket.
        // Behind a ticket already waiting for its marks, a ticket's marks are no earlier.
        if keepsHistory, let due = ages.admit(number, ordered: time, warn: ageLimits.warn, late: ageLimits.late) { noteScheduled(due) }
    }

    /// A ticket's parts, one per station its lines use (on station 0 when none does): the
    /// first apart, so a ticket of one station makes no array.
    static func parts(of lines: [TicketLine], service: Int64?, stationCount: Int) -> (Ticket.Part, [Ticket.Part]) {
        var first: Ticket.Part?
        var others: [Ticket.Part] = []
        for line in lines where line.station >= 0 && line.station < stationCount {
            if first?.station == line.station {
                if service == nil, line.prep > (first?.prep ?? 0) { first?.prep = line.prep }
            } else if let index = others.firstIndex(where: { $0.station == line.station }) {
                if service == nil, line.prep > others[index].prep { others[index].prep = line.prep }
            } else {
                let part = Ticket.Part(station: line.station, prep: max(0, service ?? line.prep), state: .queued, started: nil)
                if first == nil { first = part } else { others.append(part) }
            }
        }
        return (first ?? Ticket.Part(station: 0, prep: max(0, service ?? 0), state: .queued, started: nil), others)
    }

    /// In auto mode, gives free hands work at each station of the ticket, in its order.
    mutating func dispatchAll(_ number: Int, changes: inout some BoardChangeRecorder) {
        guard let first = tickets.firstStation(of: number) else { return }
        dispatch(first, changes: &changes)
        for part in tickets.otherParts(number) { dispatch(part.station, changes: &changes) }
    }

    /// Starts every queued part of the ticket now, whatever the stations' hands.
    mutating func startTicket(_ number: Int, changes: inout some BoardChangeRecorder) {
        for index in 0..<tickets.partCount(number) where tickets.part(number, index)?.state == .queued {
            beginPart(number, index, changes: &changes)
        }
    }

    /// One part goes from queued to preparing; the ticket too, if it was queued.
    mutating func beginPart(_ number: Int, _ index: Int, prep: Int64? = nil, changes: inout some BoardChangeRecorder) {
        guard let begun = tickets.begin(number, part: index, prep: prep, at: now.millisecondsSince1970) else { return }
        didBegin(number, begun, changes: &changes)
    }

    /// A part began now (`TicketStore.begin`): its station's queue and hands, its
    /// finish in auto mode, the ticket's state.
    mutating func didBegin(_ number: Int, _ begun: TicketStore.BegunPart, changes: inout some BoardChangeRecorder) {
        let now = self.now
        let done = now.adding(milliseconds: begun.prep)
        queues[begun.station].queued -= 1
        queues[begun.station].busy += 1
        queues[begun.station].inProgress.append(StationState.InProgress(ticket: number, done: done.millisecondsSince1970))
        if settings.auto { scheduleChange(at: done, ticket: number, kind: .partDone(part: begun.index)) }
        if begun.ticketWasQueued { follow(number, from: .queued, to: .preparing) }
        changes.record(.started(ticket: number, station: begun.station, prep: begun.prep, at: now))
    }

    /// A part is done, or leaves its station unfinished: its hand, or its place in the
    /// queue, is free.
    ///
    /// - Returns: the part's station; `nil` when it was neither queued nor preparing.
    @discardableResult
    mutating func releasePart(_ number: Int, _ index: Int) -> Int? {
        guard let released = tickets.release(number, part: index) else { return nil }
        if released.from == .queued {
            queues[released.station].queued -= 1
        } else {
            freeHand(at: released.station, from: number)
        }
        return released.station
    }

    /// The station's hand that prepared the ticket's part there is free.
    mutating func freeHand(at station: Int, from number: Int) {
        queues[station].busy -= 1
        queues[station].removeInProgress(number)
    }

    /// The ticket is ready: every part done.
    mutating func finish(_ number: Int, changes: inout some BoardChangeRecorder) {
        let parts = tickets.partCount(number)
        guard parts > 0 else { return }
        for index in 0..<parts { releasePart(number, index) }
        becomeReady(number, changes: &changes)
    }

    /// Every part of the ticket is done: it is ready, and in auto mode the free hands of its
    /// stations take their next parts.
    private mutating func becomeReady(_ number: Int, changes: inout some BoardChangeRecorder) {
        guard let first = tickets.markReady(number, at: now.millisecondsSince1970) else { return }
        didBecomeReady(number, firstTime: first, changes: &changes)
        if settings.auto { dispatchAll(number, changes: &changes) }
    }

    /// The ticket's slot says it is ready (`TicketStore.markReady`): the board follows, and
    /// the change is recorded. Free hands are the caller's to give work.
    mutating func didBecomeReady(_ number: Int, firstTime: Bool, changes: inout some BoardChangeRecorder) {
        // Tested first: a key path is made, retained and released at each call.
        if firstTime, keepsHistory { recordAge(of: number, at: now, in: \.toReady) }
        if let old = state(of: number) { follow(number, from: old, to: .ready) }
        changes.record(.ready(ticket: number, at: now))
    }

    /// Adds the ticket's age at `now` (from its order) to `times` of each of its stations,
    /// for the report; nothing when the board keeps no history.
    private mutating func recordAge(of number: Int, at now: Timestamp, in times: WritableKeyPath<StationState, [Int64]>) {
        guard keepsHistory, let ordered = tickets[number]?.orderedMilliseconds, let (first, others) = tickets.stations(of: number) else { return }
        let elapsed = now.millisecondsSince1970 - ordered
        queues[first][keyPath: times].append(elapsed)
        for part in others { queues[part.station][keyPath: times].append(elapsed) }
    }

    mutating func pickUp(_ number: Int, changes: inout some BoardChangeRecorder) {
        guard keepsHistory else {
            // Nothing of a ticket picked up is kept but its state: its slot goes as it is.
            if let old = state(of: number) { follow(number, from: old, to: .pickedUp) }
            tickets.drop(number)
            changes.record(.pickedUp(ticket: number, at: now))
            return
        }
        if tickets[number]?.pickedUpAt == nil {
            let now = self.now
            tickets.update(number) { $0.pickedUpAt = now }
            recordAge(of: number, at: now, in: \.toPickup)
        }
        setState(number, .pickedUp)
        recallable.append(number)
        if recallable.count > Board.recallDepth {
            // Out of reach of a recall: only its state is kept.
            tickets.drop(recallable.removeFirst())
        }
        changes.record(.pickedUp(ticket: number, at: now))
    }

    mutating func recall(_ number: Int, changes: inout some BoardChangeRecorder) {
        guard let position = recallable.firstIndex(of: number) else { return }
        recallable.remove(at: position)
        setState(number, .ready)
        changes.record(.recalled(ticket: number, at: now))
    }

    /// Takes the ticket off the board; returns it as it was when it left, in `cancelled`.
    @discardableResult
    mutating func cancel(_ number: Int, changes: inout some BoardChangeRecorder) -> Ticket {
        guard let ticket = tickets.ticket(number), let from = state(of: number), from.isActive else { return Ticket.placeholder(number) }
        for index in 0..<ticket.partCount { releasePart(number, index) }
        if from != .queued {
            for entry in ticket.consumed { addWaste(entry) }
        }
        setState(number, .cancelled)
        cancelledCount += 1
        let left = tickets.remove(number) ?? ticket
        changes.record(.cancelled(ticket: number, from: from, at: now))
        if settings.auto, from == .preparing {
            for station in ticket.stations { dispatch(station, changes: &changes) }
        }
        return left
    }

    mutating func markLate(_ number: Int, changes: inout some BoardChangeRecorder) {
        guard let record = tickets[number], !record.isLate else { return }
        tickets.update(number) { $0.isLate = true }
        lateCount += 1
        if let (first, others) = tickets.stations(of: number) {
            queues[first].late += 1
            for part in others { queues[part.station].late += 1 }
        }
        changes.record(.late(ticket: number, at: now))
    }

    private mutating func addWaste(_ entry: IngredientCount) {
        let key = NameKey.fold(entry.ingredient)
        if let index = waste.firstIndex(where: { NameKey.fold($0.ingredient) == key }) {
            waste[index] = IngredientCount(ingredient: waste[index].ingredient, count: waste[index].count.saturatingAdding(entry.count))
        } else {
            waste.append(entry)
        }
    }

    /// Moves the ticket to `state`, keeping the counts and the oldest-first heaps in step.
    mutating func setState(_ number: Int, _ state: TicketState) {
        guard let old = self.state(of: number), old != state else { return }
        tickets.update(number) { $0.state = state }
        follow(number, from: old, to: state)
    }

    /// The board's list of states, its counts and its oldest-first heaps follow the ticket
    /// from `old` to `state`; its slot is the caller's to change.
    private mutating func follow(_ number: Int, from old: TicketState, to state: TicketState) {
        guard old != state else { return }
        counts[old] -= 1
        counts[state] += 1
        states[number - firstNumber] = state
        if keepsHistory, state == .preparing || state == .ready { oldest[Int(state.rawValue) - 1].push(number) }
    }
}

extension Ticket {
    /// Stands in where a ticket that should exist does not: never returned for a move
    /// that succeeded on a consistent board.
    static func placeholder(_ number: Int) -> Ticket {
        Ticket(number: number, lines: [], ordered: Timestamp(millisecondsSince1970: 0), promised: Timestamp(millisecondsSince1970: 0),
               state: .cancelled, firstPart: Ticket.Part(station: 0, prep: 0, state: .ready, started: nil), otherParts: [],
               consumed: [], lineTotals: [])
    }
}
