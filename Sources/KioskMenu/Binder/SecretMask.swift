import KioskText

/// Hides the values that came from `${…}` in text made from them: a receiver's error that
/// quotes the URL, a path in a system error, a broker's address. Each such span, and its
/// percent-encoded form, becomes `••••`.
public struct SecretMask: Sendable, Equatable {
    /// What a masked span shows.
    public static let shown = "••••"
    /// Values shorter than this are not masked: they cannot be secrets worth hiding, and
    /// masking a `1` would garble every number in a message.
    public static let minimumLength = 4

    /// Longest first, so a secret that contains another is masked whole.
    private let secrets: [String]

    public init(_ secrets: some Sequence<String> = []) {
        var spans = Set<String>()
        for secret in secrets where secret.utf8.count >= SecretMask.minimumLength {
            spans.insert(secret)
            spans.insert(SecretMask.percentEncoded(secret))
        }
        self.secrets = spans.sorted { ($0.utf8.count, $0) > ($1.utf8.count, $1) }
    }

    /// This mask hiding `more` too: a plugin's options declared `secret`.
    public func adding(_ more: some Sequence<String>) -> SecretMask {
        SecretMask(secrets + Array(more))
    }

    /// Whether there is anything to hide.
    public var isEmpty: Bool { secrets.isEmpty }

    /// `text` with every secret span replaced by `••••`.
    public func apply(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        var text = text
        for secret in secrets where text.contains(secret) {
            text = text.replacing(secret, with: SecretMask.shown)
        }
        return text
    }

    /// The form a URL gives `text`: every byte but the unreserved ones as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encode(text)
    }
}

extension SinkDeclaration {
    /// The values its options took from the environment, masked wherever the sink's errors
    /// and name are shown.
    public var secretMask: SecretMask {
        var secrets: [String] = []
        for values in options.values {
            for value in values {
                switch value {
                case .text(let text), .header(_, let text): secrets += text.secrets
                default: break
                }
            }
        }
        return SecretMask(secrets)
    }
}
