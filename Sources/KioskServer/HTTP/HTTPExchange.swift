import KioskWire
import Synchronization

/// One request and, once it is known, its response.
///
/// The daemon's thread fills in the request before it hands the exchange on (through a
/// lock: a queue), and never changes it after; whoever answers sets the response once,
/// from any thread, with `respond`.
public final class HTTPExchange: @unchecked Sendable {
    /// `GET`, `POST`, … as sent.
    public let method: String
    /// The path as sent, percent-encoded, without the query (nor the scheme and authority
    /// of a target in absolute form).
    public let path: String
    /// `HTTP/1.1`.
    public let version: String
    /// The target's host and port, for a target in absolute form
    /// (`GET http://127.0.0.1:8080/api/v1/menu`); `nil` for the usual `/api/v1/menu`.
    public internal(set) var authority: String?
    /// The request's headers, in the order sent.
    public let headers: [HTTPField]
    /// The query's arguments as sent (percent-encoded); a name without `=` has the value "".
    public let query: [HTTPField]
    /// The client's address (`127.0.0.1`, `::1`), or "" when unknown.
    public let client: String
    /// Bytes of the body received, kept or not.
    var bodyBytes = 0
    /// The bytes of the request line and headers, and of the target, as received.
    var headSize = 0
    var targetLength = 0
    /// When the request's headers were in.
    public let started: ContinuousClock.Instant
    /// The body as read so far, at most the daemon's body limit.
    public internal(set) var body: [UInt8] = []
    /// The body was longer than the limit: the rest was read and dropped.
    public internal(set) var bodyExceeded = false
    /// Set by the handler for its own use (the request id, the route), before it hands the
    /// exchange on.
    public var note: [String: String] = [:]

    /// What was answered: its status and the length of its body, for the access log.
    public internal(set) var answeredStatus = 0
    public internal(set) var answeredBytes = 0

    /// Where the daemon is with this exchange: only its thread reads or writes it.
    var phase = Phase.reading
    enum Phase {
        case reading
        case suspended
        case answered
    }

    /// The response, from the thread that answers to the daemon's.
    private let slot = Mutex<(response: HTTPResponse?, given: Bool)>((nil, false))
    /// Resumes the suspended connection: set by the daemon when it suspends it.
    var resume: (@Sendable () -> Void)?

    init(method: String, path: String, version: String, headers: [HTTPField], query: [HTTPField], client: String) {
        self.method = method
        self.path = path
        self.version = version
        self.headers = headers
        self.query = query
        self.client = client
        started = .now
    }

    /// A request made up in memory, for tests of the parts that answer requests.
    public convenience init(method: String, path: String, headers: [HTTPField] = [], query: [HTTPField] = [], body: [UInt8] = [], client: String = "127.0.0.1") {
        self.init(method: method, path: path, version: "HTTP/1.1", headers: headers, query: query, client: client)
        self.body = body
    }

    /// The first header named `name`, in any case.
    public func header(_ name: String) -> String? {
        headers.value(named: name)
    }

    /// Answers a request that was handed on (`HTTPHandling.later`): once, from any thread.
    public func respond(_ response: HTTPResponse) {
        let resume = slot.withLock { slot -> (@Sendable () -> Void)? in
            guard !slot.given else { return nil }
            slot = (response, true)
            return self.resume
        }
        resume?()
    }

    /// The response given with `respond`, once.
    func takeResponse() -> HTTPResponse? {
        slot.withLock { slot in
            defer { slot.response = nil }
            return slot.response
        }
    }
}
