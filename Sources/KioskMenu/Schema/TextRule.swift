import KioskCore
import KioskText

/// A check of an option's text beyond its shape, made when the menu is read: a sink kind
/// declares one for an option whose meaning only it knows (a webhook secret), and the
/// binder reports what it finds like any other mistake.
public struct TextRule: Sendable, Hashable {
    /// What a value must be, as an error names it: "expected a webhook secret after 'secret'".
    public let name: String
    /// The `= help:` line under an invalid value.
    public let help: String
    /// What is wrong with the expanded text, or `nil` when it is fine. Diagnostics print
    /// what it returns, so it must never include the text: the text may be a secret.
    public let problem: @Sendable (String) -> String?

    public init(name: String, help: String, problem: @escaping @Sendable (String) -> String?) {
        self.name = name
        self.help = help
        self.problem = problem
    }

    /// Rules are told apart by name.
    public static func == (lhs: TextRule, rhs: TextRule) -> Bool {
        lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// A CloudEvents `source`: a URI reference (RFC 3986), not empty.
    static let uriReference = TextRule(
        name: trNoop("a URI reference"),
        help: trNoop("write a path such as /kiosk/juice-maker or a URI such as https://stand.example/kiosks/7, with a space as %20")
    ) { text in
        if text.isEmpty { return trNoop("it is empty") }
        return URIReference.isValid(text) ? nil : trNoop("it is not a URI reference (RFC 3986)")
    }
}
