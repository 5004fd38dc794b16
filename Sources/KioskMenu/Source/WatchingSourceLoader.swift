import KioskSystem
import Synchronization

/// Reads through another loader and notes how each file was (size, modification time,
/// inode) just before it was read, so a caller can tell whether any file of a menu — the
/// top file or one it includes — changed while the menu was read.
public final class WatchingSourceLoader: SourceLoader {
    private let base: any SourceLoader
    private let seen = Mutex<[(path: String, status: FileStatus?)]>([])

    public init(_ base: any SourceLoader) {
        self.base = base
    }

    public func read(_ path: String) throws(SourceLoadError) -> [UInt8] {
        let before = try? FileSystem.status(of: path)
        let bytes = try base.read(path)
        seen.withLock { $0.append((path, before)) }
        return bytes
    }

    public func identity(of path: String) -> String {
        base.identity(of: path)
    }

    /// Whether every file read is now as it was before it was read.
    public var isUnchanged: Bool {
        seen.withLock { files in files.allSatisfy { (try? FileSystem.status(of: $0.path)) == $0.status } }
    }

    /// The latest modification time of the files read, in nanoseconds since 1970; `nil`
    /// when none was a file on disk.
    public var newestModification: Int64? {
        seen.withLock { files in files.compactMap(\.status?.modified).max() }
    }
}
