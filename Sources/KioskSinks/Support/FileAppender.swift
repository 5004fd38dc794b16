#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Appending to files the way logs and spools need it: `O_APPEND`, mode 0600, missing
/// directories created (0700), one `write` per call so concurrent writers never interleave
/// inside a line, `EINTR` retried.
package enum FileAppender {
    package static func append(_ bytes: [UInt8], to path: String) throws(SpoolError) {
        let fd = try open(path)
        defer { Glibc.close(fd) }
        if let failure = writeAll(fd, bytes) {
            throw SpoolError(path: path, reason: failure)
        }
    }

    /// Opens `path` for appending, creating it and its directories.
    package static func open(_ path: String) throws(SpoolError) -> Int32 {
        var fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0, errno == ENOENT {
            makeDirectories(for: path)
            fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { throw SpoolError(path: path, reason: describe(errno)) }
        return fd
    }

    /// Writes every byte, retrying short writes and `EINTR`. Returns why it failed, if it did.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return describe(errno)
                }
                offset += written
            }
            return nil
        }
    }

    /// Creates the directories above `path` with mode 0700.
    package static func makeDirectories(for path: String) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        let parts = path.split(separator: "/").dropLast()
        for part in parts {
            prefix += part + "/"
            mkdir(prefix, 0o700)
        }
    }

    package static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
