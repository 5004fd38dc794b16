/// The board as a simulator drives it: the same stations, hands, queues and auto moves as
/// the REPL's, on a clock the simulator owns, keeping nothing per ticket once it is done.
extension Board {
    /// An empty board in auto mode for a simulator: stations start the oldest waiting
    /// part as soon as a hand is free and finish it after its service time. It keeps no
    /// history (no recall, no order-to-ready lists) and marks no ticket `warn` or `late`,
    /// so memory stays flat however many tickets pass and no time goes to what nobody sees.
    public init(simulating stations: [Station], settings: BoardSettings = BoardSettings()) {
        self.init(stations: stations, settings: BoardSettings(warn: settings.warn, late: settings.late, auto: true))
        keepsHistory = false
    }

    /// Fires what is due by `time`, then hands the ticket over if it is ready: it is
    /// picked up and leaves the board.
    ///
    /// - Returns: `false`, with nothing handed over, when the ticket is not ready by then.
    @discardableResult
    public mutating func collect(_ number: Int, at time: Timestamp, changes: inout [BoardChange]) -> Bool {
        advance(to: time, changes: &changes)
        defer { pruneSchedule() }
        guard state(of: number) == .ready else { return false }
        pickUp(number, changes: &changes)
        return true
    }

    /// Takes a queued ticket off the board at once, without first firing what is due:
    /// a simulator's customer gave up, and the simulator's own clock has already decided
    /// that this comes before anything else at the same time.
    ///
    /// - Returns: `false`, with nothing changed, when the ticket is not queued.
    @discardableResult
    public mutating func withdrawQueued(_ number: Int, changes: inout [BoardChange]) -> Bool {
        guard state(of: number) == .queued else { return false }
        cancel(number, changes: &changes)
        pruneSchedule()
        return true
    }
}

/// The simulator's lean moves: the same moves as `add(_:item:…)`, `collect(_:at:changes:)`
/// and the auto moves they fire, in the same order with the same results, reporting only
/// the starts, and touching each ticket's slot once per move.
///
/// The lean path runs on a board made by `init(simulating:settings:)` (auto, no history,
/// no age marks) for tickets of one line and one part, a simulator's. Anything else goes
/// through the general moves, whose starts are read from their changes.
extension Board {
    /// Whether the lean moves apply: auto, no history, no age marks.
    private var isLean: Bool { settings.auto && !keepsHistory && ages.isEmpty }

    /// Makes a ticket of one line at `time` (milliseconds since 1970), as
    /// `add(_:item:consumed:lineTotals:service:at:changes:)` makes it with nothing consumed
    /// or priced, and appends the parts started by then to `starts`, in order.
    ///
    /// - Returns: the new ticket's number.
    @discardableResult
    package mutating func simulateAdd(_ line: TicketLine, item: Int, service: Int64, at time: Int64, starts: inout [TicketStart]) -> Int {
        guard isLean else {
            var changes: [BoardChange] = []
            let number = add(line, item: item, service: service, at: Timestamp(millisecondsSince1970: time), changes: &changes).number
            Board.appendStarts(changes, to: &starts)
            return number
        }
        leanAdvance(to: time, starts: &starts)
        let made = admit(line, item: item, consumed: [], lineTotals: [], service: service, at: now)
        leanDispatch(made.station, starts: &starts)
        return made.number
    }

    /// Fires what is due by `time` (milliseconds since 1970), appending the parts started
    /// to `starts`, then hands the ticket over if it is ready, as `collect(_:at:changes:)`
    /// does: it is picked up and leaves the board.
    ///
    /// - Returns: `false`, with nothing handed over, when the ticket is not ready by then.
    @discardableResult
    package mutating func simulateCollect(_ number: Int, at time: Int64, starts: inout [TicketStart]) -> Bool {
        guard isLean else {
            var changes: [BoardChange] = []
            let collected = collect(number, at: Timestamp(millisecondsSince1970: time), changes: &changes)
            Board.appendStarts(changes, to: &starts)
            return collected
        }
        leanAdvance(to: time, starts: &starts)
        defer { pruneSchedule() }
        guard state(of: number) == .ready else { return false }
        // A board without history keeps nothing of a ticket picked up but its state.
        recount(number, from: .ready, to: .pickedUp)
        tickets.drop(number)
        return true
    }

    private static func appendStarts(_ changes: [BoardChange], to starts: inout [TicketStart]) {
        for change in changes {
            guard case .started(let number, let station, let prep, let at) = change else { continue }
            starts.append(TicketStart(ticket: number, station: station, start: at.millisecondsSince1970, ready: at.adding(milliseconds: prep).millisecondsSince1970))
        }
    }

    /// `advance(to:changes:)` on a lean board: only finished parts are scheduled.
    private mutating func leanAdvance(to time: Int64, starts: inout [TicketStart]) {
        guard let due = nextScheduledChange, due.millisecondsSince1970 <= time else {
            if now.millisecondsSince1970 < time { now = Timestamp(millisecondsSince1970: time) }
            return
        }
        while let part = schedule.min, part.time <= time {
            schedule.pop()
            if now.millisecondsSince1970 < part.time { now = Timestamp(millisecondsSince1970: part.time) }
            leanFire(part, starts: &starts)
        }
        if now.millisecondsSince1970 < time { now = Timestamp(millisecondsSince1970: time) }
        pruneSchedule()
    }

    /// A part is done. On a ticket of one part the ticket is ready, and the station's
    /// free hand takes the next waiting part: `fire`, `releasePart`, `finish` and
    /// `dispatchAll` in one update of the ticket's slot.
    private mutating func leanFire(_ change: ScheduledChange, starts: inout [TicketStart]) {
        guard case .partDone(let index) = change.kind else { return }
        let number = change.ticket
        guard index == 0, let part = tickets.singlePart(number) else {
            var changes: [BoardChange] = []
            fire(change, changes: &changes)
            Board.appendStarts(changes, to: &starts)
            return
        }
        guard part.state == .preparing else { return }
        queues[part.station].busy -= 1
        queues[part.station].removeInProgress(number)
        tickets.apply(.finish, to: number, at: now.millisecondsSince1970, ticketState: .ready)
        recount(number, from: part.ticketState, to: .ready)
        leanDispatch(part.station, starts: &starts)
    }

    /// `dispatch(_:changes:)`: the station's free hands take the parts waiting longest.
    private mutating func leanDispatch(_ station: Int, starts: inout [TicketStart]) {
        let staff = stations[station].staff
        while queues[station].busy < staff, let next = queues[station].queue.removeFirst() {
            guard let part = tickets.singlePart(next) else {
                guard let index = waitingPart(of: next, at: station) else { continue }
                var changes: [BoardChange] = []
                beginPart(next, index, changes: &changes)
                Board.appendStarts(changes, to: &starts)
                continue
            }
            guard part.station == station, part.state == .queued else { continue }
            leanBegin(next, part: part, starts: &starts)
        }
    }

    /// `beginPart` for the one part of a ticket, in one update of its slot.
    private mutating func leanBegin(_ number: Int, part: TicketStore.SinglePart, starts: inout [TicketStart]) {
        let now = self.now
        let wasQueued = part.ticketState == .queued
        tickets.apply(.begin, to: number, at: now.millisecondsSince1970, ticketState: wasQueued ? .preparing : nil)
        let done = now.adding(milliseconds: part.prep)
        queues[part.station].queued -= 1
        queues[part.station].busy += 1
        queues[part.station].inProgress.append(StationState.InProgress(ticket: number, done: done.millisecondsSince1970))
        scheduleChange(at: done, ticket: number, kind: .partDone(part: 0))
        if wasQueued { recount(number, from: .queued, to: .preparing) }
        starts.append(TicketStart(ticket: number, station: part.station, start: now.millisecondsSince1970, ready: done.millisecondsSince1970))
    }

}

/// A part a station started, and when it will be ready: what the simulator reads of a
/// start (`BoardKitchen`), no `BoardChange` made for it.
package struct TicketStart: Sendable, Hashable {
    package let ticket: Int
    package let station: Int
    /// Milliseconds since 1970.
    package let start: Int64
    /// When the part will be done, in milliseconds since 1970.
    package let ready: Int64

    package init(ticket: Int, station: Int, start: Int64, ready: Int64) {
        self.ticket = ticket
        self.station = station
        self.start = start
        self.ready = ready
    }
}
