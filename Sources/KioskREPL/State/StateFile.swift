import KioskCore
import KioskSystem

/// The `--state` file: stock, the event sequence, order history and sales totals, kept
/// across runs.
///
/// Saved whole and atomically after every command that changes anything, before its result
/// is shown. A file that cannot be read or understood is never overwritten: loading it
/// fails, and kiosk does not start.
public struct StateFile: Sendable {
    /// State files larger than this are refused rather than read.
    public static let maximumSize = 64 << 20

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The saved state, or `nil` when there is no file yet.
    public func load() throws(StateFileError) -> KioskSnapshot? {
        guard FileSystem.exists(path) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: StateFile.maximumSize)
        } catch {
            throw .unreadable(path: path, reason: error.code == EFBIG ? "it is larger than 64 MiB" : error.reason)
        }
        do {
            return try KioskSnapshot(json: bytes)
        } catch {
            throw .corrupt(path: path, problem: error)
        }
    }

    public func save(_ snapshot: KioskSnapshot) throws(StateFileError) {
        do {
            try FileSystem.writeAtomically(snapshot.json, to: path)
        } catch {
            throw .unwritable(path: path, reason: error.reason)
        }
    }
}

/// Why the state file could not be used.
public enum StateFileError: Error, Sendable, Equatable {
    case unreadable(path: String, reason: String)
    case corrupt(path: String, problem: SnapshotError)
    case unwritable(path: String, reason: String)

    public var message: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the state file '\(path)': \(reason)"
        case .corrupt(let path, let problem):
            "the state file '\(path)' cannot be used: \(problem.message); it was left as it is — fix it or move it away"
        case .unwritable(let path, let reason): "cannot save the state file '\(path)': \(reason)"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
