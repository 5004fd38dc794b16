/// How a request is answered: now, on the daemon's thread, or later from another thread.
public enum HTTPHandling: Sendable {
    /// Answer at once.
    case respond(HTTPResponse)
    /// The daemon suspends the connection, then calls `start`, which hands the exchange to
    /// whoever answers it with `HTTPExchange.respond`: suspended first, so an answer that
    /// comes back at once never finds the connection still running.
    case later(start: @Sendable () -> Void)
}

/// What the HTTP daemon calls, on its own thread, for each request. It must not block:
/// every request of every connection waits while it runs.
public protocol HTTPRequestHandler: AnyObject, Sendable {
    /// The request line and headers are in, the body not yet read: a response to give at
    /// once, without reading the body (a body too large, say), or `nil` to go on.
    func headersArrived(_ exchange: HTTPExchange) -> HTTPResponse?
    /// The request's framing is refused (`RequestFraming`): the response that says so,
    /// sent before any body is read, and the connection closed. Neither `headersArrived`
    /// nor `handle` is called for it.
    func refuse(_ exchange: HTTPExchange, because problem: FramingProblem) -> HTTPResponse
    /// The whole request is in (`exchange.bodyExceeded` says when its body was cut).
    func handle(_ exchange: HTTPExchange) -> HTTPHandling
    /// The exchange is over: its response sent whole (`completed`), or the connection
    /// closed or timed out first.
    func finished(_ exchange: HTTPExchange, completed: Bool)
}
