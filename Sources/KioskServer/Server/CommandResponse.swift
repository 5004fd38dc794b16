import KioskApplication
import KioskCore
import KioskSinks
import KioskText
import KioskWire

/// A command's result as an HTTP response: the object `--json` prints for it (without its
/// `line`), or a problem with the same code and words.
enum CommandResponse {
    /// A made order's answer carries `paymentKey(order)`, on a menu that takes payments:
    /// what its customer pays it with.
    static func response(
        for result: CommandResult, created: Bool, pathNames: Set<String>, paymentKey: ((UInt64) -> String)? = nil
    ) -> HTTPResponse {
        if let error = result.error {
            let problem = Problem(error, command: result.command.name, pathNames: pathNames)
            return problemResponse(problem, events: result.events)
        }
        var key: String?
        if case .ordered(let summary) = result.output, let order = summary.order, let paymentKey { key = paymentKey(order) }
        return HTTPResponse(
            status: created ? 201 : 200, headers: [HTTPField("Content-Type", "application/json")],
            body: ResultJSON.object(for: result, sequenced: true, paymentKey: key)
        )
    }

    /// The answer given before to a request under the same `Idempotency-Key`, as it was,
    /// marked as a replay.
    static func replay(_ answer: AnsweredRequest) -> HTTPResponse {
        let type = answer.status >= 400 ? "application/problem+json" : "application/json"
        return HTTPResponse(
            status: answer.status, headers: [HTTPField("Content-Type", type), HTTPField("Idempotent-Replayed", "true")], body: Array(answer.body.utf8)
        )
    }

    /// A problem as `application/problem+json`, with the headers its status calls for.
    static func problemResponse(_ problem: Problem, events: [Event] = []) -> HTTPResponse {
        var response = HTTPResponse(status: problem.status, headers: [HTTPField("Content-Type", "application/problem+json")], body: problem.json(events: events))
        switch problem.status {
        case 401: response.add("WWW-Authenticate", "Bearer realm=\"kiosk\"")
        case 405: response.add("Allow", problem.allowed.joined(separator: ", "))
        case 503: response.add("Retry-After", "1")
        default: break
        }
        return response
    }

    /// `GET /health`: the journal can be written (a transaction opened, as every command
    /// opens one), whether the last reload of the menu failed (the old menu goes on, so
    /// the server is still healthy), and each sink's state — kinds and states only, no
    /// targets or names, which may say where events go.
    static func health(_ result: CommandResult, reloadFailed: Bool) -> HTTPResponse {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        let healthy = result.error == nil
        writer.field("status", healthy ? "ok" : "unavailable")
        writer.field("journal", healthy ? "writable" : "failing")
        writer.field("menu", reloadFailed ? "reload_failed" : "loaded")
        if case .sinks(let statuses) = result.output {
            writer.array("sinks", objects: statuses) { writer, status in
                writer.field("kind", status.kind)
                writer.field("state", state(of: status))
            }
        } else {
            writer.key("sinks")
            writer.beginArray()
            writer.endArray()
        }
        writer.endObject()
        return HTTPResponse(status: healthy ? 200 : 503, headers: [HTTPField("Content-Type", "application/json")], body: writer.bytes)
    }

    /// `delivering` (nothing wrong), `retrying`, `failed` (events given up on), or
    /// `elsewhere` (another process on the state delivers for it).
    private static func state(of status: SinkStatus) -> String {
        if !status.deliversHere { return "elsewhere" }
        if status.retrying > 0 { return "retrying" }
        if status.failed > 0 { return "failed" }
        return "delivering"
    }
}
