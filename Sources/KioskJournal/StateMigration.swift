import KioskCore
import KioskSystem
import KioskText

/// Turns a state file of the first format (one JSON document, `"format":"kiosk-state",
/// "version":1`) into a state directory at the same path, once.
///
/// The directory is built beside the file (`PATH.migrating`), synced, the file is given a
/// second name (`PATH.v1`), and only then does the directory take the path. A crash at
/// any step leaves either the old file at the path or a finished directory that the next
/// start moves into place — never neither — and leftovers are cleared on the next try.
public enum StateMigration {
    /// What a migration did.
    public struct Outcome: Sendable, Equatable {
        /// Where the old file is kept.
        public let keptAs: String
    }

    /// Why a state file cannot be migrated.
    public enum Failure: Error, Sendable, Equatable {
        case unreadable(path: String, reason: String)
        case corrupt(path: String, problem: SnapshotError)
        case cannotWrite(JournalError)

        /// The failure in words, in the operator's language.
        public var message: String {
            switch self {
            case .unreadable(let path, let reason): tr("cannot read the state file '{path}': {reason}", ["path": path, "reason": reason])
            case .corrupt(let path, let problem):
                tr("the state file '{path}' cannot be used: {problem}; it was left as it is — fix it or move it away", ["path": path, "problem": problem.message])
            case .cannotWrite(let error): tr("cannot convert the state file: {reason}; it was left as it is", ["reason": error.message])
            }
        }
    }

    static let largestFile = 64 << 20

    /// Finishes a migration a crash interrupted after the old file was set aside.
    /// Returns whether it did.
    public static func finishInterrupted(at path: String) -> Bool {
        let building = path + ".migrating"
        guard (try? FileSystem.linkStatus(of: path)) == nil,
              (try? FileSystem.status(of: building))?.kind == .directory,
              FileSystem.exists(building + "/format") else { return false }
        guard (try? FileSystem.rename(building, to: path)) != nil else { return false }
        try? FileSystem.synchronizeDirectory(FileSystem.directory(of: path))
        return true
    }

    /// Migrates the state file at `path` into a state directory there.
    public static func migrate(_ path: String) throws(Failure) -> Outcome {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: largestFile)
        } catch {
            throw .unreadable(path: path, reason: error.isFileTooLarge ? tr("it is larger than 64 MiB") : error.reason)
        }
        let old: KioskSnapshot
        do {
            old = try KioskSnapshot(json: bytes)
        } catch {
            throw .corrupt(path: path, problem: error)
        }
        let building = path + ".migrating"
        if (try? FileSystem.linkStatus(of: building)) != nil { try? FileSystem.removeTree(building) }
        do throws(JournalError) {
            let directory = StateDirectory(path: building)
            try directory.prepare()
            try directory.settleFormat()
            try Snapshots.write(JournalSnapshot(position: 0, kiosk: old), format: .domain, in: directory)
        } catch {
            try? FileSystem.removeTree(building)
            throw .cannotWrite(error)
        }
        let keptAs = freeName(path + ".v1")
        do {
            try FileSystem.link(path, to: keptAs)
            try FileSystem.synchronizeDirectory(FileSystem.directory(of: path))
            try FileSystem.removeFile(path)
            try FileSystem.rename(building, to: path)
            try FileSystem.synchronizeDirectory(FileSystem.directory(of: path))
        } catch {
            throw .cannotWrite(.system(error))
        }
        return Outcome(keptAs: keptAs)
    }

    /// `name`, or `name.2`, `name.3`… whichever does not exist yet.
    private static func freeName(_ name: String) -> String {
        var candidate = name
        var number = 2
        while (try? FileSystem.linkStatus(of: candidate)) != nil {
            candidate = "\(name).\(number)"
            number += 1
        }
        return candidate
    }
}
