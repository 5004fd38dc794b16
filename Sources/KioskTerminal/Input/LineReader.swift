import KioskApplication

/// Where the session's command lines come from: readline on a terminal, plain lines from
/// a pipe or file, or the commands of `-c`. Tests feed lines through the same protocol.
public protocol LineReader: AnyObject {
    /// The next line, without its line ending.
    func readLine(prompt: String) -> LineInput

    /// Whether a person is typing: prompts, questions and the restock flow need one.
    var isInteractive: Bool { get }

    /// Keeps an entered command for recall (readline's history); others ignore it. Returns
    /// why the history file cannot be written, the first time only; history then stays in
    /// memory.
    func remember(_ line: String) -> HistoryFile.Problem?

    /// Whether the next `readLine` returns without waiting for more input (a reader may read
    /// what the input already holds to know): a batch commits what it did before it waits,
    /// so whoever sends a command sees its result.
    var hasLineReady: Bool { get }

    /// Completes with `completer` from now on: the names of a menu just reloaded.
    func complete(with completer: Completer)

    /// Does `work` every tenth of a second or so while waiting for a person to type, on
    /// the session's thread; when it returns `true` it wrote over the prompt, and the
    /// prompt and the line typed so far are drawn again. Readers that never wait at a
    /// terminal never call it.
    func whileWaiting(_ work: @escaping () -> Bool)
}

extension LineReader {
    public func remember(_ line: String) -> HistoryFile.Problem? { nil }
    public var hasLineReady: Bool { false }
    public func complete(with completer: Completer) {}
    public func whileWaiting(_ work: @escaping () -> Bool) {}
}

/// One line read, or why there is none.
public enum LineInput: Sendable, Equatable {
    case line(String)
    case end
    case rejected(LineProblem)
}

/// The commands of `-c "menu; order mango juice"`, one per `;`.
public final class CommandListReader: LineReader {
    private var commands: [String]
    private var index = 0

    public init(_ script: String) {
        commands = CommandListReader.split(script)
    }

    public var isInteractive: Bool { false }
    public var hasLineReady: Bool { true }

    public func readLine(prompt: String) -> LineInput {
        guard index < commands.count else { return .end }
        defer { index += 1 }
        return .line(commands[index])
    }

    /// Splits on `;` outside double quotes.
    static func split(_ script: String) -> [String] {
        var commands: [String] = []
        var current = ""
        var quoted = false
        for character in script {
            if character == "\"" { quoted.toggle() }
            if character == ";", !quoted {
                commands.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        commands.append(current)
        return commands
    }
}
