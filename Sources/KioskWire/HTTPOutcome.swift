/// What came back: a response (with the headers a sink acts on), or no response at all.
public enum HTTPOutcome: Sendable, Equatable {
    /// `retryAfter` and `location` as the receiver sent them.
    case response(status: Int, retryAfter: String?, location: String?)
    /// No response: refused, reset, timed out, unresolvable.
    case failure(String)
}
