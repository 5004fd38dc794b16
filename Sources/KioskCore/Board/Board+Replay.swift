/// The board as the fold of its events.
extension Board {
    /// Applies one event, as a journal replays it: `order.succeeded` with a ticket, and
    /// `ticket.opened`, make the ticket (lines found in `menu`), and each `ticket.*` event makes its move at the
    /// event's time. Other events leave the board as it is. Replaying every event a board
    /// caused into a fresh board for the same menu gives an equal board.
    ///
    /// - Returns: whether the event changed the board; `false` also for an event that does
    ///   not fit it (an unknown ticket, a move from the wrong state), which is skipped.
    @discardableResult
    public mutating func apply(_ event: Event, menu: Menu) -> Bool {
        settle(to: event.time)
        var changes: [BoardChange] = []
        defer { pruneSchedule() }
        switch event.payload {
        case .orderSucceeded(let made):
            guard let number = made.ticket, number >= nextNumber else { return false }
            skip(to: number)
            let lines = ticketLines(made.lines, menu: menu)
            admit(lines, consumed: made.consumed, lineTotals: Board.lineTotals(made.lines, menu: menu), service: nil,
                  promised: made.promised, at: now)
        case .ticketOpened(let opened):
            guard opened.ticket >= nextNumber else { return false }
            skip(to: opened.ticket)
            admit(ticketLines(opened.lines, menu: menu), consumed: opened.consumed, lineTotals: Board.lineTotals(opened.lines, menu: menu),
                  service: nil, promised: opened.promised, at: now)
        case .ticketStarted(let started):
            guard state(of: started.ticket)?.isInKitchen == true, let ticket = tickets.ticket(started.ticket),
                  let index = ticket.parts.firstIndex(where: { stations[$0.station].name == started.station && $0.state == .queued })
            else { return false }
            beginPart(started.ticket, index, prep: started.prep, changes: &changes)
        case .ticketReady(let moved):
            guard state(of: moved.ticket) == .preparing else { return false }
            finish(moved.ticket, changes: &changes)
        case .ticketPickedUp(let moved):
            guard state(of: moved.ticket) == .ready else { return false }
            pickUp(moved.ticket, changes: &changes)
        case .ticketRecalled(let moved):
            guard recallable.contains(moved.ticket) else { return false }
            recall(moved.ticket, changes: &changes)
        case .ticketCancelled(let cancelled):
            guard state(of: cancelled.ticket)?.isActive == true else { return false }
            cancel(cancelled.ticket, changes: &changes)
        case .ticketLate(let late):
            guard state(of: late.ticket)?.isInKitchen == true else { return false }
            markLate(late.ticket, changes: &changes)
        case .orderFailed, .restockNeeded, .stockChanged, .menuReloaded, .suggestionMade, .menuReloadFailed, .payment, .drawer, .orderPaid, .orderVoided,
             .orderHeld:
            return false
        }
        return true
    }

    /// Numbers a journal skipped (it began later, say) are taken as cancelled.
    private mutating func skip(to number: Int) {
        if states.isEmpty {
            firstNumber = number
            nextNumber = number
            queuedFrom = number
            return
        }
        while nextNumber < number {
            states.append(.cancelled)
            counts[TicketState.cancelled] += 1
            nextNumber += 1
        }
    }

    /// An order's lines as ticket lines: each item's station and prep from `menu`.
    public func ticketLines(_ lines: [ItemQuantity], menu: Menu) -> [TicketLine] {
        lines.map { line in
            guard let index = menu.itemIndex(named: line.item) else {
                return TicketLine(item: line.item, quantity: line.quantity, station: 0, prep: Item.defaultPrep.milliseconds, choice: line.choice)
            }
            let item = menu.items[index]
            return TicketLine(
                item: line.item, quantity: line.quantity, station: station(forMenuStation: item.station), prep: item.prep.milliseconds,
                choice: line.choice
            )
        }
    }

    /// Each line's price as a kiosk records it: empty when the menu has no prices.
    static func lineTotals(_ lines: [ItemQuantity], menu: Menu) -> [Money] {
        guard menu.items.contains(where: { $0.price != nil }) else { return [] }
        return lines.map { line in
            // A chosen line says what one cost; a plain one costs its item's price.
            let price = line.choice.map { $0.unitPrice ?? .zero } ?? menu.itemIndex(named: line.item).flatMap { menu.items[$0].price } ?? .zero
            return price.multiplied(by: line.quantity) ?? .zero
        }
    }

    /// Takes a new menu's stations and settings: stations keep their tickets by name, new
    /// ones are added, and a station the menu dropped stays until the board is empty of it.
    public mutating func reconfigure(for menu: Menu) {
        settings = menu.board ?? settings
        menuStations = menu.stations.map { station in
            let key = NameKey.fold(station.name)
            if let index = stations.firstIndex(where: { NameKey.fold($0.name) == key }) {
                stations[index] = Station(name: stations[index].name, staff: station.staff)
                return index
            }
            stations.append(station)
            queues.append(StationState())
            return stations.count - 1
        }
        for index in stations.indices { rebuildProjection(index) }
        itemsMenu = nil
        itemLines.removeAll()
    }

    /// The projection from scratch: busy hands, then every waiting part in order.
    private mutating func rebuildProjection(_ station: Int) {
        let time = now.millisecondsSince1970
        resetProjection(station, at: time)
        for ticket in queues[station].queue.elements {
            guard let part = waitingPart(of: ticket, at: station), let prep = tickets.part(ticket, part)?.prep else { continue }
            let free = queues[station].projection.pop() ?? time
            let (done, overflow) = max(time, free).addingReportingOverflow(prep)
            queues[station].projection.push(overflow ? .max : done)
        }
    }
}
