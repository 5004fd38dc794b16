import Glibc

/// The file operations kiosk needs, with `EINTR` retried and failures as `SystemError`.
public enum FileSystem {
    /// The whole of a regular file, refusing anything else — a directory, a FIFO, a device,
    /// a socket — and files larger than `limit` bytes. Opened without blocking and checked
    /// before the first read, so a FIFO nobody writes never holds kiosk up.
    public static func read(_ path: String, limit: Int = .max) throws(SystemError) -> [UInt8] {
        let fd = retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { throw .current(path: path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .current(path: path) }
        let kind = FileStatus(info).kind
        guard kind == .regular else { throw .notARegularFile(kind, path: path) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in retryingInterrupts { Glibc.read(fd, raw.baseAddress, raw.count) } }
            if count < 0 { throw .current(path: path) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw SystemError(code: EFBIG, path: path) }
        }
    }

    /// Appends `bytes` with one `write` to a file opened `O_APPEND`, created with mode
    /// 0600 in directories created with 0700, so concurrent writers never split a line.
    public static func append(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let fd = try openForAppending(path)
        defer { close(fd) }
        try writeAll(fd, bytes, path: path)
    }

    /// Opens `path` for appending, creating it (0600) and its directories (0700), without
    /// waiting: a FIFO nobody reads is refused at once (`fifoWithoutReader`) rather than
    /// holding kiosk in `open` until a reader comes. A pipe with a reader, or a device, is
    /// taken: writes to it then wait for room, as writes do. A terminal opened so never
    /// becomes kiosk's controlling terminal.
    public static func openForAppending(_ path: String) throws(SystemError) -> Int32 {
        let descriptor = try openAppendingWithoutWaiting(path)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// Opens the regular file at `path` for appending, creating it (0600) and its
    /// directories (0700), and refuses anything else — a FIFO, a device, a directory, a
    /// socket — as `notARegularFile`. Never waits: what the path names is checked before
    /// the open (opening a device can act: rewind a tape, arm a watchdog), the open does
    /// not wait for a FIFO's reader, and what was opened is checked again, for a path
    /// swapped in between. A symbolic link is followed to what it names.
    public static func openRegularFileForAppending(_ path: String) throws(SystemError) -> Int32 {
        if let kind = try? status(of: path).kind, kind != .regular { throw .notARegularFile(kind, path: path) }
        let descriptor: Int32
        do throws(SystemError) {
            descriptor = try openAppendingWithoutWaiting(path)
        } catch {
            // Swapped since the check: say what it is now (a FIFO nobody reads gave ENXIO).
            if let kind = try? status(of: path).kind, kind != .regular { throw .notARegularFile(kind, path: path) }
            throw error
        }
        let opened: FileStatus
        do throws(SystemError) {
            opened = try status(ofDescriptor: descriptor)
        } catch {
            close(descriptor)
            throw SystemError(code: error.code, path: path)
        }
        guard opened.kind == .regular else {
            close(descriptor)
            throw .notARegularFile(opened.kind, path: path)
        }
        return descriptor
    }

    /// `O_NONBLOCK`: a FIFO with no reader fails with `ENXIO` instead of waiting for one;
    /// on a regular file the flag changes nothing. `O_NOCTTY`: a terminal stays a file.
    private static func openAppendingWithoutWaiting(_ path: String) throws(SystemError) -> Int32 {
        let flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        var fd = retryingInterrupts { open(path, flags, 0o600) }
        if fd < 0, errno == ENOENT {
            makeDirectories(for: path)
            fd = retryingInterrupts { open(path, flags, 0o600) }
        }
        guard fd >= 0 else {
            let failure = SystemError.current(path: path)
            if failure.code == ENXIO, (try? status(of: path))?.kind == .fifo { throw .fifoWithoutReader(path: path) }
            throw failure
        }
        return fd
    }

    /// Writes every byte, retrying short writes and `EINTR`.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String? = nil) throws(SystemError) {
        if let failure = writePrefix(fd, bytes, path: path).failure { throw failure }
    }

    /// How far a write went: the bytes written, and why it stopped short, if it did.
    public struct PartialWrite: Sendable, Equatable {
        public let written: Int
        public let failure: SystemError?
    }

    /// Writes as many bytes as it can, retrying short writes and `EINTR`.
    public static func writePrefix(_ fd: Int32, _ bytes: [UInt8], path: String? = nil) -> PartialWrite {
        bytes.withUnsafeBytes { buffer -> PartialWrite in
            guard let base = buffer.baseAddress else { return PartialWrite(written: 0, failure: nil) }
            var offset = 0
            while offset < buffer.count {
                let written = retryingInterrupts { write(fd, base + offset, buffer.count - offset) }
                if written < 0 { return PartialWrite(written: offset, failure: .current(path: path)) }
                offset += written
            }
            return PartialWrite(written: offset, failure: nil)
        }
    }

    /// Makes writes to the descriptor return at once when it has no room (a pipe to a
    /// program that has stopped reading), for `writeAvailable`.
    public static func setNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Writes what a non-blocking descriptor has room for of `bytes[offset...]`: how many
    /// bytes, 0 when it has none.
    public static func writeAvailable(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) throws(SystemError) -> Int {
        guard offset < bytes.count else { return 0 }
        let written = bytes.withUnsafeBytes { buffer in
            retryingInterrupts { write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset) }
        }
        if written >= 0 { return written }
        if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
        throw .current()
    }

    /// What a wait for room to write gave.
    public enum Room: Sendable, Equatable {
        /// The descriptor has room.
        case room
        /// One of the descriptors to read has bytes (or has ended).
        case readable
        case timedOut
    }

    /// Waits until the descriptor has room to write, one of `readable` (a program's output,
    /// which must be read for it to go on reading) has something, or `deadline`. A
    /// descriptor of -1 is not waited for.
    public static func awaitRoom(_ descriptor: Int32, orReadable readable: [Int32], until deadline: ContinuousClock.Instant) -> Room {
        var entries = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)] + readable.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timedOut }
            let (seconds, attoseconds) = left.components
            let ready = poll(&entries, nfds_t(entries.count), Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 1_000)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            if entries[0].revents != 0 { return .room }
            return .readable
        }
    }

    /// Replaces the file at `path` with `bytes` so that a crash at any moment leaves either
    /// the old file or the new one, whole: a temporary file in the same directory (0600),
    /// `fsync`, `rename` over the path, then `fsync` of the directory.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = retryingInterrupts { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw .current(path: path) }
        do throws(SystemError) {
            try writeAll(fd, bytes, path: path)
            guard fsync(fd) == 0 else { throw SystemError.current(path: path) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard Glibc.rename(temporary, path) == 0 else {
            let failure = SystemError.current(path: path)
            unlink(temporary)
            throw failure
        }
        let directory = open(self.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Creates the directories above `path`, each with mode 0700.
    public static func makeDirectories(for path: String) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/").dropLast() {
            prefix += part + "/"
            mkdir(prefix, 0o700)
        }
    }

    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    public static func rename(_ from: String, to: String) throws(SystemError) {
        guard Glibc.rename(from, to) == 0 else { throw .current(path: from) }
    }

    public static func remove(_ path: String) {
        unlink(path)
    }

    /// The directory part of a path: `a/b/c.json` → `a/b`, `c.json` → `.`.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    // MARK: Directories

    /// The names in a directory, without `.` and `..`, in no particular order.
    public static func contents(of directory: String) throws(SystemError) -> [String] {
        guard let stream = opendir(directory) else { throw .current(path: directory) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates `path` and any missing parents, each with `permissions`; an existing
    /// directory is fine.
    public static func createDirectory(_ path: String, permissions: mode_t = 0o700) throws(SystemError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, permissions) != 0, errno != EEXIST { throw .current(path: String(prefix.dropLast())) }
        }
        guard (try? status(of: path))?.kind == .directory else { throw SystemError(code: ENOTDIR, path: path) }
    }

    /// Forces a directory's entries (files created, renamed or removed in it) to the disk.
    public static func synchronizeDirectory(_ path: String) throws(SystemError) {
        let descriptor = retryingInterrupts { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .current(path: path) }
        defer { close(descriptor) }
        guard retryingInterrupts({ fsync(descriptor) }) == 0 else { throw .current(path: path) }
    }

    /// What the path names, following symbolic links.
    public static func status(of path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .current(path: path) }
        return FileStatus(info)
    }

    /// What the path itself is, without following a symbolic link.
    public static func linkStatus(of path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .current(path: path) }
        return FileStatus(info)
    }

    /// Gives the file at `existing` a second name.
    public static func link(_ existing: String, to new: String) throws(SystemError) {
        guard Glibc.link(existing, new) == 0 else { throw .current(path: new) }
    }

    /// Removes a file; a missing one is not an error.
    public static func removeFile(_ path: String) throws(SystemError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .current(path: path) }
    }

    /// Removes a directory and everything in it (no symbolic links are followed).
    public static func removeTree(_ path: String) throws(SystemError) {
        for name in try contents(of: path) {
            let child = path + "/" + name
            if try linkStatus(of: child).kind == .directory {
                try removeTree(child)
            } else {
                try removeFile(child)
            }
        }
        guard rmdir(path) == 0 || errno == ENOENT else { throw .current(path: path) }
    }

    /// The size of an open file, or `nil` when it has none (a device, a pipe).
    public static func size(of descriptor: Int32) -> UInt64? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return UInt64(info.st_size)
    }

    /// Cuts an open file back to `size` bytes; best effort (a device cannot be cut).
    public static func truncate(_ descriptor: Int32, to size: UInt64) {
        _ = retryingInterrupts { ftruncate(descriptor, off_t(size)) }
    }

    /// What a wait for a descriptor's next bytes gave.
    public enum Available: Sendable, Equatable {
        case bytes([UInt8])
        case end
        case timedOut
    }

    /// The bytes a descriptor has now, waiting for some until `deadline`.
    public static func readAvailable(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> Available {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timedOut }
            let (seconds, attoseconds) = left.components
            let ready = poll(&entry, 1, Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 1_000)))
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 16 << 10)
            let count = retryingInterrupts { chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) } }
            guard count > 0 else { return .end }
            return .bytes(Array(chunk[0..<count]))
        }
    }

    /// The bytes either of two descriptors has now (a program's output and its errors),
    /// waiting for some until `deadline`: which one, and what it gave. A descriptor of -1
    /// is not waited for (one that has ended).
    public static func readEither(_ first: Int32, _ second: Int32, until deadline: ContinuousClock.Instant) -> (descriptor: Int32, available: Available) {
        var entries = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return (first, .timedOut) }
            let (seconds, attoseconds) = left.components
            let ready = poll(&entries, 2, Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 1_000)))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            guard let entry = entries.first(where: { $0.fd >= 0 && $0.revents != 0 }) else { continue }
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            let count = retryingInterrupts { chunk.withUnsafeMutableBytes { Glibc.read(entry.fd, $0.baseAddress, $0.count) } }
            guard count > 0 else { return (entry.fd, .end) }
            return (entry.fd, .bytes(Array(chunk[0..<count])))
        }
    }

    /// Opens `path` to read a stream from it (a script of commands, which may be a pipe);
    /// refuses a directory.
    public static func openForReading(_ path: String) throws(SystemError) -> Int32 {
        let descriptor = retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .current(path: path) }
        do throws(SystemError) {
            if try status(ofDescriptor: descriptor).kind == .directory { throw SystemError.notARegularFile(.directory, path: path) }
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Closes a descriptor; `-1` is ignored.
    public static func close(_ descriptor: Int32) {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }

    /// What an open file is, from `fstat`.
    public static func status(ofDescriptor descriptor: Int32) throws(SystemError) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .current() }
        return FileStatus(info)
    }

    /// Forces an open file's data and attributes to the disk.
    public static func synchronize(_ descriptor: Int32, path: String? = nil) throws(SystemError) {
        guard retryingInterrupts({ fsync(descriptor) }) == 0 else { throw .current(path: path) }
    }

    /// Whether the descriptor is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The path with every symbolic link, `.` and `..` resolved; `nil` when a part of it
    /// does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether this process may run the file at `path`.
    public static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// Fails with the reason when this process may not read the file at `path`.
    public static func checkReadable(_ path: String) throws(SystemError) {
        guard access(path, R_OK) == 0 else { throw .current(path: path) }
    }

    /// Sets a file's permission bits (`0o600`).
    public static func setPermissions(_ path: String, _ permissions: UInt32) {
        _ = chmod(path, mode_t(permissions))
    }

    /// Reads what the descriptor has into `buffer`, retrying `EINTR`: the count, 0 at the
    /// end, or -1 on an error.
    public static func readSome(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { raw in retryingInterrupts { Glibc.read(descriptor, raw.baseAddress, raw.count) } }
    }

    /// Whether a read of `descriptor` would return at once: bytes or the end are there
    /// (a regular file always), by `poll` with no wait.
    public static func hasInput(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, 0)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    /// What a read that may wait gave.
    public enum ReadOutcome: Sendable, Equatable {
        /// This many bytes were appended.
        case read(Int)
        /// The end of the input (or a read error, which ends it too).
        case end
        /// `stop` said so before any input came.
        case stopped
    }

    /// Waits for input on `descriptor` and appends up to `count` bytes of it to `buffer`.
    /// Looks at `stop` a few times a second while it waits, and before retrying a read a
    /// signal interrupted, so a signal that lands just before the wait is seen too.
    public static func read(
        _ descriptor: Int32, appendingTo buffer: inout [UInt8], upTo count: Int, stop: () -> Bool
    ) -> ReadOutcome {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            if stop() { return .stopped }
            if poll(&entry, 1, 200) != 0 { break }
        }
        if stop() { return .stopped }
        // Read into scratch space and append what came: a line typed or piped in a
        // conversation is a few bytes, and zero-filling `count` bytes of the buffer for it
        // cost more than the rest of reading it.
        return withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { scratch in
            var read: Int
            repeat {
                read = Glibc.read(descriptor, scratch.baseAddress, count)
            } while read < 0 && errno == EINTR && !stop()
            guard read > 0 else { return .end }
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<read]))
            return .read(read)
        }
    }

    /// `path` made absolute against the working directory.
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return directory + "/" + path
    }

}
