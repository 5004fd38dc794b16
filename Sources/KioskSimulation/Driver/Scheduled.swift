/// An entry of the agenda: what happens, and to whom.
enum Scheduled: Sendable, Equatable {
    /// The next customer arrives.
    case arrival
    /// The customer's ticket is ready.
    case ready(TicketID)
    /// The customer's patience runs out.
    case patience(TicketID)
    /// The refill ordered for an ingredient (its index in the menu) arrives.
    case refill(ingredient: Int)
    /// The periodic restock of every ingredient.
    case restockAll
    /// A card reader answers the customer's payment.
    case paid(TicketID)
}
