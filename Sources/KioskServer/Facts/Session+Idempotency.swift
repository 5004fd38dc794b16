import KioskApplication
import KioskCore

/// Requests under an `Idempotency-Key`: a retry gets the answer given before.
extension Session {
    /// The answer given to a request under `key` in the last day, by this process or any
    /// other on the state: first catches up with what others appended (opening the
    /// transaction the request's command will join).
    func answeredRequest(key: String) -> Result<AnsweredRequest?, CommandError> {
        currentFacts(AnsweredRequests.self).map { $0?.answer(for: key, at: time.now()) }
    }
}
