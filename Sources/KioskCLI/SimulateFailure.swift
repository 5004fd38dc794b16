import KioskApplication
import KioskJournal
import KioskMenu
import KioskSimulation
import KioskSinks
import KioskSystem
import KioskText

/// Why `kiosk simulate` could not run: data, with its exit status; `SimulateCommand`
/// renders it once, on standard error, and nothing of the report is written before.
enum SimulateFailure: Error, Equatable {
    /// The command line is wrong (64).
    case usage(SimulateUsageError)
    /// The menu file cannot be read (66).
    case unreadableMenu(SourceLoadError)
    /// The menu has errors (65).
    case invalidMenu(MenuFailure)
    /// The menu and the options make no day that can run (65).
    case simulation(SimulationError)
    /// The `--csv` file cannot be written (73 when it cannot be made, 74 later).
    case csv(path: String, SystemError, opening: Bool)
    /// A `--sink` has errors (64).
    case invalidCommandLineSink(MenuFailure)
    /// A sink cannot be made: 64 when the command line declared it, else 65.
    case sinkSetup(SinkSetupError, onCommandLine: Bool)
    /// The journal the sinks read cannot be used.
    case journal(JournalError)
    /// `--state` names a state with a history, and `--append-to-state` was not given (64):
    /// the simulated day would become part of it, its stock the simulation's.
    case stateHasHistory(path: String)
    /// Writing the report failed (74).
    case output

    var exitCode: ExitCode {
        switch self {
        case .usage, .invalidCommandLineSink, .stateHasHistory: .usage
        case .unreadableMenu: .unreadableInput
        case .invalidMenu, .simulation: .invalidMenu
        case .csv(_, _, let opening): opening ? .cannotCreate : .ioError
        case .sinkSetup(_, let onCommandLine): onCommandLine ? .usage : .invalidMenu
        case .journal(let error): error.isCorruption ? ExitCode(error) : .cannotCreate
        case .output: .ioError
        }
    }

    /// The text for standard error.
    func text(renderer: DiagnosticRenderer) -> String {
        switch self {
        case .invalidMenu(let failure), .invalidCommandLineSink(let failure): failure.compilation.render(with: renderer)
        default: TerminalText.visibleLines(words)
        }
    }

    /// Why a state with a history is refused, for the text and the JSON.
    static func history(of path: String) -> String {
        tr(
            "the state '{path}' already has a history: the simulated day would be added to it, and its stock would become the simulation's (which starts from the menu's); give a new directory, or --append-to-state to add the day to this one",
            ["path": path]
        )
    }

    /// The text of every failure but a menu's diagnostics, before it is made visible.
    private var words: String {
        switch self {
        case .usage(let error): "kiosk simulate: \(error.message)\n" + tr("Try 'kiosk simulate --help' for more information.") + "\n"
        case .unreadableMenu(let unreadable):
            "kiosk simulate: " + tr("cannot read '{path}': {reason}", ["path": TerminalText.visible(unreadable.path), "reason": unreadable.reason]) + "\n"
        case .invalidMenu, .invalidCommandLineSink: "kiosk simulate: " + tr("the menu has errors") + "\n"
        case .simulation(let error): "kiosk simulate: \(error.message)\n"
        case .csv(let path, let error, _):
            "kiosk simulate: " + tr("cannot write '{path}': {reason}", ["path": TerminalText.visible(path), "reason": error.reason]) + "\n"
        case .sinkSetup(let error, _): "kiosk simulate: \(error.message)\n"
        case .journal(let error): "kiosk simulate: " + tr("events for the sinks cannot be kept: {reason}", ["reason": error.message]) + "\n"
        case .stateHasHistory(let path): "kiosk simulate: " + SimulateFailure.history(of: TerminalText.visible(path)) + "\n"
        case .output: "kiosk simulate: " + tr("the report could not be written") + "\n"
        }
    }
}
