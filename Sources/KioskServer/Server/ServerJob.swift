import KioskApplication

/// A request for the session, waiting for the command thread: what to run, and the
/// exchange to answer.
struct ServerJob: Sendable {
    enum Work: Sendable {
        /// A command; `created`: a success is 201; `pathNames`: error codes that mean the
        /// path names nothing (404).
        case command(Command, created: Bool, pathNames: Set<String>)
        /// `GET /health`.
        case health
    }

    let exchange: HTTPExchange
    let work: Work
    /// The request's `Idempotency-Key`, when it sent one to a route that changes the state.
    var idempotency: IdempotentRequest?
    /// Who is at the till for it (`AccessPolicy.operatorName`): the session's operator while
    /// it runs; `nil` for a customer's.
    var operatorName: String?
}

/// A request that a retry must not run twice: its `Idempotency-Key`, and what it asked —
/// method, path, the operator it names and body — so the same key with another request is
/// told apart from a retry.
struct IdempotentRequest: Sendable {
    let key: String
    let request: String

    /// The key of `exchange`, if it sent one; a key that is not 1 to 255 visible ASCII
    /// characters is a problem.
    static func of(_ exchange: HTTPExchange) throws(Problem) -> IdempotentRequest? {
        guard let key = exchange.header("idempotency-key") else { return nil }
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw Problem.invalidIdempotencyKey
        }
        // `Kiosk-Operator` only when sent: a request without it is written as before.
        let named = exchange.header("kiosk-operator").map { "\nKiosk-Operator: " + $0 } ?? ""
        return IdempotentRequest(
            key: key, request: exchange.method + " " + exchange.path + named + "\n" + String(decoding: exchange.body, as: UTF8.self)
        )
    }
}
