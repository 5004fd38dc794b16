import CReadline
import KioskApplication
import KioskSystem
import KioskText
import Synchronization

/// Reads lines with GNU readline: line editing, completion by context, and a history file
/// (mode 0600, capped, without duplicates). Ctrl-C clears the line and prompts again;
/// Ctrl-D ends the input.
///
/// The only file that imports `CReadline`. readline is process-wide state, so there is
/// one of these per process.
public final class ReadlineLineReader: LineReader {
    /// How many lines the history keeps.
    public static let historyCapacity = 1_000

    private var historyPath: String?

    /// Loads readline and sets it up; `nil` when `libreadline.so.8` cannot be loaded.
    ///
    /// - Parameter historyPath: where history is read from and written to; `nil` keeps none.
    public init?(historyPath: String?, completer: Completer) {
        guard kiosk_rl_load() == 1 else { return nil }
        self.historyPath = historyPath
        ReadlineLineReader.completer = completer
        kiosk_rl_setup("kiosk", { text, state in ReadlineLineReader.generate(text, state) }, { Signals.terminationSignal == nil ? 0 : 1 })
        kiosk_rl_history_start(Int32(ReadlineLineReader.historyCapacity))
        if let historyPath {
            _ = kiosk_rl_history_read(historyPath)
        }
    }

    /// The library loaded, as `kiosk --version` names it.
    public static let libraryName = "libreadline.so.8"

    /// The version of the readline that would be loaded (`8.2`), loading it; `nil` when it
    /// cannot be. For `kiosk --version` only: nothing else here is set up.
    public static func libraryVersion() -> String? {
        kiosk_rl_library_version().map { String(cString: $0) }
    }

    public var isInteractive: Bool { true }

    public func readLine(prompt: String) -> LineInput {
        // A Ctrl-C pressed while a command ran is not meant for the new line.
        _ = kiosk_rl_take_interrupt()
        guard let raw = kiosk_rl_readline(prompt) else { return .end }
        defer { kiosk_rl_release(raw) }
        // SIGTERM: whatever was typed is dropped, and the session ends.
        if Signals.terminationSignal != nil { return .end }
        let length = Int(kiosk_rl_length(raw))
        guard length <= PlainLineReader.maximumLineLength else {
            return .rejected(.tooLong(bytes: length, limit: PlainLineReader.maximumLineLength))
        }
        guard let line = String(validatingCString: raw) else { return .rejected(.invalidUTF8) }
        return .line(line)
    }

    public func remember(_ line: String) -> HistoryFile.Problem? {
        guard !line.allSatisfy(\.isWhitespace) else { return nil }
        kiosk_rl_history_add_unique(line.trimmingWhitespace())
        guard let historyPath else { return nil }
        FileSystem.makeDirectories(for: historyPath)
        let failure = kiosk_rl_history_write(historyPath)
        guard failure != 0 else {
            FileSystem.setPermissions(historyPath, 0o600)
            return nil
        }
        // Said once: from now on the history stays in memory.
        self.historyPath = nil
        return HistoryFile.Problem(path: historyPath, error: SystemError(code: failure, path: historyPath))
    }

    public func complete(with completer: Completer) {
        ReadlineLineReader.completer = completer
    }

    public func whileWaiting(_ work: @escaping () -> Bool) {
        ReadlineLineReader.idleWork = work
        kiosk_rl_set_idle { ReadlineLineReader.idleWork?() == true ? 1 : 0 }
    }

    /// The idle work, reached from readline's event hook. Only the session's thread
    /// reads lines, sets it and runs it: readline calls its hook inside `readline()`.
    nonisolated(unsafe) private static var idleWork: (() -> Bool)?

    /// The words completion offers, for the menu now loaded.
    static var completer: Completer {
        get { completion.withLock { $0.completer } }
        set { completion.withLock { $0.completer = newValue } }
    }

    // MARK: Completion, reached from C through one guarded global

    private struct CompletionState {
        var completer = Completer()
        var matches: [String] = []
        var next = 0
    }

    private static let completion = Mutex(CompletionState())

    /// readline's entry function: state 0 starts a completion, later calls return the next
    /// match. Each match is `strdup`ed; readline frees it.
    private static func generate(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
        completion.withLock { completion in
            if state == 0 {
                let word = text.map { String(cString: $0) } ?? ""
                let buffer = kiosk_rl_line_buffer().map { String(cString: $0) } ?? ""
                let point = Int(kiosk_rl_point())
                let line = String(decoding: buffer.utf8.prefix(point), as: UTF8.self)
                completion.matches = completion.completer.complete(line: line, word: word)
                completion.next = 0
            }
            guard completion.next < completion.matches.count else { return nil }
            defer { completion.next += 1 }
            return kiosk_rl_match(completion.matches[completion.next])
        }
    }
}
