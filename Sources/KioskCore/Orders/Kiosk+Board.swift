/// The order board through the kiosk: moves become events, cancels give stock back and
/// reverse the sale, and every event folds back into the state.
extension Kiosk {
    /// When the kiosk next changes by itself, if anything is scheduled — the board's moves,
    /// the end of a held order's hold: a session with a clock advances to it then.
    public var nextScheduledChange: Timestamp? {
        guard let hold = holds.first?.until else { return board?.nextScheduledChange }
        return min(hold, board?.nextScheduledChange ?? hold)
    }

    /// The number the next ticket gets: the board's, or the one kept while the menu has
    /// no board.
    public var nextTicketNumber: Int { board?.nextNumber ?? retainedTicketNumber }

    /// Whether the menu has a board. Read through one field: `board != nil` copies the
    /// whole board (every array retained and released), several times an order.
    var hasBoard: Bool { board?.nextNumber != nil }

    /// Fires what is due by `time` — the board's auto starts and finishes and late tickets,
    /// held orders whose hold ended — as events at the times they happened. Call it before
    /// every command, so events stay in time order; every board move and order advances
    /// the board too.
    public mutating func advance(to time: Timestamp, emitting events: inout [Event]) {
        if !holds.isEmpty { releaseHolds(endingBy: time, emitting: &events) }
        advanceBoard(to: time, into: &events)
    }

    mutating func advanceBoard<Recipient: EventRecipient>(to time: Timestamp, into events: inout Recipient) {
        guard hasBoard else { return }
        var changes: [BoardChange] = []
        board?.advance(to: time, changes: &changes)
        emit(changes, into: &events)
    }

    /// Makes one move on the board: `start`, `ready`, `pickup`, `bump`, `recall` or
    /// `cancel`. A cancel reverses the sale; from `queued` its ingredients go back to stock
    /// (`stock.changed`, reason `cancel`), later they are recorded as waste.
    ///
    /// - Returns: the ticket after the move.
    /// - Throws: `BoardError`; what was due by `time` has still been fired and emitted.
    @discardableResult
    public mutating func perform(_ command: BoardCommand, at time: Timestamp, emitting events: inout [Event]) throws(BoardError) -> Ticket {
        guard hasBoard else { throw .noBoard }
        advanceBoard(to: time, into: &events)
        var changes: [BoardChange] = []
        var moved: Ticket?
        do {
            moved = try board?.perform(command, at: time, changes: &changes)
        } catch {
            emit(changes, into: &events)
            throw error
        }
        guard let moved else { throw .noBoard }
        if let from = changes.lazy.compactMap({ if case .cancelled(_, let from, _) = $0 { from } else { nil } }).first {
            reverse(moved, from: from, at: time, emitting: &events)
            emit(changes.filter { if case .cancelled = $0 { false } else { true } }, into: &events)
        } else {
            emit(changes, into: &events)
        }
        return moved
    }

    /// After replaying a journal: moves the board's clock to `time` the way events cannot
    /// tell (see `Board.settle(to:)`). Then `advanceBoard(to:emitting:)` goes on live.
    public mutating func settleBoard(to time: Timestamp) {
        board?.settle(to: time)
    }

    /// The board's report, when there is a board.
    public var boardReport: BoardReport? { board?.report }

    // MARK: Orders and cancels

    /// Opens the ticket of an order just made: its changes are emitted after the order's.
    mutating func openTicket(_ order: Order, consumed: [IngredientCount], lineTotals: [Money], at time: Timestamp) -> (number: Int, promised: Timestamp, changes: [BoardChange])? {
        // No copy of the board is bound here: one alive while the board changes would copy
        // every ticket.
        guard hasBoard else { return nil }
        if order.lines.count == 1, menu.items[order.lines[0].item].choices == nil, order.lines[0].part == nil {
            // The usual order: a ticket of one line, with nothing allocated for it.
            let line = order.lines[0]
            var changes: [BoardChange] = []
            guard let made = board?.add(
                item: line.item, quantity: line.quantity, of: menu, consumed: consumed, lineTotals: lineTotals, at: time, changes: &changes
            ) else { return nil }
            return (made.number, made.promised, changes)
        }
        let lines = order.lines.map { line in
            let item = menu.items[line.item]
            let station = board?.station(forMenuStation: item.station) ?? 0
            return TicketLine(
                item: item.name, quantity: line.quantity, station: station, prep: item.prep.milliseconds,
                choice: menu.lineChoice(of: line)
            )
        }
        var changes: [BoardChange] = []
        guard let number = board?.add(lines, consumed: consumed, lineTotals: lineTotals, at: time, changes: &changes),
              let promised = board?.tickets[number]?.promised else { return nil }
        return (number, promised, changes)
    }

    /// A cancelled ticket: `ticket.cancelled`, the sale reversed, and from `queued` the
    /// ingredients back in stock — less what refunds of its order put back already.
    private mutating func reverse(_ ticket: Ticket, from: TicketState, at time: Timestamp, emitting events: inout [Event]) {
        var restocked: [(index: Int, count: Int)] = []
        let record = from == .queued ? historyRecord(ofTicket: ticket.number) : nil
        if from == .queued, let back = record.map(stockBack(of:)) ?? [] {
            for entry in ticket.consumed {
                guard let index = menu.ingredientIndex(named: entry.ingredient) else { continue }
                let left = max(0, entry.count - (back.isEmpty ? 0 : back[index]))
                let amount = min(left, Menu.maximumQuantity - inventory[index])
                if amount > 0 { restocked.append((index, amount)) }
            }
        }
        let restockedCounts = restocked.map { IngredientCount(ingredient: menu.ingredients[$0.index].name, count: $0.count) }
        let total = ticket.lineTotals.isEmpty ? nil : ticket.lineTotals.reduce(Money.zero) { $0.adding($1) ?? $0 }
        let payload = TicketCancelled(
            ticket: ticket.number, lines: ticket.items, from: from, restocked: restockedCounts,
            wasted: from == .queued ? [] : ticket.consumed, total: total, currency: total == nil ? nil : menu.currency
        )
        emit(.ticketCancelled(payload), at: time, into: &events)
        ledger.reverse(ticket.items, lineTotals: ticket.lineTotals, restocked: restockedCounts, menu: menu)
        ledger.recordCancelled(ticket.lineTotals, day: localDay(of: time))
        if let record { noteStockWentBack(ofOrder: record.sequence) }
        for (index, amount) in restocked {
            let before = inventory[index]
            try? inventory.add(amount, to: index)
            let change = StockChanged(ingredient: menu.ingredients[index].name, from: before, to: inventory[index], reason: .cancel)
            emit(.stockChanged(change), at: time, into: &events)
        }
    }

    /// Board changes as events, each at its own time.
    mutating func emit<Recipient: EventRecipient>(_ changes: [BoardChange], into events: inout Recipient) {
        // Most orders and ticks change nothing by themselves.
        guard !changes.isEmpty else { return }
        for change in changes {
            guard let payload = payload(for: change) else { continue }
            emit(payload, at: change.time, into: &events)
        }
    }

    private func payload(for change: BoardChange) -> Event.Payload? {
        // No copy of the board: only of the ticket and the station's name.
        guard let ticket = board?.ticket(change.ticket) else { return nil }
        let moved = TicketChanged(ticket: ticket.number, lines: ticket.items)
        switch change {
        case .started(_, let station, let prep, _):
            let lines = ticket.lines.filter { $0.station == station }.map { ItemQuantity(item: $0.item, quantity: $0.quantity, choice: $0.choice) }
            let name = board?.stations[station].name ?? ""
            return .ticketStarted(TicketStarted(ticket: ticket.number, station: name, prep: prep, lines: lines))
        case .ready: return .ticketReady(moved)
        case .pickedUp: return .ticketPickedUp(moved)
        case .recalled: return .ticketRecalled(moved)
        case .late: return .ticketLate(moved)
        case .cancelled, .warned: return nil
        }
    }
}
