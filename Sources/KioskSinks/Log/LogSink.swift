import KioskCore
import KioskMenu
import KioskSystem
import KioskText
import Synchronization

/// Appends each event as one compact JSON line to a file.
///
/// Each line is written whole by a single `write` on a file opened with `O_APPEND` and
/// created with mode 0600 (and any missing directories), so lines never interleave.
/// Before each write the sink checks that the path still names the open file: after a
/// SIGHUP or SIGUSR1, or when the file was moved or deleted (log rotation), it opens the path anew,
/// so nothing is written to a file nobody reads.
///
/// The path must name a regular file, or nothing yet. A FIFO, a device, a directory or a
/// socket is refused without waiting — at start-up the sink cannot be made; after a
/// reopen each write fails, retryably, until the path names a file again — because a
/// FIFO nobody reads would hold the sink in `open` for ever, and no other kind keeps the
/// promises of a file: lines cut back to the last whole one, `sync`, rotation.
public final class LogSink: BatchingSink {
    public static let kind = SinkKind(
        schema: SinkSchema(kind: "log", options: [
            PropertySpec("path", .path, required: true),
            PropertySpec("sync", .choiceWithDuration(["never", "always", "interval"], durationAfter: "interval")),
        ]),
        make: { declaration, _ throws(SinkSetupError) -> any Sink in
            guard let path = declaration.text("path") else {
                throw SinkSetupError(declaration: declaration, reason: tr("a log sink needs a 'path'"))
            }
            let choice = declaration.choice("sync")
            let sync: Sync = switch (choice?.word, choice?.duration) {
            case ("always", _): .always
            case ("interval", let interval?): .interval(interval)
            default: .never
            }
            do throws(SystemError) {
                return try LogSink(path: path, sync: sync)
            } catch where error.refusedKind != nil {
                throw SinkSetupError(
                    declaration: declaration, reason: tr("cannot log to '{path}': it {reason}; a log sink appends to regular files only", ["path": path.display, "reason": error.reason])
                )
            } catch {
                throw SinkSetupError(declaration: declaration, reason: tr("cannot open '{path}': {reason}", ["path": path.display, "reason": error.reason]))
            }
        }
    )

    /// When written lines are forced to the disk.
    public enum Sync: Sendable, Equatable {
        /// Left to the system.
        case never
        /// After every line.
        case always
        /// At most once per interval, and at close.
        case interval(Duration)
    }

    private struct State {
        var descriptor: Int32 = -1
        var device: UInt64 = 0
        var inode: UInt64 = 0
        var reopensSeen = Signals.reopenCount
        var lastSync = ContinuousClock.now
        var unsynced = false
        /// The lines of the batch being written, and where each ends: kept from batch to
        /// batch so that encoding allocates nothing once they are as large as a batch needs.
        var lines = JSONWriter(capacity: 0)
        var lineEnds: [Int] = []

        mutating func encode(_ batch: ArraySlice<Event>) {
            lines.removeAll()
            lineEnds.removeAll(keepingCapacity: true)
            for event in batch {
                event.write(to: &lines)
                lines.endLine()
                lineEnds.append(lines.count)
            }
        }
    }

    private let path: ConfigText
    private let sync: Sync
    private let state = Mutex(State())
    /// Set by `close`: a send still under way then closes the file itself when it ends.
    private let closed = Atomic(false)

    public init(path: ConfigText, sync: Sync = .never) throws(SystemError) {
        self.path = path
        self.sync = sync
        var fresh = State()
        try LogSink.open(path.value, into: &fresh)
        state.withLock { $0 = fresh }
    }

    public var target: String { path.display }

    public var retryPolicy: RetryPolicy {
        RetryPolicy(maximumRetries: nil, initialBackoff: .milliseconds(100), maximumBackoff: .seconds(5))
    }

    /// Under load, queued events share a `write` — each line still whole, and the path is
    /// checked for rotation before each write.
    public var batchLimit: Int { 512 }

    public func send(batch: ArraySlice<Event>) throws(BatchFailure) {
        let (delivered, failure) = state.withLock { state -> (Int, SystemError?) in
            state.encode(batch)
            let (written, failure) = write(&state)
            // Lines written whole before a failure count as delivered.
            return (state.lineEnds.prefix { $0 <= written }.count, failure)
        }
        // A `close` that came while this send held the file left the closing to it.
        if closed.load(ordering: .sequentiallyConsistent) { state.withLock { LogSink.finish(&$0) } }
        if let failure {
            throw BatchFailure(delivered: delivered, failure: .retryable(tr("cannot write '{path}': {reason}", ["path": path.display, "reason": failure.reason])))
        }
    }

    /// Writes the encoded lines in one `write`; returns how many bytes of them are in the file.
    private func write(_ state: inout State) -> (Int, SystemError?) {
        do throws(SystemError) {
            try reopenIfNeeded(&state)
        } catch {
            LogSink.closeFile(&state)
            return (0, error)
        }
        let sizeBefore = FileSystem.size(of: state.descriptor)
        let attempt = FileSystem.writePrefix(state.descriptor, state.lines.bytes, path: path.value)
        let (written, failure) = (attempt.written, attempt.failure)
        if failure == nil {
            do throws(SystemError) {
                try syncIfDue(&state)
                return (written, nil)
            } catch {
                LogSink.closeFile(&state)
                return (written, error)
            }
        }
        // Never leave half a line: cut the file back to the last whole one written.
        let whole = state.lineEnds.last { $0 <= written } ?? 0
        if written > whole, let sizeBefore {
            FileSystem.truncate(state.descriptor, to: sizeBefore + UInt64(whole))
        }
        LogSink.closeFile(&state)
        return (whole, failure)
    }

    /// Closes the file — at once, even while a send is under way (the shutdown closes a
    /// sink whose send runs past the deadline): that send closes it when it ends, and
    /// kiosk does not wait for it.
    public func close(by deadline: ContinuousClock.Instant) {
        closed.store(true, ordering: .sequentiallyConsistent)
        _ = state.withLockIfAvailable { LogSink.finish(&$0) }
    }

    // MARK: Files

    /// Opens the path again after a SIGHUP or SIGUSR1, or when it no longer names the open file.
    private func reopenIfNeeded(_ state: inout State) throws(SystemError) {
        let reopens = Signals.reopenCount
        let named = try? FileSystem.status(of: path.value)
        let moved = named.map { $0.device != state.device || $0.inode != state.inode } ?? true
        guard state.descriptor < 0 || moved || reopens != state.reopensSeen else { return }
        if state.unsynced, state.descriptor >= 0 { try? FileSystem.synchronize(state.descriptor) }
        LogSink.closeFile(&state)
        state.reopensSeen = reopens
        try LogSink.open(path.value, into: &state)
    }

    private static func open(_ path: String, into state: inout State) throws(SystemError) {
        let descriptor = try FileSystem.openRegularFileForAppending(path)
        let opened = try? FileSystem.status(ofDescriptor: descriptor)
        state.descriptor = descriptor
        state.device = opened?.device ?? 0
        state.inode = opened?.inode ?? 0
    }

    /// Forces what `sync interval` left unsynced to the disk, and closes the file.
    private static func finish(_ state: inout State) {
        if state.unsynced { try? FileSystem.synchronize(state.descriptor) }
        closeFile(&state)
    }

    private static func closeFile(_ state: inout State) {
        FileSystem.close(state.descriptor)
        state.descriptor = -1
        state.unsynced = false
    }

    private func syncIfDue(_ state: inout State) throws(SystemError) {
        switch sync {
        case .never:
            return
        case .always:
            try FileSystem.synchronize(state.descriptor, path: path.value)
        case .interval(let interval):
            state.unsynced = true
            let now = ContinuousClock.now
            guard now - state.lastSync >= interval else { return }
            try FileSystem.synchronize(state.descriptor, path: path.value)
            state.lastSync = now
            state.unsynced = false
        }
    }
}
