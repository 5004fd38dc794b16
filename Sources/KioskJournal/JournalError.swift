import KioskSystem
import KioskText

/// Why the journal cannot be used or written, with what a person needs to act on it.
public enum JournalError: Error, Sendable, Equatable {
    /// A system call failed: a full disk, a permission, an I/O error.
    case system(SystemError)
    /// The state directory does not exist and cannot be made.
    case cannotCreate(path: String, reason: String)
    /// The path exists and is not a state directory kiosk made.
    case notAStateDirectory(path: String, reason: String)
    /// A state directory of a format version this kiosk does not read.
    case unsupportedFormat(path: String, found: String)
    /// A bad record before the end of the journal: the state is not touched.
    case corrupt(file: String, offset: UInt64, problem: String)
    /// A snapshot that does not verify.
    case corruptSnapshot(file: String, problem: String)
    /// `state compact` without the menu, on a state with an order board: the board is
    /// folded with the menu's stations, and a snapshot without it would forget the tickets.
    case boardNeedsMenu(path: String)
    /// `state forget` of a sink the state keeps no cursor for.
    case unknownSink(path: String, sink: String, suggestion: String?)
    /// `state forget` of a sink a running kiosk delivers for.
    case sinkInUse(path: String, sink: String)

    /// The error in words, in the operator's language.
    public var message: String {
        switch self {
        case .system(let error): error.description
        case .cannotCreate(let path, let reason): tr("cannot create the state directory '{path}': {reason}", ["path": path, "reason": reason])
        case .notAStateDirectory(let path, let reason): tr("'{path}' is not a kiosk state directory ({reason})", ["path": path, "reason": reason])
        case .unsupportedFormat(let path, let found):
            tr("'{path}' holds state of format '{found}', which this kiosk does not read (it reads '{format}')", [
                "path": path, "found": found, "format": StateDirectory.formatLine,
            ])
        case .corrupt(let file, let offset, let problem):
            tr("the journal '{file}' is damaged at byte {offset} ({problem}), before its end; nothing was changed — restore it from a backup or move the state away", [
                "file": file, "offset": offset, "problem": problem,
            ])
        case .corruptSnapshot(let file, let problem):
            tr("the snapshot '{file}' does not verify ({problem}); nothing was changed — restore it from a backup or move the state away", [
                "file": file, "problem": problem,
            ])
        case .boardNeedsMenu(let path):
            tr("the state '{path}' has an order board, which compacting without its menu would forget; nothing was changed — give the menu: kiosk state compact --menu FILE '{path}'", ["path": path])
        case .unknownSink(let path, let sink, let suggestion?):
            tr("the state '{path}' keeps nothing for a sink '{sink}' (did you mean '{suggestion}'?); kiosk state sinks '{path}' lists the sinks it knows", [
                "path": path, "sink": sink, "suggestion": suggestion,
            ])
        case .unknownSink(let path, let sink, nil):
            tr("the state '{path}' keeps nothing for a sink '{sink}'; kiosk state sinks '{path}' lists the sinks it knows", ["path": path, "sink": sink])
        case .sinkInUse(let path, let sink):
            tr("a kiosk on '{path}' delivers for the sink '{sink}' now; nothing was changed — stop it, or leave the sink out of its menu and command line, first", [
                "path": path, "sink": sink,
            ])
        }
    }

    /// Whether the state's own files are damaged (rather than the system failing).
    public var isCorruption: Bool {
        switch self {
        case .corrupt, .corruptSnapshot: true
        default: false
        }
    }
}
