import KioskApplication
import KioskCore
import KioskSystem
import KioskText
import KioskWire
import Synchronization

/// `kiosk serve`: the API under `/api/v1` on the HTTP daemon, the session on its command
/// thread.
///
/// On the daemon's thread each request is checked (`Host`, route, token, origin, body) and
/// read into a command; the connection is then suspended and the command queued for the
/// command thread, which answers it once its group is on disk. Nothing here blocks the
/// daemon's thread: a request either gets its answer at once (a problem, the API's
/// description) or waits, suspended, for the command thread.
public final class APIServer: HTTPRequestHandler, @unchecked Sendable {
    /// What `kiosk serve`'s command line decided.
    public struct Configuration: Sendable {
        public var address: ListenAddress
        public var token: OperatorToken
        public var corsOrigins: [String] = []
        public var daemon = DaemonSettings()
        /// Requests waiting for the command thread at most.
        public var queueCapacity = 4_096
        /// Event streams open at once at most.
        public var maximumStreams = 1_024
        /// How long a quiet event stream waits before a comment keeps it open.
        public var keepalive: Duration = .seconds(15)
        /// How long an event stream may stay too full to take more before it is cut off.
        public var slowCutoff: Duration = .seconds(30)
        /// Where what the operator must know of and asked nobody for is reported: a
        /// SIGHUP's reload that failed, with the menu's diagnostics.
        public var errors: FileOutput?

        public init(address: ListenAddress, token: OperatorToken) {
            self.address = address
            self.token = token
        }
    }

    private let router: Router
    /// The screens, for the `GET`s outside `/api/`, speaking the operator's language as the
    /// process does.
    private let pages = PageServer.speaking(Localization.language)
    private let policy: AccessPolicy
    private let commands: CommandTable
    /// Who is at the till for a request with the token and no `Kiosk-Operator`: the
    /// session's operator when the server was made (`--operator`).
    private let defaultOperator: String?
    private let commandThread: CommandThread
    private let accessLog: AccessLog?
    private let bodyLimit: Int
    private let secure: Bool
    private let requestIDs = RequestIDs()
    /// The event stream's hub; `nil` for a session without a journal (tests).
    private let events: EventHub?
    /// Set by `stop`: requests that begin from then on are refused.
    private let draining = Atomic<Bool>(false)
    /// Set by `start`, once, before any request can arrive; read-only afterwards.
    private var daemon: MicroHTTPDaemon?

    /// A server for `session`, listening on `port` (the bound port, when 0 was asked for).
    /// The session belongs to the server's command thread from `start` until `stop`.
    public init(session: Session, configuration: Configuration, port: UInt16, accessLog: AccessLog?, document: [UInt8]) {
        router = Router(routes: APIRoutes.all(document: document))
        policy = AccessPolicy(
            address: configuration.address, port: port, tls: configuration.daemon.tls != nil, token: configuration.token,
            corsOrigins: configuration.corsOrigins
        )
        commands = session.commands
        defaultOperator = session.operatorName
        self.accessLog = accessLog
        bodyLimit = configuration.daemon.bodyLimit
        secure = configuration.daemon.tls != nil
        let deliver: @Sendable (HTTPExchange, HTTPResponse) -> Void = { [policy, secure] exchange, response in
            exchange.respond(APIServer.finish(response, for: exchange, policy: policy, secure: secure))
        }
        commandThread = CommandThread(
            session: session, capacity: configuration.queueCapacity, errors: configuration.errors, paymentKeys: policy.payments, deliver: deliver
        )
        settings = configuration.daemon
        events = session.store.map { store in
            var settings = EventHub.Settings()
            settings.maximumStreams = configuration.maximumStreams
            settings.keepalive = configuration.keepalive
            settings.slowCutoff = configuration.slowCutoff
            return EventHub(journal: store.journal, lastSequence: session.kiosk.sequence, settings: settings)
        }
    }

    private let settings: DaemonSettings

    /// Starts the command thread and the daemon on `socket` (which it takes over).
    public func start(on socket: ListeningSocket) throws(DaemonError) {
        commandThread.start()
        events?.start()
        do throws(DaemonError) {
            daemon = try MicroHTTPDaemon(socket: socket, settings: settings, handler: self)
        } catch {
            events?.stop(deadline: .now + .seconds(5))
            commandThread.stop(deadline: .now + .seconds(5))
            throw error
        }
    }

    /// Makes the command thread look at the signals now (a SIGHUP reloads the menu).
    public func wake() {
        commandThread.wake()
    }

    /// How long before the drain's deadline the bodies of requests in hand must be whole,
    /// so that their answers have that long.
    public static let drainAnswerTime: Duration = .seconds(2)

    /// The drain: stops accepting connections and answers every request in hand — those
    /// whose head was in when it began, their bodies read to the end (until
    /// `drainAnswerTime` before `deadline`) — then closes the connections left. A request
    /// that begins during the drain is answered `503 shutting_down`. The session is the
    /// caller's again afterwards.
    public func stop(deadline: ContinuousClock.Instant) {
        draining.store(true, ordering: .releasing)
        daemon?.stopAccepting()
        // Streams end first, each with a comment saying so: they never end by themselves.
        events?.stop(deadline: deadline)
        daemon?.waitForRequestsInHand(until: max(.now, deadline - APIServer.drainAnswerTime))
        commandThread.stop(deadline: deadline)
        daemon?.stop(deadline: deadline)
    }

    // MARK: Requests, on the daemon's thread

    public func headersArrived(_ exchange: HTTPExchange) -> HTTPResponse? {
        exchange.note["requestId"] = requestIDs.id(for: exchange.header("x-request-id"))
        guard draining.load(ordering: .acquiring) else { return nil }
        // Begun after the drain did: not in hand, so not waited for.
        var refusal = finish(CommandResponse.problemResponse(.shuttingDown), for: exchange)
        refusal.set("Connection", "close")
        return refusal
    }

    public func refuse(_ exchange: HTTPExchange, because problem: FramingProblem) -> HTTPResponse {
        exchange.note["requestId"] = requestIDs.id(for: exchange.header("x-request-id"))
        return finish(CommandResponse.problemResponse(Problem(framing: problem)), for: exchange)
    }

    public func handle(_ exchange: HTTPExchange) -> HTTPHandling {
        do throws(Problem) {
            switch try action(for: exchange) {
            case .respond(let response):
                return .respond(finish(response, for: exchange))
            case .command(let command, let created, let pathNames):
                let idempotency = exchange.method == "GET" ? nil : try IdempotentRequest.of(exchange)
                let operatorName = try policy.operatorName(exchange.headers, fallback: defaultOperator)
                return queue(ServerJob(
                    exchange: exchange, work: .command(command, created: created, pathNames: pathNames), idempotency: idempotency,
                    operatorName: operatorName
                ))
            case .health:
                return queue(ServerJob(exchange: exchange, work: .health))
            case .events(let types, let after):
                return .respond(finish(try stream(types: types, after: after, for: exchange), for: exchange))
            }
        } catch {
            return .respond(finish(CommandResponse.problemResponse(error), for: exchange))
        }
    }

    public func finished(_ exchange: HTTPExchange, completed: Bool) {
        accessLog?.record(exchange, requestID: exchange.note["requestId"] ?? "", completed: completed)
    }

    /// Checks a request in the order a client can fix it: the host, the route, the
    /// token, the origin, the body; then makes the route's action.
    private func action(for exchange: HTTPExchange) throws(Problem) -> RouteAction {
        try policy.checkHost(exchange.headers, authority: exchange.authority)
        if let page = pages.response(to: exchange) { return .respond(page) }
        if exchange.method == "OPTIONS" { return .respond(options(for: exchange)) }
        let match = try router.match(method: exchange.method, path: exchange.path)
        let route = match.route
        if route.role == .payer {
            try policy.checkPayer(exchange.headers, order: match.parameters["order"])
        } else {
            try policy.checkRole(route.role, exchange.headers)
        }
        if route.changesState { try policy.checkSite(exchange.headers) }
        let body = route.takesBody ? try readBody(exchange) : nil
        return try route.action(RouteRequest(parameters: match.parameters, query: try query(of: exchange), body: body, commands: commands))
    }

    /// `GET /events`: a stream of the types asked for that the caller may see — a
    /// customer the public ones, the operator (with the token) all — from after
    /// `Last-Event-ID` (a reconnecting browser), else `?after=`, else from now.
    private func stream(types: EventTypes, after: UInt64?, for exchange: HTTPExchange) throws(Problem) -> HTTPResponse {
        guard let events else { throw Problem.noEvents }
        let allowed = exchange.header("authorization") == nil ? EventFilter.customerTypes : try policy.operatorTypes(exchange.headers)
        let resumeFrom = try exchange.header("last-event-id").map { text throws(Problem) in
            try APIRoutes.sequenceNumber(text.trimmingWhitespace(), "Last-Event-ID")
        }
        let stream = EventStream(
            types: types.intersection(allowed), after: resumeFrom ?? after ?? events.sequence, limit: events.streamLimit, greeting: EventHub.greeting
        )
        guard events.subscribe(stream) else { throw events.isStopping ? Problem.shuttingDown : Problem.tooManyStreams }
        return HTTPResponse(
            status: 200, headers: [HTTPField("Content-Type", "text/event-stream; charset=utf-8"), HTTPField("X-Accel-Buffering", "no")],
            stream: stream
        )
    }

    /// The JSON body of a route that takes one.
    private func readBody(_ exchange: HTTPExchange) throws(Problem) -> JSONValue {
        if exchange.bodyExceeded { throw Problem.bodyTooLarge(limit: bodyLimit) }
        guard let type = exchange.header("content-type"), APIServer.isJSON(type) else { throw Problem.unsupportedMediaType }
        guard let value = JSONValue(parsing: exchange.body) else { throw Problem.malformedJSON }
        return value
    }

    /// `application/json`, with no parameter but `charset=utf-8`.
    static func isJSON(_ contentType: String) -> Bool {
        let parts = contentType.split(separator: ";").map { String($0).trimmingWhitespace().lowercased() }
        guard parts.first == "application/json" else { return false }
        return parts.dropFirst().allSatisfy { $0 == "charset=utf-8" || $0 == "charset=\"utf-8\"" }
    }

    /// The query's arguments decoded; the first of a name given twice.
    private func query(of exchange: HTTPExchange) throws(Problem) -> [String: String] {
        var query: [String: String] = [:]
        for field in exchange.query {
            guard let name = PercentEncoding.decode(field.name, plusIsSpace: true), let value = PercentEncoding.decode(field.value, plusIsSpace: true) else {
                throw Problem.invalidQuery("the query is not percent-encoded UTF-8")
            }
            if query[name] == nil { query[name] = value }
        }
        return query
    }

    /// `OPTIONS`: a CORS preflight from an origin `--cors` allows, or the methods allowed.
    private func options(for exchange: HTTPExchange) -> HTTPResponse {
        let methods = router.methods(for: exchange.path)
        guard !methods.isEmpty else { return CommandResponse.problemResponse(.notFound) }
        let allowed = (methods + (methods.contains("GET") ? ["HEAD"] : []) + ["OPTIONS"]).joined(separator: ", ")
        var response = HTTPResponse(status: 204, headers: [HTTPField("Allow", allowed)])
        if policy.allowedCORSOrigin(exchange.headers) != nil, exchange.header("access-control-request-method") != nil {
            response.add("Access-Control-Allow-Methods", allowed)
            response.add("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, Kiosk-Operator, Last-Event-ID, X-Request-Id")
            response.add("Access-Control-Max-Age", "600")
        }
        return response
    }

    /// Hands a job to the command thread, once the daemon has suspended the connection.
    private func queue(_ job: ServerJob) -> HTTPHandling {
        .later { [commandThread, policy, secure] in
            guard !commandThread.submit(job) else { return }
            let problem: Problem = commandThread.isStopping ? .shuttingDown : .overloaded
            job.exchange.respond(APIServer.finish(CommandResponse.problemResponse(problem), for: job.exchange, policy: policy, secure: secure))
        }
    }

    private func finish(_ response: HTTPResponse, for exchange: HTTPExchange) -> HTTPResponse {
        APIServer.finish(response, for: exchange, policy: policy, secure: secure)
    }

    /// Adds the headers every response carries: no sniffing, a content security policy
    /// that allows nothing (an API answers data, never pages) and no caching unless the
    /// response has its own (a page's), the request's id, and CORS for an origin `--cors`
    /// allows.
    static func finish(_ response: HTTPResponse, for exchange: HTTPExchange, policy: AccessPolicy, secure: Bool) -> HTTPResponse {
        var response = response
        response.add("X-Content-Type-Options", "nosniff")
        if response.headers.value(named: "content-security-policy") == nil {
            response.add("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
        }
        response.add("Referrer-Policy", "no-referrer")
        if response.headers.value(named: "cache-control") == nil { response.add("Cache-Control", "no-store") }
        if secure { response.add("Strict-Transport-Security", "max-age=31536000") }
        if let id = exchange.note["requestId"] { response.add("X-Request-Id", id) }
        if let origin = policy.allowedCORSOrigin(exchange.headers) {
            response.add("Access-Control-Allow-Origin", origin)
            response.add("Access-Control-Expose-Headers", "X-Request-Id, Retry-After")
            response.add("Vary", "Origin")
        }
        return response
    }
}

/// Request ids: the client's `X-Request-Id` when it is a sane one, else one made here —
/// a random prefix for this run and a counter, so ids differ across restarts.
final class RequestIDs: Sendable {
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    init() {
        var generator = SystemRandomNumberGenerator()
        prefix = String(UInt32.random(in: 0...UInt32.max, using: &generator), radix: 16)
    }

    func id(for given: String?) -> String {
        if let given, (1...128).contains(given.utf8.count), given.utf8.allSatisfy(RequestIDs.isAllowed) { return given }
        let number = counter.add(1, ordering: .relaxed).newValue
        return "\(prefix)-\(number)"
    }

    /// Letters, digits and `-._:`: nothing that could split a header or a log line.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"): true
        default: false
        }
    }
}
