import KioskApplication
import KioskCore
import KioskText

/// An RFC 9457 problem: why a request was not done, as `application/problem+json`.
///
/// `code` is the same stable name `--json` gives for the same failure (`insufficient_stock`,
/// `unknown_item`, …), or one of the HTTP layer's own (`not_found`, `malformed_json`, …);
/// `detail` is the same words a person reads at the prompt.
public struct Problem: Error, Sendable, Equatable {
    public let status: Int
    public let code: String
    public let detail: String
    /// What was short, for a refused order: as `--json`'s `missing`.
    public var missing: [Missing] = []
    /// The group whose limits an order line broke, and its limits: for `choice_outside_limits`.
    public var group: (name: String, minimum: Int, maximum: Int, taken: Int)?
    /// The combo whose choice an order broke: which choice (from 1), its limits, what it
    /// was given and what it offers; for `combo_outside_limits` and a combo's `choice_required`.
    public var combo: (name: String, choice: Int, minimum: Int, maximum: Int, taken: Int, items: [String])?
    /// The command that failed, when one did.
    public var command: String?
    /// The methods the path allows, for a 405.
    public var allowed: [String] = []

    public init(status: Int, code: String, detail: String) {
        self.status = status
        self.code = code
        self.detail = detail
    }

    public static func == (lhs: Problem, rhs: Problem) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.detail == rhs.detail && lhs.command == rhs.command
            && lhs.allowed == rhs.allowed && lhs.missing.map(\.ingredient) == rhs.missing.map(\.ingredient) && lhs.group?.name == rhs.group?.name
    }

    /// A command's error: the `--json` code and words, and the status that says the same
    /// in HTTP. `pathNames` are the codes that mean the path names nothing (`unknown_ticket`
    /// for `/tickets/99/start`): 404 there, 422 when the name came in the body.
    public init(_ error: CommandError, command: String, pathNames: Set<String> = []) {
        let code = error.code
        self.init(status: pathNames.contains(code) ? 404 : Problem.status(of: code), code: code, detail: ErrorText().message(error))
        self.command = command
        if case .refused(let missing, _) = error { self.missing = missing }
        if case .choiceOutsideLimits(_, let group, let minimum, let maximum, let taken) = error { self.group = (group, minimum, maximum, taken) }
        if case .comboOutsideLimits(let name, let slot, let minimum, let maximum, let taken, let items) = error {
            combo = (name, slot, minimum, maximum, taken, items)
        }
    }

    /// The HTTP status of a command error's code.
    static func status(of code: String) -> Int {
        switch code {
        case "insufficient_stock", "not_served_now", "below_zero", "above_maximum", "wrong_ticket_state", "suggestion_outdated", "no_suggestion", "no_board":
            409
        case "unknown_item", "unknown_ingredient", "requirement_too_large", "total_too_large", "choice_required", "unknown_size", "unknown_option",
             "choice_outside_limits", "combo_outside_limits", "unknown_combo_item", "unknown_discount", "unknown_order", "order_refused", "option_repeated", "invalid_profile", "unknown_profile",
             "unknown_rule", "reload_failed", "unknown_ticket", "unknown_sink", "invalid_suggestion":
            422
        case "no_checkout", "already_paid", "already_restocked", "line_refunded", "order_voided", "ticket_started", "drawer_open", "drawer_closed": 409
        case "order_unpriced", "cash_short", "not_paid", "refund_too_large", "unknown_line": 422
        case "card_declined", "payment_canceled", "reader_timed_out": 402
        case "io_error": 503
        default: 400
        }
    }

    // MARK: The HTTP layer's own

    public static let notFound = Problem(status: 404, code: "not_found", detail: "no such resource; the API is under /api/v1")

    public static func methodNotAllowed(_ method: String, allowed: [String]) -> Problem {
        var problem = Problem(
            status: 405, code: "method_not_allowed",
            detail: "\(TerminalText.visible(method)) is not allowed here; allowed: \(allowed.joined(separator: ", "))"
        )
        problem.allowed = allowed
        return problem
    }

    public static let malformedJSON = Problem(status: 400, code: "malformed_json", detail: "the body is not a JSON document (UTF-8, nested at most 64 deep)")

    public static func invalidBody(_ what: String) -> Problem {
        Problem(status: 400, code: "invalid_body", detail: what)
    }

    public static func invalidQuery(_ what: String) -> Problem {
        Problem(status: 400, code: "invalid_query", detail: what)
    }

    public static func bodyTooLarge(limit: Int) -> Problem {
        Problem(status: 413, code: "body_too_large", detail: "the body is larger than \(limit.grouped) bytes")
    }

    /// A request refused from its head alone, before its body was read.
    public init(framing problem: FramingProblem) {
        switch problem {
        case .bodyTooLarge(let limit):
            self = .bodyTooLarge(limit: limit)
        case .whitespaceInFieldName:
            self.init(status: 400, code: "invalid_framing", detail: "a header's name is followed by white space before its colon")
        case .conflictingLengths:
            self.init(status: 400, code: "invalid_framing", detail: "the request has Content-Length headers that differ; send one")
        case .lengthWithTransferEncoding:
            self.init(status: 400, code: "invalid_framing", detail: "the request has both Content-Length and Transfer-Encoding; send one")
        case .unframedTransferEncoding:
            self.init(
                status: 400, code: "invalid_framing", detail: "the body's end is unknown: Transfer-Encoding must be chunked, once, in HTTP/1.1"
            )
        case .unsupportedTransferCoding(let coding):
            self.init(
                status: 501, code: "unsupported_transfer_coding",
                detail: "the transfer coding '\(TerminalText.visible(String(coding.prefix(64))))' is not supported; send chunked alone, or Content-Length"
            )
        case .targetTooLong(let limit):
            self.init(status: 414, code: "target_too_long", detail: "the request's target is longer than \(limit.grouped) bytes")
        case .headersTooLarge(let limit):
            self.init(status: 431, code: "headers_too_large", detail: "the request line and headers are larger than \(limit.grouped) bytes")
        }
    }

    public static let unsupportedMediaType = Problem(
        status: 415, code: "unsupported_media_type", detail: "send the body as application/json (UTF-8)"
    )

    public static let unauthorized = Problem(
        status: 401, code: "unauthorized", detail: "this route is for the operator: send 'Authorization: Bearer TOKEN' with the server's token"
    )

    public static let paymentKeyRequired = Problem(
        status: 403, code: "payment_key_required",
        detail: "a customer pays only for an order this server gave them: send the 'paymentKey' of the order's answer as 'Kiosk-Payment-Key', or pay as the operator"
    )

    public static let crossSite = Problem(
        status: 403, code: "cross_site_request", detail: "a request that changes the state must come from this server's own origin"
    )

    public static let misdirected = Problem(
        status: 421, code: "wrong_host", detail: "the Host header (or the host of a target in absolute form) does not name this server's address"
    )

    public static let overloaded = Problem(
        status: 503, code: "overloaded", detail: "too many requests are waiting; try again in a moment"
    )

    public static let shuttingDown = Problem(status: 503, code: "shutting_down", detail: "the server is stopping")

    public static let tooManyStreams = Problem(status: 503, code: "overloaded", detail: "too many event streams are open; try again in a moment")

    public static let noEvents = Problem(status: 503, code: "no_events", detail: "this server keeps no journal to stream events from")

    public static let invalidIdempotencyKey = Problem(
        status: 400, code: "invalid_idempotency_key", detail: "an Idempotency-Key is 1 to 255 visible ASCII characters"
    )

    public static let invalidOperator = Problem(
        status: 400, code: "invalid_operator",
        detail: "Kiosk-Operator names who is at the till, once: 1 to 64 printable characters, such as Ana"
    )

    public static let idempotencyKeyReused = Problem(
        status: 422, code: "idempotency_key_reused",
        detail: "this Idempotency-Key was used in the last day for another request; a retry must send the same method, path and body"
    )

    /// Every code of the HTTP layer's own, for docs/HTTP.md and the API's description.
    public static let httpCodes = [
        "not_found", "method_not_allowed", "malformed_json", "invalid_body", "invalid_query", "body_too_large", "unsupported_media_type",
        "unauthorized", "payment_key_required", "cross_site_request", "wrong_host", "overloaded", "shutting_down", "no_events", "invalid_idempotency_key",
        "idempotency_key_reused", "invalid_operator", "invalid_framing", "unsupported_transfer_coding", "target_too_long", "headers_too_large",
    ]

    // MARK: As JSON

    /// The problem as `application/problem+json`, with the events the command caused (a
    /// refused order's `order.failed`, with the menu's text for it) when it caused any.
    public func json(events: [Event] = []) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("type", "urn:kiosk:problem:" + code)
        writer.field("title", HTTPStatus.phrase(status))
        writer.field("status", status)
        writer.field("detail", detail)
        writer.field("code", code)
        if let command { writer.field("command", command) }
        if !missing.isEmpty { writer.array("missing", missing: missing) }
        if let group {
            writer.key("group")
            writer.beginObject()
            writer.field("name", group.name)
            writer.field("minimum", group.minimum)
            writer.field("maximum", group.maximum)
            writer.field("taken", group.taken)
            writer.endObject()
        }
        if let combo {
            writer.key("combo")
            writer.beginObject()
            writer.field("name", combo.name)
            writer.field("choice", combo.choice)
            writer.field("minimum", combo.minimum)
            writer.field("maximum", combo.maximum)
            writer.field("taken", combo.taken)
            writer.array("items", strings: combo.items)
            writer.endObject()
        }
        if !events.isEmpty {
            writer.key("events")
            writer.beginArray()
            for event in events { event.write(to: &writer) }
            writer.endArray()
        }
        writer.endObject()
        return writer.bytes
    }
}
