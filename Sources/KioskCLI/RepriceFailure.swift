import KioskApplication
import KioskJournal
import KioskMenu
import KioskText

/// Why `kiosk reprice` could not run, or stopped: its exit status, its words, and its
/// objects under `--json` (as a start of `kiosk` that fails).
enum RepriceFailure: Error, Equatable {
    case usage(RepriceUsageError)
    case unreadableMenu(SourceLoadError)
    case invalidMenu(MenuFailure)
    /// The state cannot be read: not one, of another format, damaged.
    case state(JournalError)
    case output

    var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .unreadableMenu: .unreadableInput
        case .invalidMenu: .invalidMenu
        case .state(let error): ExitCode(error)
        case .output: .ioError
        }
    }

    func text(renderer: DiagnosticRenderer) -> String {
        switch self {
        case .invalidMenu(let failure): failure.compilation.render(with: renderer)
        default: TerminalText.visibleLines(words)
        }
    }

    private var words: String {
        switch self {
        case .usage(let error): "kiosk reprice: \(error.message)\n" + tr("Try 'kiosk reprice --help' for more information.") + "\n"
        case .unreadableMenu(let unreadable):
            "kiosk reprice: " + tr("cannot read '{path}': {reason}", ["path": TerminalText.visible(unreadable.path), "reason": unreadable.reason]) + "\n"
        case .invalidMenu: "kiosk reprice: " + tr("the menu has errors") + "\n"
        case .state(let error): "kiosk reprice: \(error.message)\n"
        case .output: "kiosk reprice: " + tr("the report could not be written") + "\n"
        }
    }

    /// The failure as diagnostic objects (`DiagnosticJSON`), for standard error.
    func json() -> [UInt8] {
        switch self {
        case .usage(let error):
            DiagnosticJSON.line(file: nil, code: "usage", message: error.message)
        case .unreadableMenu(let unreadable):
            DiagnosticJSON.line(
                file: unreadable.path, code: "unreadable_file",
                message: tr("cannot read '{path}': {reason}", ["path": unreadable.path, "reason": unreadable.reason])
            )
        case .invalidMenu(let failure):
            DiagnosticJSON.lines(failure.compilation.diagnostics, in: failure.compilation.sources)
        case .state(let error):
            DiagnosticJSON.line(file: nil, code: StartupError.code(of: error), message: error.message)
        case .output:
            DiagnosticJSON.line(file: nil, code: "io_error", message: tr("the report could not be written"))
        }
    }
}
