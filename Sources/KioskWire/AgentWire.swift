import KioskText

/// The lines `AgentHTTPClient` and the `kiosk-http` helper exchange: one JSON object per
/// line, requests on the helper's standard input and answers on its standard output,
/// matched by `id` (answers may come in any order).
///
/// ```
/// → {"id":7,"url":"https://…","timeout":10000,"headers":[["Content-Type","application/json"]],"body":"{…}",
///    "stamp":{"id":"<webhook-id>","secrets":["whsec_…"]}}
/// ← {"id":7,"status":429,"retryAfter":"1"}
/// ← {"id":8,"error":"Could not connect to the server."}
/// ```
public enum AgentWire {
    public static func encode(id: Int, _ request: HTTPRequest) -> [UInt8] {
        var writer = JSONWriter(capacity: request.body.count + 256)
        writer.beginObject()
        writer.field("id", id)
        writer.field("url", request.url)
        writer.field("timeout", request.timeout.milliseconds)
        writer.key("headers")
        writer.beginArray()
        for header in request.headers {
            writer.beginArray()
            writer.string(header.name)
            writer.string(header.value)
            writer.endArray()
        }
        writer.endArray()
        writer.field("body", String(decoding: request.body, as: UTF8.self))
        if let stamp = request.stamp {
            writer.key("stamp")
            writer.beginObject()
            writer.field("id", stamp.id)
            writer.array("secrets", strings: stamp.secrets)
            writer.endObject()
        }
        writer.endObject()
        return writer.bytes + [UInt8(ascii: "\n")]
    }

    /// A request line, read: the request and the id its answer carries.
    public struct NumberedRequest: Sendable, Equatable {
        public let id: Int
        public let request: HTTPRequest
    }

    /// An answer line, read: the outcome and the id of the request it answers.
    public struct NumberedOutcome: Sendable, Equatable {
        public let id: Int
        public let outcome: HTTPOutcome
    }

    public static func decodeRequest(_ line: some Collection<UInt8>) -> NumberedRequest? {
        guard let object = JSONValue(parsing: line), let id = object["id"]?.int, let url = object["url"]?.string,
              let timeout = object["timeout"]?.int, let body = object["body"]?.string else { return nil }
        let headers = object["headers"]?.array?.compactMap { pair -> HTTPField? in
            guard let parts = pair.array, parts.count == 2, let name = parts[0].string, let value = parts[1].string else { return nil }
            return HTTPField(name, value)
        } ?? []
        let stamp = object["stamp"].flatMap { stamp -> WebhookStamp? in
            guard let id = stamp["id"]?.string else { return nil }
            return WebhookStamp(id: id, secrets: stamp["secrets"]?.array?.compactMap(\.string) ?? [])
        }
        return NumberedRequest(id: id, request: HTTPRequest(url: url, headers: headers, body: Array(body.utf8), timeout: .milliseconds(timeout), stamp: stamp))
    }

    public static func encode(id: Int, _ outcome: HTTPOutcome) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("id", id)
        switch outcome {
        case .response(let status, let retryAfter, let location):
            writer.field("status", status)
            if let retryAfter { writer.field("retryAfter", retryAfter) }
            if let location { writer.field("location", location) }
        case .failure(let reason):
            writer.field("error", reason)
        }
        writer.endObject()
        return writer.bytes + [UInt8(ascii: "\n")]
    }

    public static func decodeOutcome(_ line: some Collection<UInt8>) -> NumberedOutcome? {
        guard let object = JSONValue(parsing: line), let id = object["id"]?.int else { return nil }
        if let status = object["status"]?.int {
            return NumberedOutcome(id: id, outcome: .response(status: status, retryAfter: object["retryAfter"]?.string, location: object["location"]?.string))
        }
        return NumberedOutcome(id: id, outcome: .failure(object["error"]?.string ?? "no answer"))
    }
}
