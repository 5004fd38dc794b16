/// The fold of the journal up to a position: what a snapshot file holds, so that start-up
/// reads only the records after it.
public struct JournalSnapshot: Sendable, Hashable {
    /// The journal position of the first record the snapshot does not include.
    public var position: UInt64
    public var kiosk: KioskSnapshot
    public var deliveries: DeliveryFailures
    /// Requests answered under an `Idempotency-Key` in the day before the position.
    public var answers: AnsweredRequests

    public init(position: UInt64, kiosk: KioskSnapshot, deliveries: DeliveryFailures = DeliveryFailures(), answers: AnsweredRequests = AnsweredRequests()) {
        self.position = position
        self.kiosk = kiosk
        self.deliveries = deliveries
        self.answers = answers
    }
}
