import KioskApplication
import KioskCore
import KioskJournal
import KioskMenu
import KioskServer
import KioskSinks
import KioskSystem
import KioskTerminal

/// Why a session could not start: data, with the exit status it means. `SessionCommand`
/// renders it once, at the edge; nothing is written before it is thrown.
enum StartupError: Error, Equatable {
    /// The menu file cannot be read (66).
    case unreadableMenu(SourceLoadError)
    /// The menu has errors (65).
    case invalidMenu(MenuFailure)
    /// A `--sink` has errors (64).
    case invalidCommandLineSink(MenuFailure)
    /// A sink cannot be made: 64 when the command line declared it, else 65.
    case sinkSetup(SinkSetupError, onCommandLine: Bool)
    /// The `--state` cannot be used.
    case state(JournalError)
    /// Without `--state`, the journal that keeps events for the sinks cannot be used.
    case privateJournal(JournalError)
    /// A state file of the first format cannot be converted.
    case migration(StateMigration.Failure)
    /// The `-f` script cannot be read (66).
    case unreadableScript(path: String, SystemError)
    /// `kiosk serve`: the address cannot be listened on (69).
    case cannotListen(address: String, SystemError)
    /// `kiosk serve`: a non-loopback address without HTTPS (64).
    case insecureListen(address: String)
    /// `kiosk serve`: a token file, or a TLS key or certificate, cannot be read (66).
    case unreadableFile(path: String, SystemError)
    /// `kiosk serve`: the operator's token is unusable (65); `source` says where it came from.
    case invalidToken(source: String, reason: String)
    /// `--clock virtual=TIME` before the newest thing the state holds (64): new orders
    /// would come before old ones, and promised times lie years away.
    case clockBeforeState(start: Timestamp, latest: Timestamp)
    /// `kiosk serve`: a file it makes (the token, the access log) cannot be made (73).
    case cannotCreateFile(path: String, SystemError)
    /// `kiosk serve`: the HTTP server did not start (69).
    case server(DaemonError)

    var exitCode: ExitCode {
        switch self {
        case .unreadableMenu, .unreadableScript, .unreadableFile: .unreadableInput
        case .cannotListen, .server: .unavailable
        case .insecureListen, .clockBeforeState: .usage
        case .invalidToken: .invalidMenu
        case .cannotCreateFile: .cannotCreate
        case .invalidMenu: .invalidMenu
        case .invalidCommandLineSink: .usage
        case .sinkSetup(_, let onCommandLine): onCommandLine ? .usage : .invalidMenu
        case .state(let error): ExitCode(error)
        case .privateJournal(let error): error.isCorruption ? ExitCode(error) : .cannotCreate
        case .migration(.unreadable): .unreadableInput
        case .migration(.corrupt): .invalidMenu
        case .migration(.cannotWrite): .ioError
        }
    }
}

/// What a person should know about a start that went on: rendered by `SessionCommand`
/// as `kiosk: …` lines on standard error.
enum StartupNotice: Equatable {
    case stateConverted(path: String, keptAs: String)
    case conversionFinished(path: String)
    case journalRepaired(Journal.Repair)
    /// In the state, no longer on the menu: kept, with their stock.
    case ingredientsGone([IngredientCount])
    case ingredientsNew([String])
    /// A sink the state keeps events for, left out of this run: they wait for it.
    case sinkAway(sink: String, waiting: Int, keptUntil: Timestamp, state: String)
    /// `--clock virtual` (no TIME) on a state whose newest record is later than now: the
    /// clock starts there.
    case clockStartsAtState(Timestamp)
    case readlineMissing
    /// The history file cannot be used; no history is kept.
    case historyUnusable(HistoryFile.Problem)
}
