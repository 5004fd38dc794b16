/// The fold of the journal up to a position: what a snapshot file holds, so that start-up
/// reads only the records after it.
public struct JournalSnapshot: Sendable, Hashable {
    /// The journal position of the first record the snapshot does not include.
    public var position: UInt64
    public var kiosk: KioskSnapshot
    /// What the layers above the domain fold of their facts (the events sinks gave up on,
    /// the requests answered under an `Idempotency-Key`).
    public var facts: FactFolds

    public init(position: UInt64, kiosk: KioskSnapshot, facts: FactFolds = FactFolds()) {
        self.position = position
        self.kiosk = kiosk
        self.facts = facts
    }
}
