import KioskText

/// Why kiosk cannot use a plugin, or why a conversation with one stopped: each says what
/// the plugin did, quoting what it wrote (docs/PLUGINS.md).
public enum PluginFailure: Error, Sendable, Equatable {
    case cannotStart(String)
    /// Its first line was not `kiosk-plugin VERSION NAME KIND[,KIND…]`.
    case notAHandshake(line: String)
    /// It speaks none of the versions kiosk does.
    case unsupportedVersions(theirs: [Int], ours: [Int])
    /// Its handshake names another plugin than the file kiosk started.
    case wrongName(String)
    /// A line after the handshake that is not a protocol message of its kinds.
    case notProtocol(line: String)
    /// Its answer to `describe` is not a list of options kiosk can check.
    case badDescription(String)
    /// It did not answer in time.
    case timedOut(waitingFor: String, after: Duration)
    /// It exited (or closed its output) while kiosk waited for `waitingFor`.
    case exited(status: Int32?, waitingFor: String)

    /// What happened, in the operator's language.
    public var reason: String {
        switch self {
        case .cannotStart(let reason): tr("cannot start it: {reason}", ["reason": reason])
        case .notAHandshake(let line):
            tr("expected the handshake 'kiosk-plugin VERSION NAME KIND[,KIND…]' as its first line, got '{line}'", ["line": PluginFailure.quoted(line)])
        case .unsupportedVersions(let theirs, let ours):
            tr("it speaks protocol version {theirs}; this kiosk speaks {ours}", [
                "theirs": theirs.map(String.init).joined(separator: ","), "ours": ours.map(String.init).joined(separator: ","),
            ])
        case .wrongName(let name): tr("its handshake calls it '{name}'", ["name": PluginFailure.quoted(name)])
        case .notProtocol(let line): tr("it wrote a line that is not the protocol: '{line}'", ["line": PluginFailure.quoted(line)])
        case .badDescription(let reason): tr("its description is wrong: {reason}", ["reason": reason])
        case .timedOut(let waitingFor, let after): tr("it did not answer {what} within {timeout}", ["what": waitingFor, "timeout": after.menuText])
        case .exited(let status?, let waitingFor): tr("it exited with status {status} before answering {what}", ["status": status, "what": waitingFor])
        case .exited(nil, let waitingFor): tr("it closed its output before answering {what}", ["what": waitingFor])
        }
    }

    /// A line as a message quotes it: terminal-safe, its first 200 characters.
    static func quoted(_ line: String) -> String {
        let visible = TerminalText.visible(line)
        return visible.count > 200 ? String(visible.prefix(200)) + "…" : visible
    }
}

/// A plugin's failure with the plugin named and the tail of its log: what `kiosk plugins`,
/// a sink's error and a start-up error show.
public struct PluginProblem: Error, Sendable, Equatable {
    public let plugin: String
    public let failure: PluginFailure
    /// The last lines it wrote on standard error.
    public let log: [String]

    public var message: String {
        let text = tr("plugin '{plugin}': {reason}", ["plugin": plugin, "reason": failure.reason])
        guard !log.isEmpty else { return text }
        return text + " — " + tr("its log ends: {log}", ["log": log.map { PluginFailure.quoted($0) }.joined(separator: " | ")])
    }
}
