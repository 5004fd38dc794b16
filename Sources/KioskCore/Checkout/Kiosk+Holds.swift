/// Orders paid first (`checkout pay first`): an order is made and holds its stock, unpaid,
/// with no ticket; the payment that settles it opens its ticket, and a hold that ends
/// unpaid voids the order and gives its stock back.
extension Kiosk {
    /// Holds order `order`, just made at `time` and owing `total`, for the menu's hold:
    /// `order.held`.
    mutating func hold<Recipient: EventRecipient>(_ order: UInt64, total: Money, at time: Timestamp, into events: inout Recipient) {
        let until = time.adding(milliseconds: menu.checkout?.hold ?? CheckoutSettings.defaultHold)
        holds.insert(HeldOrders.Hold(order: order, until: until))
        emit(.orderHeld(OrderHeld(order: order, until: until, total: total, currency: menu.currency)), at: time, into: &events)
    }

    /// Lets held order `order`, just paid in full, go: on a board, its ticket opens now —
    /// `ticket.opened`, then what the board did with it.
    mutating func openHeldTicket(_ order: UInt64, at time: Timestamp, into events: inout [Event]) {
        holds.remove(order)
        guard hasBoard, let record = historyRecord(order), let lines = board?.ticketLines(record.lines, menu: menu) else { return }
        let consumed = recipeCounts(of: record.lines).enumerated().compactMap { index, count in
            count > 0 ? IngredientCount(ingredient: menu.ingredients[index].name, count: count) : nil
        }
        var changes: [BoardChange] = []
        guard let number = board?.add(lines, consumed: consumed, lineTotals: Board.lineTotals(record.lines, menu: menu), at: time, changes: &changes),
              let promised = board?.promised(of: number) else { return }
        ledger.recordTicket(number, of: order)
        emit(.ticketOpened(TicketOpened(ticket: number, order: order, lines: record.lines, consumed: consumed, promised: promised)), at: time, into: &events)
        emit(changes, into: &events)
    }

    /// Voids each held order whose hold ended by `time`, at the moment it ended, the board
    /// brought up to then first: what its payments took back to their tenders, its stock
    /// back (`stock.changed`, reason `cancel`), and `order.voided` with the reason
    /// `hold_expired`.
    mutating func releaseHolds(endingBy time: Timestamp, emitting events: inout [Event]) {
        while let hold = holds.first, hold.until <= time {
            holds.remove(hold.order)
            advanceBoard(to: hold.until, into: &events)
            // An order the history no longer keeps, or one voided already, has nothing to give back.
            _ = try? void(hold.order, reason: OrderVoided.holdExpired, at: hold.until, emitting: &events)
        }
    }
}
