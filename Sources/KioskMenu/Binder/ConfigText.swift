/// Text from a menu after `${…}` expansion, with a form that is safe to show.
///
/// `value` may hold a secret from the environment; `display` never does: it keeps each
/// `${NAME}` as written. Print `display`, use `value`.
public struct ConfigText: Sendable, Hashable, CustomStringConvertible {
    public let value: String
    public let display: String

    public init(value: String, display: String) {
        self.value = value
        self.display = display
    }

    public init(_ plain: String) {
        self.init(value: plain, display: plain)
    }

    /// Whether any part of `value` came from the environment.
    public var isExpanded: Bool { value != display }

    /// The safe form: printing a `ConfigText` never prints a secret.
    public var description: String { display }
}
