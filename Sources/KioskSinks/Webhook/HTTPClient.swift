/// Sends one HTTP POST and waits for its answer: how a webhook sink reaches its receiver.
///
/// `AgentHTTPClient` is the real one: URLSession, in the `kiosk-http` helper process.
public protocol HTTPClient: Sendable {
    /// Posts and waits; never follows a redirect.
    func post(_ request: HTTPRequest) -> HTTPOutcome

    /// Releases what the client holds.
    func close()
}

extension HTTPClient {
    public func close() {}
}

public struct HTTPRequest: Sendable, Equatable {
    public var url: String
    public var headers: [HTTPHeader]
    public var body: [UInt8]
    /// The whole exchange, from sending to the answer's last byte read.
    public var timeout: Duration
    /// How to stamp and sign the request when it is sent (Standard Webhooks); `nil` sends
    /// it as it is.
    public var stamp: WebhookStamp?

    public init(url: String, headers: [HTTPHeader], body: [UInt8], timeout: Duration, stamp: WebhookStamp? = nil) {
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.stamp = stamp
    }
}

/// Standard Webhooks headers made at the moment of sending: `webhook-timestamp` (seconds
/// since 1970) and, with secrets, `webhook-signature` over `{id}.{timestamp}.{body}`.
public struct WebhookStamp: Sendable, Equatable {
    /// `webhook-id`: the event id, the same on every attempt.
    public let id: String
    /// `whsec_…` secrets, one signature each; never printed.
    public let secrets: [String]

    public init(id: String, secrets: [String]) {
        self.id = id
        self.secrets = secrets
    }
}

public struct HTTPHeader: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What came back: a response (with the headers a sink acts on), or no response at all.
public enum HTTPOutcome: Sendable, Equatable {
    /// `retryAfter` and `location` as the receiver sent them.
    case response(status: Int, retryAfter: String?, location: String?)
    /// No response: refused, reset, timed out, unresolvable.
    case failure(String)
}
