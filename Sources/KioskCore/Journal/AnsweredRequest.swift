/// How a request that carried an `Idempotency-Key` was answered: kept in the journal, in the
/// same record as what the request did, so a retry gets the same answer and never does it
/// twice — after a restart too, and from another process on the state.
public struct AnsweredRequest: Sendable, Hashable {
    /// The client's key, as it sent it.
    public let key: String
    /// When the request was answered, on the kiosk's clock: keys expire a day later.
    public let time: Timestamp
    /// What the request was — its method, path and body — so the same key with another
    /// request is told apart from a retry.
    public let request: String
    public let status: Int
    public let body: String

    public init(key: String, time: Timestamp, request: String, status: Int, body: String) {
        self.key = key
        self.time = time
        self.request = request
        self.status = status
        self.body = body
    }
}
