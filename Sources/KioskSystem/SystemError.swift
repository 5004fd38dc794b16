#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A failed system call: what was being done, to what, and the system's reason.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int32
    public let path: String?

    public init(code: Int32, path: String? = nil) {
        self.code = code
        self.path = path
    }

    /// `errno` now, for the call that just failed.
    public static func current(path: String? = nil) -> SystemError {
        SystemError(code: errno, path: path)
    }

    /// The file or directory does not exist.
    public var isNotFound: Bool { code == ENOENT }

    /// The path does not lead anywhere: a part is missing or is not a directory.
    public var isMissingPath: Bool { code == ENOENT || code == ENOTDIR }

    /// A file is larger than a limit (the caller's, or the process's file size limit).
    public var isFileTooLarge: Bool { code == EFBIG }

    /// The disk, or the file size limit, is full.
    public var isOutOfSpace: Bool { code == ENOSPC || code == EFBIG || code == EDQUOT }

    /// The reason in words: `no such file`, `permission denied`.
    public var reason: String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        case EISDIR: "is a directory"
        case ENOSPC: "no space left on the device"
        case EFBIG: "the file is larger than allowed"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    public var description: String {
        path.map { "\($0): \(reason)" } ?? reason
    }
}

/// Calls `body` again while it fails with `EINTR`.
@inline(__always)
public func retryingInterrupts<T: BinaryInteger>(_ body: () -> T) -> T {
    while true {
        let result = body()
        if result >= 0 || errno != EINTR { return result }
    }
}
