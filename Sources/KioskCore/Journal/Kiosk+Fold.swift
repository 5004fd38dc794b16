/// The fold of the journal: how a record another process wrote — or an earlier run —
/// changes a kiosk.
///
/// A kiosk that makes an event and a kiosk that applies it end in the same state: stock is
/// set from the counts the events carry (never recomputed from a recipe, which another
/// menu may not share), totals and history are kept by name.
extension Kiosk {
    /// Applies every entry of `record` that concerns the kiosk.
    public mutating func apply(_ record: JournalRecord) {
        for entry in record.entries {
            switch entry {
            case .event(let event):
                apply(event)
            case .stockDeclared(let ingredient, let count):
                setStock(of: ingredient, to: count)
            case .profileChanged(let change):
                profiles.apply(change)
            case .fact:
                break
            }
        }
    }

    /// Applies one event.
    public mutating func apply(_ event: Event) {
        advanceSequence(to: event.sequence)
        switch event.payload {
        case .orderSucceeded(let made):
            for entry in made.stock { setStock(of: entry.ingredient, to: entry.count) }
            let record = OrderRecord(
                sequence: event.sequence, time: event.time, lines: made.lines, result: .made(total: made.total), price: made.price,
                ticket: made.ticket, lineTotals: made.lineTotals
            )
            ledger.recordMade(made, record: record, menu: menu)
            if let price = made.price { ledger.recordPrice(price, day: localDay(of: event.time)) }
            if hasBoard {
                board?.apply(event, menu: menu)
            } else if let number = made.ticket {
                // Made on another process's board: its number is taken for good.
                retainedTicketNumber = max(retainedTicketNumber, number.saturatingAdding(1))
            }
        case .orderFailed(let refused):
            ledger.recordRefused(OrderRecord(
                sequence: event.sequence, time: event.time, lines: refused.lines, result: .refused(missing: refused.missing)
            ))
        case .stockChanged(let change):
            setStock(of: change.ingredient, to: change.to)
        case .ticketCancelled(let cancelled):
            // The ingredients of a queued ticket come back through their own stock.changed.
            let lineTotals = board?.ticket(cancelled.ticket)?.lineTotals ?? []
            if board?.apply(event, menu: menu) == true {
                ledger.reverse(cancelled.lines, lineTotals: lineTotals, restocked: cancelled.restocked, menu: menu)
                ledger.recordCancelled(lineTotals, day: localDay(of: event.time))
            }
            if cancelled.from == .queued, let order = historyRecord(ofTicket: cancelled.ticket) {
                noteStockWentBack(ofOrder: order.sequence)
            }
        case .ticketStarted, .ticketReady, .ticketPickedUp, .ticketRecalled, .ticketLate:
            _ = board?.apply(event, menu: menu)
        case .payment(let step):
            recordInDrawer(step)
            payments.apply(step)
            forgetOldPayments()
        case .drawer(let step):
            drawer.apply(step, payments: payments)
        case .orderVoided(let voided):
            payments.void(voided.order)
            holds.remove(voided.order)
        case .orderHeld(let held):
            holds.insert(HeldOrders.Hold(order: held.order, until: held.until))
        case .orderPaid(let paid):
            holds.remove(paid.order)
        case .ticketOpened(let opened):
            holds.remove(opened.order)
            ledger.recordTicket(opened.ticket, of: opened.order)
            if hasBoard {
                board?.apply(event, menu: menu)
            } else {
                // Opened on another process's board: its number is taken for good.
                retainedTicketNumber = max(retainedTicketNumber, opened.ticket.saturatingAdding(1))
            }
        case .restockNeeded, .menuReloaded, .suggestionMade, .menuReloadFailed:
            break
        }
    }

    /// Sets an ingredient's count by name: on the menu, or kept aside when the menu does
    /// not have it. Counts outside the valid range are clamped, never trusted to trap.
    mutating func setStock(of ingredient: String, to count: Int) {
        let clamped = min(max(count, 0), Menu.maximumQuantity)
        if let index = menu.ingredientIndex(named: ingredient) {
            inventory.restore(clamped, for: index)
        } else {
            retainedStock[NameKey.fold(ingredient)] = IngredientCount(ingredient: ingredient, count: clamped)
        }
    }
}
