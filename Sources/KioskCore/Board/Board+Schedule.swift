/// Time: what the board does by itself, and the projection promises come from.
extension Board {
    /// Fires every change due by `time`, in time order, each at its exact time: in auto
    /// mode stations finish parts and start the next waiting ones; tickets reach `warn`
    /// (a `.warned` change) and `late` (`.late`, once per ticket).
    public mutating func advance(to time: Timestamp, changes: inout [BoardChange]) {
        advance(to: time, recording: &changes)
    }

    /// `advance(to:changes:)`, for any recorder: what every move does first.
    mutating func advance(to time: Timestamp, recording changes: inout some BoardChangeRecorder) {
        // Every move leaves `nextScheduledChange` the earliest live change: with nothing
        // due, there is nothing to fire and nothing to prune.
        guard let due = nextScheduledChange, due <= time else {
            now = max(now, time)
            return
        }
        fireDue(by: time, changes: &changes)
    }

    /// `advance(to:changes:)` once something is due: kept apart, so the test before it is
    /// all a move with nothing due runs.
    @inline(never)
    private mutating func fireDue(by time: Timestamp, changes: inout some BoardChangeRecorder) {
        let limit = time.millisecondsSince1970
        while true {
            let part = schedule.min
            // A simulator's board marks no ages.
            let mark = ages.isEmpty ? nil : ages.next
            if let part, part.time <= limit, mark.map({ part.time <= $0.time }) ?? true {
                // At the same time parts finish first, so a ticket ready exactly at its
                // `late` age is not late.
                schedule.pop()
                now = max(now, Timestamp(millisecondsSince1970: part.time))
                fire(part, changes: &changes)
            } else if let mark, mark.time <= limit {
                passMark(mark)
                now = max(now, Timestamp(millisecondsSince1970: mark.time))
                if applies(mark.ticket, late: mark.isLate) {
                    if mark.isLate { markLate(mark.ticket, changes: &changes) } else { changes.record(.warned(ticket: mark.ticket, at: now)) }
                }
            } else {
                break
            }
        }
        now = max(now, time)
        pruneSchedule()
    }

    /// Fires one scheduled part: the part is done, and the ticket is ready or the station
    /// takes its next waiting part.
    mutating func fire(_ change: ScheduledChange, changes: inout some BoardChangeRecorder) {
        // Live: the part is still preparing.
        guard case .partDone(let index) = change.kind,
              let done = tickets.finish(change.ticket, part: index, at: now.millisecondsSince1970) else { return }
        freeHand(at: done.station, from: change.ticket)
        guard done.ticketIsReady else { return dispatch(done.station, changes: &changes) }
        didBecomeReady(change.ticket, firstTime: done.isFirstReady, changes: &changes)
        guard settings.auto else { return }
        if done.isOnlyPart { dispatch(done.station, changes: &changes) } else { dispatchAll(change.ticket, changes: &changes) }
    }

    /// In auto mode, gives the station's free hands the parts waiting longest.
    mutating func dispatch(_ station: Int, changes: inout some BoardChangeRecorder) {
        guard settings.auto else { return }
        let staff = stations[station].staff
        // A ticket in the queue that has no part waiting there any more (cancelled, or
        // started by hand) is passed over.
        while queues[station].busy < staff, let next = queues[station].queue.removeFirst() {
            guard let begun = tickets.begin(next, atStation: station, at: now.millisecondsSince1970) else { continue }
            didBegin(next, begun, changes: &changes)
        }
    }

    /// Which part of the ticket still waits at the station, if one does.
    func waitingPart(of ticket: Int, at station: Int) -> Int? {
        guard let part = tickets.part(ticket, at: station), part.state == .queued else { return nil }
        return part.index
    }

    /// Whether a scheduled change still applies to its ticket.
    func isLive(_ change: ScheduledChange) -> Bool {
        switch change.kind {
        case .partDone(let index): tickets.partState(change.ticket, index) == .preparing
        case .warn: applies(change.ticket, late: false)
        case .late: applies(change.ticket, late: true)
        }
    }

    /// Whether the ticket's warn (or late) mark is still to come: it is in the kitchen
    /// (and not late yet). Once it does not apply, it never does again.
    func applies(_ ticket: Int, late: Bool) -> Bool {
        // The byte of state first: a ticket in the kitchen is held.
        guard state(of: ticket)?.isInKitchen == true else { return false }
        return !late || tickets[ticket]?.isLate == false
    }

    mutating func scheduleChange(at time: Timestamp, ticket: Int, kind: ScheduledChange.Kind) {
        scheduled += 1
        schedule.push(ScheduledChange(time: time.millisecondsSince1970, sequence: scheduled, ticket: ticket, kind: kind))
        noteScheduled(time.millisecondsSince1970)
    }

    /// Keeps `nextScheduledChange` the earliest change after one is scheduled at `time`:
    /// a move that only adds changes (making a ticket, starting parts) needs no pruning.
    mutating func noteScheduled(_ time: Int64) {
        if let next = nextScheduledChange, next.millisecondsSince1970 <= time { return }
        nextScheduledChange = Timestamp(millisecondsSince1970: time)
    }

    /// Drops changes that no longer apply from the front, so `nextScheduledChange` is a
    /// real change. Each entry is dropped once: amortized O(log n) for parts, O(1) for marks.
    mutating func pruneSchedule() {
        while let next = schedule.min, !isLive(next) { schedule.pop() }
        var due = schedule.min?.time
        if !ages.isEmpty {
            for run in ages.runs.indices {
                let current = ages.runs[run]
                if current.nextWarn < current.end, !applies(current.nextWarn, late: false) { passAges(run: run, late: false, from: current.nextWarn) }
                if current.nextLate < current.end, !applies(current.nextLate, late: true) { passAges(run: run, late: true, from: current.nextLate) }
            }
            if ages.runs.count > 1 { ages.dropDoneRuns() }
            if let mark = ages.next?.time { due = min(due ?? mark, mark) }
        }
        nextScheduledChange = due.map { Timestamp(millisecondsSince1970: $0) }
    }

    /// Moves past a mark that fired or was settled.
    private mutating func passMark(_ mark: AgeSchedule.Mark) {
        passAges(run: mark.run, late: mark.isLate, from: mark.ticket + 1)
    }

    /// Moves a cursor to the first ticket from `start` whose mark applies.
    private mutating func passAges(run: Int, late: Bool, from start: Int) {
        let tickets = self.tickets
        let states = self.states
        let first = firstNumber
        ages.pass(run: run, late: late, from: start, applies: { number in
            guard number >= first, number - first < states.count, states[number - first].isInKitchen else { return false }
            return !late || tickets[number]?.isLate == false
        }, ordered: { tickets[$0]?.orderedMilliseconds })
    }

    /// The marks still to come, for comparing boards.
    var pendingMarks: [AgeSchedule.Mark] {
        ages.pending(applies: applies, ordered: { tickets[$0]?.orderedMilliseconds })
    }

    // MARK: Promises

    /// With nothing waiting, the projection is what the station is doing (see
    /// `StationState.resetProjection(at:staff:)`).
    mutating func resetProjection(_ station: Int, at time: Int64) {
        queues[station].resetProjection(at: time, staff: stations[station].staff)
    }

    // MARK: Replay

    /// Moves the clock to `time` the way the events of a board cannot tell: in auto mode,
    /// stations finish the parts due by then. Nothing is started, readied or marked late
    /// (events say so), and no change comes out. `apply(_:menu:)` settles to each event's
    /// time; a journal settles to the present once it has applied every event.
    public mutating func settle(to time: Timestamp) {
        let limit = time.millisecondsSince1970
        while let next = schedule.min, next.time <= limit {
            schedule.pop()
            now = max(now, Timestamp(millisecondsSince1970: next.time))
            if case .partDone(let index) = next.kind, isLive(next) { releasePart(next.ticket, index) }
        }
        while let mark = ages.next, mark.time <= limit { passMark(mark) }
        now = max(now, time)
        pruneSchedule()
    }
}
