/// What the journal keeps besides the kiosk: the events sinks gave up on, and the requests
/// answered under an `Idempotency-Key`. Folded with or without `--state` — sinks and
/// retried requests need them either way — and kept in snapshots beside the kiosk's.
public struct OperationsState: Sendable, Hashable {
    public var deliveries: DeliveryFailures
    public var answers: AnsweredRequests

    public init(deliveries: DeliveryFailures = DeliveryFailures(), answers: AnsweredRequests = AnsweredRequests()) {
        self.deliveries = deliveries
        self.answers = answers
    }

    /// As a snapshot holds it; empty without one.
    public init(_ snapshot: JournalSnapshot?) {
        self.init(deliveries: snapshot?.deliveries ?? DeliveryFailures(), answers: snapshot?.answers ?? AnsweredRequests())
    }

    public mutating func apply(_ record: JournalRecord) {
        deliveries.apply(record)
        answers.apply(record)
    }
}
