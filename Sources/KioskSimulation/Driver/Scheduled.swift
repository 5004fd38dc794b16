/// An entry of the agenda: what happens, and to which customer (or ingredient, for a refill).
struct Scheduled: Sendable {
    enum Kind: UInt8, Sendable {
        case arrival, ready, patience, refill, restockAll
    }

    let kind: Kind
    let customer: TicketID

    init(_ kind: Kind, _ customer: TicketID = TicketID(slot: 0, generation: 0)) {
        self.kind = kind
        self.customer = customer
    }
}
