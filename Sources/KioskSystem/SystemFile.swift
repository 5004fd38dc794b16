import Glibc

/// An open file descriptor that closes itself: positioned reads and writes, syncs, advisory
/// locks. Every call retries `EINTR` and fails as a `SystemError` naming the path.
public final class SystemFile: @unchecked Sendable {
    public let descriptor: Int32
    public let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    /// How a file is opened.
    public enum Mode: Sendable {
        case readOnly
        case readWrite
        /// Read and write, created with `permissions` when missing.
        case readWriteCreate(permissions: mode_t)
        /// Created with `permissions`; fails when the file exists.
        case createNew(permissions: mode_t)
    }

    public static func open(_ path: String, _ mode: Mode) throws(SystemError) -> SystemFile {
        let descriptor: Int32 = switch mode {
        case .readOnly: retryingInterrupts { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
        case .readWrite: retryingInterrupts { Glibc.open(path, O_RDWR | O_CLOEXEC) }
        case .readWriteCreate(let permissions): retryingInterrupts { Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, permissions) }
        case .createNew(let permissions): retryingInterrupts { Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, permissions) }
        }
        guard descriptor >= 0 else { throw .current(path: path) }
        return SystemFile(descriptor: descriptor, path: path)
    }

    // MARK: Reading and writing

    /// Reads up to `count` bytes at `offset`; fewer only at the end of the file.
    public func read(count: Int, at offset: UInt64) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try read(into: &bytes, at: offset)
        if read < count { bytes.removeLast(count - read) }
        return bytes
    }

    /// Fills `buffer[start...]` from the file's `offset`; returns how many bytes were read
    /// (fewer only at the end of the file).
    public func read(into buffer: inout [UInt8], at offset: UInt64, from start: Int = 0) throws(SystemError) -> Int {
        let descriptor = self.descriptor
        let result = buffer.withUnsafeMutableBytes { whole -> Int in
            let raw = UnsafeMutableRawBufferPointer(rebasing: whole[min(start, whole.count)...])
            guard let base = raw.baseAddress else { return 0 }
            var done = 0
            while done < raw.count {
                let count = retryingInterrupts { pread(descriptor, base + done, raw.count - done, off_t(offset) + off_t(done)) }
                if count < 0 { return -1 }
                if count == 0 { break }
                done += count
            }
            return done
        }
        guard result >= 0 else { throw .current(path: path) }
        return result
    }

    /// Writes every byte at `offset`. On failure, some may have been written.
    public func write(_ bytes: [UInt8], at offset: UInt64) throws(SystemError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try write(raw, at: offset) } }.get()
    }

    public func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws(SystemError) {
        var written = 0
        try write(bytes, at: offset, written: &written)
    }

    /// Writes all of `bytes` at `offset`. `written` counts the bytes written so far, so a
    /// caller whose write failed partway (a full disk, a file-size limit) knows exactly
    /// which bytes it changed.
    public func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64, written: inout Int) throws(SystemError) {
        written = 0
        guard let base = bytes.baseAddress else { return }
        while written < bytes.count {
            let done = written
            let count = retryingInterrupts { pwrite(descriptor, base + done, bytes.count - done, off_t(offset) + off_t(done)) }
            guard count > 0 else { throw count == 0 ? SystemError(code: EIO, path: path) : .current(path: path) }
            written += count
        }
    }

    /// Writes `count` zero bytes from `offset`, in large runs.
    public func writeZeros(count: Int, at offset: UInt64) throws(SystemError) {
        let zeros = [UInt8](repeating: 0, count: min(count, 1 << 20))
        var done = 0
        while done < count {
            let run = min(zeros.count, count - done)
            try zeros.withUnsafeBytes { raw in
                Result { () throws(SystemError) in try write(UnsafeRawBufferPointer(rebasing: raw[0..<run]), at: offset + UInt64(done)) }
            }.get()
            done += run
        }
    }

    /// Gives the file disk space for `count` bytes from `offset`, which read as zeros, and
    /// grows its size to cover them, without writing them (`posix_fallocate`): a full disk
    /// fails here. Where the file system cannot, the C library writes the blocks itself.
    public func allocate(count: Int, at offset: UInt64) throws(SystemError) {
        guard count > 0 else { return }
        var result: Int32
        repeat {
            result = posix_fallocate(descriptor, off_t(offset), off_t(count))
        } while result == EINTR
        guard result == 0 else { throw SystemError(code: result, path: path) }
    }

    /// Tells the kernel this descriptor's reads are not sequential, so a read brings in
    /// only the pages it asks for, not a read-ahead window. Only a hint: where it fails or
    /// means nothing (tmpfs), reads work as before.
    public func adviseRandomReads() {
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_RANDOM)
    }

    // MARK: Durability

    /// Forces the file's data (and the size, if it changed) to the disk.
    public func synchronizeData() throws(SystemError) {
        guard retryingInterrupts({ fdatasync(descriptor) }) == 0 else { throw .current(path: path) }
    }

    /// Forces the file's data and every attribute to the disk.
    public func synchronize() throws(SystemError) {
        guard retryingInterrupts({ fsync(descriptor) }) == 0 else { throw .current(path: path) }
    }

    public func truncate(to size: UInt64) throws(SystemError) {
        guard retryingInterrupts({ ftruncate(descriptor, off_t(size)) }) == 0 else { throw .current(path: path) }
    }

    // MARK: Facts

    public var size: UInt64 {
        get throws(SystemError) { try status().size }
    }

    /// Size, kind and identity, from `fstat`.
    public func status() throws(SystemError) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .current(path: path) }
        return FileStatus(info)
    }

    // MARK: Locks

    /// An advisory lock on the whole file (`flock`): released by `unlock`, by closing the
    /// file, or by the kernel when the process dies — a crashed holder never blocks others.
    public enum Lock: Sendable {
        case shared
        case exclusive
    }

    /// Waits for the lock.
    public func lock(_ kind: Lock) throws(SystemError) {
        let operation = kind == .shared ? LOCK_SH : LOCK_EX
        guard retryingInterrupts({ flock(descriptor, operation) }) == 0 else { throw .current(path: path) }
    }

    /// Takes the lock if no one else holds it; `false` when someone does.
    public func tryLock(_ kind: Lock) throws(SystemError) -> Bool {
        let operation = (kind == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        if retryingInterrupts({ flock(descriptor, operation) }) == 0 { return true }
        if errno == EWOULDBLOCK { return false }
        throw .current(path: path)
    }

    public func unlock() {
        _ = retryingInterrupts { flock(descriptor, LOCK_UN) }
    }
}

/// What `stat` says about a file.
public struct FileStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case regular, directory, fifo, characterDevice, blockDevice, socket, symbolicLink, other
    }

    public let kind: Kind
    public let size: UInt64
    public let device: UInt64
    public let inode: UInt64
    /// The last modification, in nanoseconds since 1970.
    public let modified: Int64
    /// The permission bits (`0o600`).
    public let permissions: UInt32
    /// How many names the file has: 0 once it was removed while still open.
    public let links: UInt64

    init(_ info: stat) {
        kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFIFO: .fifo
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFSOCK: .socket
        case S_IFLNK: .symbolicLink
        default: .other
        }
        size = UInt64(max(info.st_size, 0))
        permissions = UInt32(info.st_mode & 0o7777)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        links = UInt64(info.st_nlink)
        let (seconds, overflow) = Int64(info.st_mtim.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        modified = overflow ? Int64(info.st_mtim.tv_sec) : seconds &+ Int64(info.st_mtim.tv_nsec)
    }
}
