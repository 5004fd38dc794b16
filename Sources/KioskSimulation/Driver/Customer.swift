/// A customer in the system, in a slot reused once they leave.
struct Customer: Sendable {
    enum State: UInt8, Sendable {
        case free, queued, preparing
        /// Has their order, and pays at a card reader (waiting for one, or on one).
        case paying
    }

    var generation: UInt32 = 0
    var state = State.free
    /// Counted among the customers waiting: queued, and not started the moment it arrived.
    var isWaiting = false
    var item: Int32 = 0
    var station: Int32 = 0
    var number = 0
    /// The ticket number its order was given: counting the orders made, from 1, as the
    /// board numbers them. What the ticket events and `order.succeeded` carry.
    var ticket = 0
    var arrival: Int64 = 0
    var start: Int64 = 0
}

/// How a customer will pay, and what their order is due in hundredths (0: nothing to pay).
struct PendingPayment: Sendable {
    var tender: TenderDraw
    var due: Int
}
