import KioskCore
import KioskRecords
import KioskSystem
import Synchronization

/// The append-only journal of a state directory: the kiosk's state and the place where
/// events wait for their sinks.
///
/// One process at a time decides and appends: `begin` takes an exclusive `flock` and
/// returns what other processes appended since this one last looked, so each command
/// decides on the current state; `commit` writes the commands' records with one `pwrite`,
/// makes them durable with one `fdatasync` (group commit) and releases the lock. A process
/// that dies holding the lock releases it with its death.
///
/// Segments are preallocated with zeros a megabyte at a time, so most commits' `fdatasync`
/// writes data only (the commit that grows the segment flushes the new size with its
/// records), and a full disk is met while preallocating — before any record is written —
/// never halfway through one. A journal that is never flushed (`.written`) has its space
/// allocated instead of written: it reads as zeros all the same.
///
/// This file holds the state and the transactions; opening, catching up, writing the
/// segments, news for readers and snapshots each have a `Journal+…` file of their own.
public final class Journal: @unchecked Sendable {
    /// When a commit counts as done.
    public enum Durability: Sendable, Equatable {
        /// On the disk (`fdatasync`): survives power loss. For `--state`.
        case synchronized
        /// In the file (the kernel's cache): survives the process being killed. For the
        /// private journal where events wait without `--state`.
        case written
    }

    public struct Options: Sendable {
        public var durability: Durability
        /// A new segment starts once the current one holds this many bytes.
        public var segmentLimit: UInt64
        /// Zeros written ahead of the records, at a time.
        public var allocationChunk: Int
        /// A snapshot is offered after this many journal bytes since the last one;
        /// `noSnapshots` offers none, not even at exit.
        public var snapshotInterval: UInt64

        /// The kinds of fact its records and snapshots hold beyond the domain's, as the
        /// layers above register them (`RecordFormat.kiosk` for a kiosk's state).
        public var format: RecordFormat

        /// The interval of a journal that takes no snapshots.
        public static let noSnapshots = UInt64.max

        public init(
            durability: Durability, segmentLimit: UInt64 = 64 << 20, allocationChunk: Int = 1 << 20, snapshotInterval: UInt64 = 1 << 20,
            format: RecordFormat = .domain
        ) {
            self.durability = durability
            self.format = format
            self.segmentLimit = max(segmentLimit, 4096)
            self.allocationChunk = max(allocationChunk, 4096)
            self.snapshotInterval = snapshotInterval
        }
    }

    /// A tail cut back because a crash or a full disk had cut its last commit short.
    public struct Repair: Sendable, Equatable {
        public let file: String
        public let offset: UInt64
        public let bytes: UInt64
    }

    /// What other processes (or this one's sinks) appended since the session last looked.
    public enum CatchUp: Sendable {
        /// Records to apply, in order.
        case records([JournalRecord])
        /// The session fell so far behind that the records it needs were compacted away:
        /// start again from this snapshot, then apply the records.
        case reload(JournalSnapshot, [JournalRecord])
    }

    public let directory: StateDirectory
    public let options: Options
    let lockFile: SystemFile
    /// Held from `begin` to `commit`: one transaction at a time in this process.
    let transaction = Condition()
    let committedEnd = Atomic<UInt64>(0)
    let news = Condition()
    /// Whether a snapshot is being written in the background; `snapshots` is signalled when
    /// it is done.
    let snapshotInFlight = Atomic(false)
    let snapshots = Condition()

    // Guarded by `transaction`.
    var end: UInt64
    var writer: SystemFile?
    var writerBase: UInt64 = 0
    var allocatedEnd: UInt64 = 0
    /// Whether the directory entry of the segment being written is on the disk.
    var segmentNameDurable = true
    // Appended to once per command on the order path, never passed to code that reaches it
    // again: no dynamic exclusivity check. Room for a batch's group of usual orders from the
    // start: grown by doubling instead, it faulted in twice the pages and copied each half.
    @exclusivity(unchecked) var pending = ByteWriter(capacity: 2 << 20)
    /// The parts the records repeat, as bytes: used on the order path, like `pending`.
    @exclusivity(unchecked) var repeats = RepeatedParts()
    var groupStart: UInt64 = 0
    var fold: JournalScanner
    var endFinder: JournalScanner
    var lastSnapshot: UInt64
    /// Bytes a failed write left past `end` that could not be zeroed then: zeroed before
    /// anything else is written, so no reader ever joins them to a later record.
    var stain: (file: SystemFile, base: UInt64, position: UInt64, count: Int)?
    public internal(set) var repairs: [Repair] = []

    init(directory: StateDirectory, options: Options, lockFile: SystemFile, end: UInt64, segments: [UInt64], lastSnapshot: UInt64) {
        self.directory = directory
        self.options = options
        self.lockFile = lockFile
        self.end = end
        self.lastSnapshot = lastSnapshot
        fold = JournalScanner(directory: directory, segments: segments, from: end, chunk: 16 << 10)
        endFinder = JournalScanner(directory: directory, segments: segments, from: end, chunk: 16 << 10)
        committedEnd.store(end, ordering: .releasing)
    }

    // MARK: Transactions

    /// The position after the last record of the journal, as far as this process knows.
    public var endPosition: UInt64 { committedEnd.load(ordering: .acquiring) }

    /// Takes the lock and catches up: what others appended since the session last looked.
    ///
    /// Every `begin` that returns must be followed by `commit` or `rollback`.
    public func begin() throws(JournalError) -> CatchUp {
        transaction.lock()
        do throws(JournalError) {
            do {
                try lockFile.lock(.exclusive)
            } catch {
                throw .system(error)
            }
            let caughtUp = try catchUp()
            groupStart = end
            pending.removeAll()
            return caughtUp
        } catch {
            lockFile.unlock()
            transaction.unlock()
            throw error
        }
    }

    /// Adds a record to the commit in progress.
    public func append(_ record: JournalRecord) {
        RecordFrame.append(groupStart: groupStart, to: &pending) { RecordCodec.encode(record, into: &$0) }
    }

    /// Adds a record of `facts` then `events` to the commit in progress, encoded in place.
    public func append(time: Timestamp, source: String, facts: [JournalEntry], events: [Event]) {
        RecordFrame.append(groupStart: groupStart, to: &pending) {
            RecordCodec.encode(time: time, source: source, facts: facts, events: events, into: &$0, repeating: &repeats)
        }
    }

    /// Adds a record of `events` to the commit in progress: the order path. The parts a
    /// run of orders repeats are copied from the ones the journal keeps (`RepeatedParts`).
    public func append(time: Timestamp, source: String, events: [Event]) {
        append(time: time, source: source, facts: [], events: events)
    }

    /// How many bytes the commit in progress will write.
    public var pendingBytes: Int { pending.count }

    /// Writes the records appended since `begin` and makes them as durable as the journal
    /// promises, then releases the lock. On failure nothing of them counts: the bytes are
    /// zeroed again, and the caller undoes what the commands did in memory.
    ///
    /// - Returns: the position after the commit: the session's fold is up to date there.
    @discardableResult
    public func commit() throws(JournalError) -> UInt64 {
        defer {
            lockFile.unlock()
            transaction.unlock()
        }
        guard pending.count > 0 else { return end }
        try pending.withUnsafeBytes { bytes in Result { () throws(JournalError) in try write(bytes) } }.get()
        end += UInt64(pending.count)
        fold.seek(to: end, segment: writerBase)
        endFinder.seek(to: end, segment: writerBase)
        pending.removeAll()
        publish(end)
        return end
    }

    /// Drops the records appended since `begin` and releases the lock.
    public func rollback() {
        pending.removeAll()
        lockFile.unlock()
        transaction.unlock()
    }

    /// Appends one record at once, outside any session transaction: for sinks recording
    /// what they could not deliver. The session sees it at its next `begin`.
    public func appendNow(_ record: JournalRecord) throws(JournalError) {
        try withExclusiveLock { () throws(JournalError) in
            try findEnd()
            var frame = ByteWriter()
            RecordFrame.append(groupStart: end, to: &frame) { RecordCodec.encode(record, into: &$0) }
            try frame.withUnsafeBytes { bytes in Result { () throws(JournalError) in try write(bytes) } }.get()
            end += UInt64(frame.count)
            endFinder.seek(to: end, segment: writerBase)
            publish(end)
        }
    }

    /// Runs `body` holding the transaction and the directory's exclusive lock, outside any
    /// session transaction.
    func withExclusiveLock(_ body: () throws(JournalError) -> Void) throws(JournalError) {
        transaction.lock()
        defer { transaction.unlock() }
        do {
            try lockFile.lock(.exclusive)
        } catch {
            throw .system(error)
        }
        defer { lockFile.unlock() }
        try body()
    }
}
