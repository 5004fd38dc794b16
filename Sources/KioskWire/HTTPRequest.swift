/// One HTTP POST as kiosk asks for it: what the webhook sink builds and `kiosk-http` sends.
public struct HTTPRequest: Sendable, Equatable {
    public var url: String
    public var headers: [HTTPField]
    public var body: [UInt8]
    /// The whole exchange, from sending to the answer's last byte read.
    public var timeout: Duration
    /// How to stamp and sign the request when it is sent (Standard Webhooks); `nil` sends
    /// it as it is.
    public var stamp: WebhookStamp?

    public init(url: String, headers: [HTTPField], body: [UInt8], timeout: Duration, stamp: WebhookStamp? = nil) {
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.stamp = stamp
    }
}
