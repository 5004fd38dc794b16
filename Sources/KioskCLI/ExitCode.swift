/// The exit statuses of `kiosk`, after sysexits(3). Thrown by the steps of a run that
/// end it early.
public enum ExitCode: Int32, Sendable, Error {
    /// Every command succeeded; every file checked out.
    case success = 0
    /// A command failed; a refused order counts.
    case failure = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// A menu file has errors, or the state is damaged (EX_DATAERR).
    case invalidMenu = 65
    /// A file could not be read (EX_NOINPUT).
    case unreadableInput = 66
    /// A service kiosk needs cannot be had: the address to serve on is taken, or the HTTP
    /// library is missing (EX_UNAVAILABLE).
    case unavailable = 69
    /// A file or directory kiosk must make cannot be made (EX_CANTCREAT).
    case cannotCreate = 73
    /// Reading or writing failed while running (EX_IOERR).
    case ioError = 74
    /// Stopped by SIGINT after the command in hand (128 + 2).
    case interrupted = 130
    /// Stopped by SIGTERM after the command in hand (128 + 15).
    case terminated = 143

    /// The status for a stop asked for by `signal`: 128 + its number.
    static func signalled(_ signal: Int32) -> ExitCode {
        signal == 2 ? .interrupted : .terminated
    }
}

import KioskJournal

extension ExitCode {
    /// The status for a state that cannot be used.
    init(_ error: JournalError) {
        self = switch error {
        case .corrupt, .corruptSnapshot, .unsupportedFormat: .invalidMenu
        case .notAStateDirectory: .unreadableInput
        case .cannotCreate: .cannotCreate
        case .system: .ioError
        case .boardNeedsMenu, .unknownSink: .usage
        case .sinkInUse: .failure
        }
    }
}
