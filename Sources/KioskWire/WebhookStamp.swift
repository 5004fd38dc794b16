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
