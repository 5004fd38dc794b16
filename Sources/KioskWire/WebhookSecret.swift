import KioskText

/// A Standard Webhooks signing secret: `whsec_` followed by the key in base64.
///
/// Printing one never shows the key. A webhook sink takes several (`secret "${A}", "${B}"`)
/// so that a receiver can move to a new key without missing an event: each request then
/// carries one signature per secret.
public struct WebhookSecret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public static let prefix = "whsec_"

    /// The decoded key, never empty.
    public let key: [UInt8]

    /// The secret `text` serializes, as Standard Webhooks writes secrets.
    public init(parsing text: String) throws(Problem) {
        guard text.hasPrefix(WebhookSecret.prefix) else { throw .missingPrefix }
        guard let key = Base64.decode(String(text.dropFirst(WebhookSecret.prefix.count))) else { throw .invalidBase64 }
        guard !key.isEmpty else { throw .emptyKey }
        self.key = key
    }

    public var description: String { "whsec_…" }
    public var debugDescription: String { "WebhookSecret(\(key.count) bytes)" }

    /// What is wrong with the text of a secret. The texts never include the secret.
    public enum Problem: Error, Sendable, Equatable {
        case missingPrefix
        case invalidBase64
        case emptyKey

        public var reason: String {
            switch self {
            case .missingPrefix: trNoop("it does not start with 'whsec_'")
            case .invalidBase64: trNoop("what follows 'whsec_' is not base64")
            case .emptyKey: trNoop("the key after 'whsec_' is empty")
            }
        }
    }

}
