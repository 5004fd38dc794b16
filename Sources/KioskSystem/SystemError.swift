import Glibc
import KioskText

/// A failed system call, or a file kiosk refuses: the `errno`, the path, and the reason in
/// words — made here, in one place, so every part of kiosk says the same thing for the
/// same failure.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `errno`; for a refused file, the nearest one (`EISDIR`, `ENODEV`, `ENXIO`).
    public let code: Int32
    public let path: String?
    /// Set when kiosk refused what the path names, rather than the system failing a call.
    public let refusal: Refusal?

    /// Why kiosk refused a path without trying it.
    public enum Refusal: Sendable, Equatable {
        /// A directory, a FIFO, a device or a socket where kiosk wants a regular file.
        case notARegularFile(FileStatus.Kind)
        /// A FIFO no process has open for reading: writing to it would wait for one.
        case fifoWithoutReader
        /// A host name `getaddrinfo` found no address for (the path is the name).
        case unresolvedHost
    }

    public init(code: Int32, path: String? = nil) {
        self.code = code
        self.path = path
        refusal = nil
    }

    /// `errno` now, for the call that just failed.
    public static func current(path: String? = nil) -> SystemError {
        SystemError(code: errno, path: path)
    }

    /// The file does not exist: what a lookup that found nothing says.
    public static func notFound(path: String? = nil) -> SystemError {
        SystemError(code: ENOENT, path: path)
    }

    /// A path that names a directory, a FIFO, a device or a socket where kiosk reads or
    /// writes a file: refused, so that kiosk never waits on a pipe nobody writes.
    public static func notARegularFile(_ kind: FileStatus.Kind, path: String? = nil) -> SystemError {
        let code: Int32 = switch kind {
        case .directory: EISDIR
        case .characterDevice, .blockDevice: ENODEV
        default: ENXIO
        }
        return SystemError(code: code, path: path, refusal: .notARegularFile(kind))
    }

    /// A FIFO nobody reads, where kiosk writes: refused at once rather than waited on.
    public static func fifoWithoutReader(path: String? = nil) -> SystemError {
        SystemError(code: ENXIO, path: path, refusal: .fifoWithoutReader)
    }

    /// A host name that resolves to no address, where kiosk connects.
    public static func unresolvedHost(_ host: String) -> SystemError {
        SystemError(code: EHOSTUNREACH, path: host, refusal: .unresolvedHost)
    }

    private init(code: Int32, path: String?, refusal: Refusal?) {
        self.code = code
        self.path = path
        self.refusal = refusal
    }

    /// What the path names, when kiosk refused it for not being a regular file.
    public var refusedKind: FileStatus.Kind? {
        if case .notARegularFile(let kind) = refusal { return kind }
        return nil
    }

    /// The file or directory does not exist.
    public var isNotFound: Bool { code == ENOENT }

    /// The path does not lead anywhere: a part is missing or is not a directory.
    public var isMissingPath: Bool { code == ENOENT || code == ENOTDIR }

    /// A file is larger than a limit (the caller's, or the process's file size limit).
    public var isFileTooLarge: Bool { code == EFBIG }

    /// The disk, or the file size limit, is full.
    public var isOutOfSpace: Bool { code == ENOSPC || code == EFBIG || code == EDQUOT }

    /// The call was interrupted by a signal.
    public var isInterrupted: Bool { code == EINTR }

    /// An executable still open for writing somewhere (`ETXTBSY`): one being installed,
    /// or held a moment by a process forking at the time it was written.
    public var isBusyExecutable: Bool { code == ETXTBSY }

    /// The reason in words, in the operator's language: `no such file`, `permission
    /// denied`, `is a FIFO`.
    public var reason: String {
        if refusal == .fifoWithoutReader { return tr("is a FIFO nobody reads") }
        if refusal == .unresolvedHost { return tr("no such host") }
        if let refusedKind {
            return switch refusedKind {
            case .directory: tr("is a directory")
            case .fifo: tr("is a FIFO, not a file")
            case .characterDevice, .blockDevice: tr("is a device, not a file")
            case .socket: tr("is a socket, not a file")
            case .regular, .symbolicLink, .other: tr("is not a regular file")
            }
        }
        return SystemError.words(for: code) ?? String(cString: strerror(code)).lowercased()
    }

    /// The words of the common `errno` values, from kiosk's catalog rather than the C
    /// library's: a machine with only C.UTF-8 has no translated `strerror`. Each English
    /// text is glibc's, lowercased (kiosk's own where glibc's says less), so English reads
    /// as `strerror` does; `nil` for the rest, which `strerror` says.
    static func words(for code: Int32) -> String? {
        switch code {
        case ENOENT: tr("no such file")
        case EACCES: tr("permission denied")
        case EPERM: tr("operation not permitted")
        case ENOSPC: tr("no space left on the device")
        case EDQUOT: tr("disk quota exceeded")
        case EFBIG: tr("the file is larger than allowed")
        case EROFS: tr("read-only file system")
        case EISDIR: tr("is a directory")
        case ENOTDIR: tr("not a directory")
        case EEXIST: tr("file exists")
        case ENOTEMPTY: tr("directory not empty")
        case EXDEV: tr("invalid cross-device link")
        case EMFILE: tr("too many open files")
        case ENFILE: tr("too many open files in system")
        case EIO: tr("input/output error")
        case ENAMETOOLONG: tr("file name too long")
        case ELOOP: tr("too many levels of symbolic links")
        case EBUSY: tr("device or resource busy")
        case ETXTBSY: tr("text file busy")
        case ECONNREFUSED: tr("connection refused")
        case ETIMEDOUT: tr("connection timed out")
        case EADDRINUSE: tr("address already in use")
        case EADDRNOTAVAIL: tr("cannot assign requested address")
        case EHOSTUNREACH: tr("no route to host")
        case ENETUNREACH: tr("network is unreachable")
        case EPIPE: tr("broken pipe")
        case ECONNRESET: tr("connection reset by peer")
        case EAGAIN: tr("resource temporarily unavailable")
        case EINTR: tr("interrupted system call")
        case EBADF: tr("bad file descriptor")
        case EINVAL: tr("invalid argument")
        case ENOMEM: tr("cannot allocate memory")
        default: nil
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
