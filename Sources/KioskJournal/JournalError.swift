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
