/// Text from a menu after `${…}` expansion, with a form that is safe to show.
///
/// `value` may hold a secret from the environment; `display` never does: it keeps each
/// `${NAME}` as written. Print `display`, use `value`; text made from `value` by someone
/// else (a receiver's error, a URL that did not parse) goes through a `SecretMask` made
/// of `secrets` before it is shown.
public struct ConfigText: Sendable, Hashable, CustomStringConvertible {
    public let value: String
    public let display: String
    /// The values the environment gave the `${…}` references, as they appear in `value`.
    public let secrets: [String]

    public init(value: String, display: String, secrets: [String] = []) {
        self.value = value
        self.display = display
        self.secrets = secrets
    }

    public init(_ plain: String) {
        self.init(value: plain, display: plain)
    }

    /// Whether any part of `value` came from the environment.
    public var isExpanded: Bool { value != display }

    /// The safe form: printing a `ConfigText` never prints a secret.
    public var description: String { display }
}
