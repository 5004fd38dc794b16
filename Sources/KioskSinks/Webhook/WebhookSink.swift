import KioskCore
import KioskMenu
import KioskSystem
import KioskText
import KioskWire

/// POSTs each event to a URL as a CloudEvent, with Standard Webhooks headers.
///
/// Structured mode (the default) sends the whole event with `Content-Type:
/// application/cloudevents+json; charset=utf-8`; `mode binary` sends the attributes as
/// `ce-*` headers and `data` as an `application/json` body. Every request carries
/// `User-Agent: kiosk/VERSION`, `webhook-id` (the event id, the same on every retry) and
/// `webhook-timestamp` (seconds since 1970, of the attempt); with `secret`, a
/// `webhook-signature` per secret; then the configured `header`s. Network errors, 408,
/// 429 and 5xx are retried with exponential back-off and full jitter, honouring
/// `Retry-After` — until delivered, or `retries` times; any other 4xx, and a redirect
/// (never followed), fails at once. Order is kept unless `concurrency N` lets N requests
/// run at a time.
public final class WebhookSink: Sink {
    public static let kind = SinkKind(
        schema: SinkSchema(kind: "webhook", options: [
            PropertySpec("url", .url, required: true),
            PropertySpec("timeout", .duration),
            PropertySpec("retries", .integer(0...1_000_000)),
            PropertySpec("backoff", .duration),
            PropertySpec("header", .header, repeatable: true),
            PropertySpec("concurrency", .integer(1...64)),
            PropertySpec("secret", .checkedText(WebhookSecret.rule), list: true),
            PropertySpec("mode", .choice(["structured", "binary"])),
        ]),
        make: { declaration, environment throws(SinkSetupError) -> any Sink in
            guard let url = declaration.text("url") else {
                throw SinkSetupError(declaration: declaration, reason: tr("a webhook sink needs a 'url'"))
            }
            guard let client = environment.httpClient() else {
                throw SinkSetupError(declaration: declaration, reason: tr("kiosk-http, which sends webhooks, is neither beside kiosk nor in ../lib/kiosk/ (KIOSK_HTTP may say where it is)"))
            }
            return WebhookSink(
                url: url, headers: declaration.headers("header").map { ($0.name, $0.value) }, client: client,
                timeout: declaration.duration("timeout") ?? .seconds(10),
                retryPolicy: RetryPolicy(
                    maximumRetries: declaration.integer("retries"),
                    initialBackoff: declaration.duration("backoff") ?? .milliseconds(500),
                    maximumBackoff: .seconds(30)
                ),
                concurrency: declaration.integer("concurrency") ?? 1,
                secrets: declaration.texts("secret").map(\.value),
                binary: declaration.choice("mode")?.word == "binary"
            )
        }
    )

    private let url: ConfigText
    private let headers: [(name: String, value: ConfigText)]
    private let client: any HTTPClient
    private let timeout: Duration
    public let retryPolicy: RetryPolicy
    private let concurrency: Int
    private let secrets: [String]
    private let binary: Bool

    public init(
        url: ConfigText, headers: [(name: String, value: ConfigText)], client: any HTTPClient,
        timeout: Duration, retryPolicy: RetryPolicy, concurrency: Int, secrets: [String] = [], binary: Bool = false
    ) {
        self.url = url
        self.headers = headers
        self.client = client
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.concurrency = concurrency
        self.secrets = secrets
        self.binary = binary
    }

    public var target: String { url.display }
    public var placement: SinkPlacement { .background(workers: concurrency) }

    public func send(_ event: Event) throws(SinkFailure) {
        let now = WallClock.secondsSince1970()
        var fields = [HTTPField("User-Agent", "kiosk/\(KioskVersion.current)"), HTTPField("webhook-id", event.id.description)]
        let body: [UInt8]
        if binary {
            let message = CloudEventsBinding.binary(event)
            fields += message.headers
            body = message.body
        } else {
            fields.append(HTTPField("Content-Type", CloudEventsBinding.structuredContentType))
            body = event.json
        }
        fields += headers.map { HTTPField($0.name, $0.value.value) }
        let request = HTTPRequest(
            url: url.value, headers: fields, body: body, timeout: timeout, stamp: WebhookStamp(id: event.id.description, secrets: secrets)
        )
        let outcome = client.post(request)
        switch outcome {
        case .failure(let reason):
            throw .retryable(reason)
        case .response(let status, let retryAfter, let location):
            switch status {
            case 200..<300:
                return
            case 408, 429, 500..<600:
                throw .retryable("HTTP \(status)", retryAfter: RetryAfter.parse(retryAfter, now: now))
            case 300..<400:
                throw .permanent(location.map { tr("HTTP {status}: redirects are not followed (to {location})", ["status": status, "location": TerminalText.visible($0)]) }
                    ?? tr("HTTP {status}: redirects are not followed", ["status": status]))
            default:
                throw .permanent("HTTP \(status)")
            }
        }
    }
}
