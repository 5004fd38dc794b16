import KioskText
import KioskWire

/// Signs webhook requests as Standard Webhooks does: `webhook-signature` is `v1,` and
/// the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the key.
///
/// With several secrets — while a receiver moves to a new one — the header carries one
/// `v1,…` per secret, in the order given, separated by single spaces; a receiver that
/// knows any one of the keys accepts the request.
public struct WebhookSigner: Sendable {
    public let secrets: [WebhookSecret]

    public init(secrets: [WebhookSecret]) {
        self.secrets = secrets
    }

    /// The `webhook-signature` value for a request with these `webhook-id` and
    /// `webhook-timestamp` (seconds since 1970) headers and this body; `nil` only if
    /// libcrypto fails.
    public func signature(id: String, timestamp: Int64, body: [UInt8]) -> String? {
        let signed = Array("\(id).\(timestamp).".utf8) + body
        var signatures: [String] = []
        signatures.reserveCapacity(secrets.count)
        for secret in secrets {
            guard let code = HMACSHA256.code(for: signed, key: secret.key) else { return nil }
            signatures.append("v1," + Base64.encode(code))
        }
        return signatures.joined(separator: " ")
    }
}
