#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SourceLoadError(path: path, reason: FileSourceLoader.describe(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SourceLoadError(path: path, reason: FileSourceLoader.describe(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { throw SourceLoadError(path: path, reason: "is a directory") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SourceLoadError(path: path, reason: FileSourceLoader.describe(errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > FileSourceLoader.maximumSize {
                throw SourceLoadError(path: path, reason: "is larger than \(FileSourceLoader.maximumSize >> 20) MiB")
            }
        }
        return bytes
    }

    public func identity(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        case EISDIR: "is a directory"
        default: String(cString: strerror(code)).lowercased()
        }
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
            throw SourceLoadError(path: path, reason: "no such file")
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
