import KioskSystem

/// Reads menu files. The compiler reads through this so tests and the fuzzer can serve
/// files from memory.
public protocol SourceLoader: Sendable {
    /// The bytes of the file at `path`.
    func read(_ path: String) throws(SourceLoadError) -> [UInt8]
    /// A name that is the same for every path of the same file, for finding include cycles.
    func identity(of path: String) -> String
}

/// A file that could not be read, with the reason as the system gave it.
public struct SourceLoadError: Error, Equatable, Sendable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// Reads menu files from the file system.
public struct FileSourceLoader: SourceLoader {
    /// Menus larger than this are refused rather than read into memory.
    public static let maximumSize = 16 << 20

    public init() {}

    public func read(_ path: String) throws(SourceLoadError) -> [UInt8] {
        do {
            return try FileSystem.read(path, limit: FileSourceLoader.maximumSize)
        } catch {
            let reason = error.isFileTooLarge ? "is larger than \(FileSourceLoader.maximumSize >> 20) MiB" : error.reason
            throw SourceLoadError(path: path, reason: reason)
        }
    }

    public func identity(of path: String) -> String {
        FileSystem.realPath(path) ?? path
    }
}

/// Serves files from a dictionary: for tests and the fuzzer.
public struct InMemorySourceLoader: SourceLoader {
    public var files: [String: [UInt8]]

    public init(files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    public init(bytes: [String: [UInt8]]) {
        self.files = bytes
    }

    public func read(_ path: String) throws(SourceLoadError) -> [UInt8] {
        guard let bytes = files[InMemorySourceLoader.normalize(path)] else {
            throw SourceLoadError(path: path, reason: SystemError.notFound(path: path).reason)
        }
        return bytes
    }

    public func identity(of path: String) -> String { InMemorySourceLoader.normalize(path) }

    /// `a/./b/../c` → `a/c`.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
