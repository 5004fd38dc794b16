extension Kiosk {
    /// Leaves the tickets to a simulator's own board (`Board(simulating:settings:)`),
    /// which it drives on its virtual clock: orders then open no ticket here, so no order
    /// is on two boards.
    public mutating func detachBoard() {
        board = nil
    }

    /// Keeps only the ledger's counts of orders and its revenue from now on, not each
    /// order's sales, usage and history line: a simulator keeps its own tallies, and
    /// naming every order for a history nobody reads is work on every customer.
    ///
    /// Stock, refusals and the event sequence are as before; an order whose total would
    /// not fit the ledger is refused as before.
    public mutating func keepLedgerCountsOnly() {
        ledgerKeepsOrders = false
    }

    /// Emits an event of a simulator's own board (`ticket.started`, `ticket.ready`,
    /// `ticket.picked_up`, `ticket.cancelled`) as the kiosk's next, so `seq` runs on
    /// through orders and tickets alike.
    ///
    /// Only the sequence moves: stock and sales stay as the simulator's model leaves them
    /// (a cancel here gives nothing back and reverses nothing).
    public mutating func emitSimulated(_ payload: Event.Payload, at time: Timestamp, into events: inout [Event]) {
        emit(payload, at: time, into: &events)
    }
}
