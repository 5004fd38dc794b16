import KioskJournal
import KioskMenu
import KioskSystem

extension StartupError {
    /// The failure as diagnostic objects (`DiagnosticJSON`), for standard error under
    /// `--json`: every diagnostic of a menu that did not compile, else one object.
    func json(text rendered: String) -> [UInt8] {
        let text = StartupError.message(rendered)
        switch self {
        case .invalidMenu(let failure), .invalidCommandLineSink(let failure):
            return DiagnosticJSON.lines(failure.compilation.diagnostics, in: failure.compilation.sources)
        case .unreadableMenu(let unreadable):
            return DiagnosticJSON.line(file: unreadable.path, code: "unreadable_file", message: text)
        case .unreadableScript(let path, _):
            return DiagnosticJSON.line(file: path, code: "unreadable_file", message: text)
        case .sinkSetup:
            return DiagnosticJSON.line(file: nil, code: "sink_setup_failed", message: text)
        case .state(let error), .privateJournal(let error):
            return DiagnosticJSON.line(file: error.path, code: StartupError.code(of: error), message: text)
        case .migration:
            return DiagnosticJSON.line(file: nil, code: "state_conversion_failed", message: text)
        case .cannotListen:
            return DiagnosticJSON.line(file: nil, code: "cannot_listen", message: text)
        case .insecureListen:
            return DiagnosticJSON.line(file: nil, code: "insecure_listen", message: text)
        case .unreadableFile(let path, _):
            return DiagnosticJSON.line(file: path, code: "unreadable_file", message: text)
        case .invalidToken:
            return DiagnosticJSON.line(file: nil, code: "invalid_token", message: text)
        case .cannotCreateFile(let path, _):
            return DiagnosticJSON.line(file: path, code: "cannot_create", message: text)
        case .server:
            return DiagnosticJSON.line(file: nil, code: "server_failed", message: text)
        case .clockBeforeState:
            return DiagnosticJSON.line(file: nil, code: "clock_before_state", message: text)
        }
    }

    /// Every code a start-up failure that is not a menu diagnostic can give.
    static let codes = [
        "usage", "unreadable_file", "sink_setup_failed", "io_error", "cannot_create", "not_a_state_directory", "unsupported_state_format",
        "corrupt_journal", "corrupt_snapshot", "state_conversion_failed", "cannot_simulate", "cannot_listen", "insecure_listen",
        "invalid_token", "server_failed", "clock_before_state", "state_has_history",
    ]

    /// The rendered text without its `kiosk: ` and its newline: a message, as JSON has it.
    static func message(_ rendered: String) -> String {
        var text = Substring(rendered)
        if text.hasPrefix("kiosk: ") { text = text.dropFirst(7) }
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }

    /// The start-up code of a journal that cannot be used; `kiosk simulate` gives it too.
    static func code(of error: JournalError) -> String {
        switch error {
        case .system: "io_error"
        case .cannotCreate: "cannot_create"
        case .notAStateDirectory: "not_a_state_directory"
        case .unsupportedFormat: "unsupported_state_format"
        case .corrupt: "corrupt_journal"
        case .corruptSnapshot: "corrupt_snapshot"
        case .boardNeedsMenu: "board_needs_menu"
        case .unknownSink: "unknown_sink"
        case .sinkInUse: "sink_in_use"
        }
    }
}

extension JournalError {
    /// The file or directory the error is about, when it names one.
    fileprivate var path: String? {
        switch self {
        case .system(let error): error.path
        case .cannotCreate(let path, _), .notAStateDirectory(let path, _), .unsupportedFormat(let path, _), .boardNeedsMenu(let path),
             .unknownSink(let path, _, _), .sinkInUse(let path, _): path
        case .corrupt(let file, _, _), .corruptSnapshot(let file, _): file
        }
    }
}
