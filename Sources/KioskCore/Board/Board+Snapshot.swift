/// The board in a snapshot: taken as plain values (`BoardSnapshot`), and rebuilt from
/// them into a board equal to the one it was taken from.
extension Board {
    /// What a snapshot keeps of the board. Linear in the tickets held and in the runs of
    /// states; the report's figures are shared, not copied.
    public var snapshot: BoardSnapshot {
        BoardSnapshot(
            settings: settings, nextNumber: nextNumber, firstNumber: firstNumber, now: now,
            stations: stations.indices.map { index in
                BoardSnapshot.StationRecord(
                    station: stations[index], projection: queues[index].projection.sorted, toReady: queues[index].toReady,
                    toPickup: queues[index].toPickup, late: queues[index].late
                )
            },
            states: Board.runs(of: states), tickets: tickets.tickets, recallable: recallable, waste: waste, lateCount: lateCount,
            cancelledCount: cancelledCount,
            scheduled: schedule.sorted.compactMap { change in
                guard isLive(change), case .partDone(let part) = change.kind else { return nil }
                return BoardSnapshot.ScheduledPart(time: Timestamp(millisecondsSince1970: change.time), ticket: change.ticket, part: part)
            },
            ageRuns: ages.runs.map { BoardSnapshot.AgeRun(warn: $0.warn, late: $0.late, end: $0.end, nextWarn: $0.nextWarn, nextLate: $0.nextLate) }
        )
    }

    private static func runs(of states: [TicketState]) -> [BoardSnapshot.StateRun] {
        var runs: [BoardSnapshot.StateRun] = []
        for state in states {
            if runs.last?.state == state {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(BoardSnapshot.StateRun(state, count: 1))
            }
        }
        return runs
    }

    /// The board `saved` was taken from, with its stations as they were: its queues,
    /// hands, counts and heaps rebuilt from the tickets, its schedule in the order it
    /// fires. Then `adopt(_:)` gives it the menu it goes on with.
    ///
    /// `nil` when `saved` is one no board could have been (`BoardSnapshot.inconsistency`)
    /// or holds only a kiosk's ticket numbers.
    public init?(restoring saved: BoardSnapshot) {
        guard !saved.isNumberingOnly, saved.inconsistency == nil else { return nil }
        self.init(stations: saved.stations.map(\.station), settings: saved.settings, nextNumber: saved.firstNumber)
        nextNumber = saved.nextNumber
        now = saved.now
        recallable = saved.recallable
        waste = saved.waste
        lateCount = saved.lateCount
        cancelledCount = saved.cancelledCount
        restoreStates(saved.states)
        for (index, record) in saved.stations.enumerated() where queues.indices.contains(index) {
            queues[index].projection = BinaryHeap(record.projection)
            queues[index].toReady = record.toReady
            queues[index].toPickup = record.toPickup
            queues[index].late = record.late
        }
        for ticket in saved.tickets { restore(ticket) }
        queuedFrom = saved.tickets.first { $0.state == .queued }?.number ?? nextNumber
        for part in saved.scheduled {
            scheduled += 1
            schedule.push(ScheduledChange(time: part.time.millisecondsSince1970, sequence: scheduled, ticket: part.ticket, kind: .partDone(part: part.part)))
        }
        let tickets = self.tickets
        ages = AgeSchedule(runs: saved.ageRuns) { tickets[$0]?.orderedMilliseconds }
        pruneSchedule()
    }

    private mutating func restoreStates(_ runs: [BoardSnapshot.StateRun]) {
        states.reserveCapacity(nextNumber - firstNumber)
        for run in runs {
            states.append(contentsOf: repeatElement(run.state, count: max(run.count, 0)))
            counts[run.state] += max(run.count, 0)
        }
    }

    /// Holds `ticket` again: its parts waiting in their stations' queues (tickets are
    /// queued in number order, as they were made) or in their hands, and it among the
    /// oldest of its state.
    private mutating func restore(_ ticket: Ticket) {
        tickets.append(ticket)
        for part in ticket.parts where queues.indices.contains(part.station) {
            switch part.state {
            case .queued:
                queues[part.station].queue.append(ticket.number)
                queues[part.station].queued += 1
            case .preparing:
                let done = (part.started ?? now).adding(milliseconds: part.prep)
                queues[part.station].busy += 1
                queues[part.station].inProgress.append(StationState.InProgress(ticket: ticket.number, done: done.millisecondsSince1970))
            case .ready, .pickedUp, .cancelled:
                break
            }
        }
        if ticket.state == .preparing || ticket.state == .ready { oldest[Int(ticket.state.rawValue) - 1].push(ticket.number) }
    }

    /// Takes `menu`, which a restored board goes on with. When the menu's stations are the
    /// board's (by name, with the same staff) only its settings are taken, and the board
    /// goes on promising exactly as before; otherwise it is reconfigured as a reload does
    /// (`reconfigure(for:)`), which starts each station's projection afresh.
    public mutating func adopt(_ menu: Menu) {
        var mapping: [Int] = []
        for station in menu.stations {
            let key = NameKey.fold(station.name)
            guard let index = stations.firstIndex(where: { NameKey.fold($0.name) == key }), stations[index].staff == station.staff else {
                return reconfigure(for: menu)
            }
            mapping.append(index)
        }
        settings = menu.board ?? settings
        menuStations = mapping
    }
}
