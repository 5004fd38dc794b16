import KioskCore

/// Requests under an `Idempotency-Key`: a retry gets the answer given before. The answer is
/// kept in the record of what the command did (`execute(_:annotating:)`), so the two are
/// kept or lost together.
extension Session {
    /// The answer given to a request under `key` in the last day, by this process or any
    /// other on the state: first catches up with what others appended (opening the
    /// transaction the request's command will join).
    public func answeredRequest(key: String) -> Result<AnsweredRequest?, CommandError> {
        guard let store else { return .success(nil) }
        if let failure = openTransaction() { return .failure(failure) }
        return .success(store.answers.answer(for: key, at: clock()))
    }
}
