/// Which ticket: a slot the simulation reuses once a ticket is done, and a generation that
/// tells the slot's successive tickets apart.
public struct TicketID: Sendable, Hashable {
    /// A small index, below the most tickets ever open at once.
    public let slot: Int32
    public let generation: UInt32

    public init(slot: Int32, generation: UInt32) {
        self.slot = slot
        self.generation = generation
    }
}
