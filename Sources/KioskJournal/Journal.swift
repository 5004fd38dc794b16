import KioskCore
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

        /// The interval of a journal that takes no snapshots.
        public static let noSnapshots = UInt64.max

        public init(durability: Durability, segmentLimit: UInt64 = 64 << 20, allocationChunk: Int = 1 << 20, snapshotInterval: UInt64 = 1 << 20) {
            self.durability = durability
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
    private let lockFile: SystemFile
    /// Held from `begin` to `commit`: one transaction at a time in this process.
    private let transaction = Condition()
    private let committedEnd = Atomic<UInt64>(0)
    private let news = Condition()
    /// Whether a snapshot is being written in the background; `snapshots` is signalled when
    /// it is done.
    private let snapshotInFlight = Atomic(false)
    private let snapshots = Condition()

    // Guarded by `transaction`.
    private var end: UInt64
    private var writer: SystemFile?
    private var writerBase: UInt64 = 0
    private var allocatedEnd: UInt64 = 0
    // Appended to once per command on the order path, never passed to code that reaches it
    // again: no dynamic exclusivity check. Room for a batch's group of usual orders from the
    // start: grown by doubling instead, it faulted in twice the pages and copied each half.
    @exclusivity(unchecked) private var pending = ByteWriter(capacity: 2 << 20)
    /// The parts the records repeat, as bytes: used on the order path, like `pending`.
    @exclusivity(unchecked) private var memo = RecordMemo()
    private var groupStart: UInt64 = 0
    private var fold: JournalScanner
    private var endFinder: JournalScanner
    private var lastSnapshot: UInt64
    /// Bytes a failed write left past `end` that could not be zeroed then: zeroed before
    /// anything else is written, so no reader ever joins them to a later record.
    private var stain: (file: SystemFile, base: UInt64, position: UInt64, count: Int)?
    public private(set) var repairs: [Repair] = []

    private init(directory: StateDirectory, options: Options, lockFile: SystemFile, end: UInt64, segments: [UInt64], lastSnapshot: UInt64) {
        self.directory = directory
        self.options = options
        self.lockFile = lockFile
        self.end = end
        self.lastSnapshot = lastSnapshot
        fold = JournalScanner(directory: directory, segments: segments, from: end, chunk: 16 << 10)
        endFinder = JournalScanner(directory: directory, segments: segments, from: end, chunk: 16 << 10)
        committedEnd.store(end, ordering: .releasing)
    }

    // MARK: Opening

    /// What start-up found: the newest snapshot, the records after it, and any torn tail
    /// that was cut back.
    public struct Opened: Sendable {
        public let journal: Journal
        public let snapshot: JournalSnapshot?
        public let records: [JournalRecord]
        public let repairs: [Repair]
    }

    /// Opens (creating when missing) the state directory and reads it: the newest
    /// snapshot and every record after it.
    ///
    /// - Throws: `JournalError.corrupt` or `.corruptSnapshot` for damage before the end of
    ///   the journal — and then nothing on disk was changed.
    public static func open(_ directory: StateDirectory, options: Options) throws(JournalError) -> Opened {
        try directory.prepare()
        let lockFile: SystemFile
        do {
            lockFile = try SystemFile.open(directory.lockPath, .readWriteCreate(permissions: 0o600))
            try lockFile.lock(.exclusive)
        } catch {
            throw .system(error)
        }
        defer { lockFile.unlock() }
        try directory.settleFormat()
        let listing = try directory.list()
        let snapshot = try listing.snapshots.last.map { position throws(JournalError) in
            try Snapshots.load(directory.snapshotPath(position: position))
        }
        let start = snapshot?.position ?? listing.segments.first ?? 0
        if snapshot == nil, let first = listing.segments.first, first != 0 {
            throw .corrupt(file: directory.segmentPath(base: first), offset: 0, problem: "the segments before it are missing and there is no snapshot")
        }
        if let snapshot, !listing.segments.isEmpty, !listing.segments.contains(where: { $0 <= snapshot.position }) {
            throw .corrupt(file: directory.snapshotPath(position: snapshot.position), offset: 0, problem: "the segment holding the records after it is missing")
        }
        let scanner = JournalScanner(directory: directory, segments: listing.segments, from: start)
        var records: [JournalRecord] = []
        var repairs: [Repair] = []
        try readAll(scanner, into: &records, repairs: &repairs, segments: listing.segments)
        let journal = Journal(
            directory: directory, options: options, lockFile: lockFile, end: scanner.position,
            segments: listing.segments, lastSnapshot: snapshot?.position ?? 0
        )
        journal.repairs = repairs
        directory.removeAbandonedFiles(listing.temporary)
        return Opened(journal: journal, snapshot: snapshot, records: records, repairs: repairs)
    }

    /// Reads and decodes every record the scanner meets; cuts a torn tail back.
    private static func readAll(_ scanner: JournalScanner, into records: inout [JournalRecord], repairs: inout [Repair], segments: [UInt64]) throws(JournalError) {
        var decoder = RecordDecoder()
        while true {
            switch try scanner.next() {
            case .record(let location):
                let record = scanner.withBody { body in
                    Result { () throws(RecordDecodingError) in try decoder.decode(body) }
                }
                switch record {
                case .success(let record): records.append(record)
                case .failure(let error):
                    let file = scanner.currentSegment?.path ?? scanner.directory.path
                    throw .corrupt(file: file, offset: location.position - (scanner.currentSegment?.base ?? 0), problem: "a record kiosk cannot read: \(error.message)")
                }
                scanner.advance()
            case .end:
                return
            case .damaged(let position, let problem):
                if let repair = try repairTail(scanner, at: position, problem: problem) { repairs.append(repair) }
                return
            }
        }
    }

    /// Cuts back the torn tail at `position`, or throws when the damage is corruption.
    private static func repairTail(_ scanner: JournalScanner, at position: UInt64, problem: String) throws(JournalError) -> Repair? {
        guard let (path, base) = scanner.currentSegment else { return nil }
        let segments = try scanner.directory.list().segments
        let file: SystemFile
        do {
            file = try SystemFile.open(path, .readWrite)
        } catch {
            throw .system(error)
        }
        let verdict = try TailInspection.inspect(
            segment: file, base: base, position: position, isLastSegment: segments.last == base, problem: problem
        )
        switch verdict {
        case .corrupt(let problem):
            throw .corrupt(file: path, offset: position - base, problem: problem)
        case .torn(let bytes):
            do {
                try file.writeZeros(count: Int(bytes), at: position - base)
                try file.synchronizeData()
            } catch {
                throw .system(error)
            }
            return Repair(file: path, offset: position - base, bytes: bytes)
        }
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
        guard facts.isEmpty else { return appendInGeneral(time: time, source: source, facts: facts, events: events) }
        append(time: time, source: source, events: events)
    }

    /// Adds a record of `events` to the commit in progress: the order path. A record of
    /// one `order.succeeded`, nearly every command's, is written in one piece with the parts
    /// it repeats copied from the memo.
    public func append(time: Timestamp, source: String, events: [Event]) {
        if source != memo.source { memo.learn(source: source) }
        if RecordFrame.appendUsualOrder(groupStart: groupStart, to: &pending, time: time, events: events, memo: &memo) { return }
        appendInGeneral(time: time, source: source, facts: [], events: events)
    }

    private func appendInGeneral(time: Timestamp, source: String, facts: [JournalEntry], events: [Event]) {
        RecordFrame.append(groupStart: groupStart, to: &pending) {
            RecordCodec.encode(time: time, source: source, facts: facts, events: events, into: &$0)
        }
        memo.learnIfMissed(from: events)
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
        transaction.lock()
        defer { transaction.unlock() }
        do {
            try lockFile.lock(.exclusive)
        } catch {
            throw .system(error)
        }
        defer { lockFile.unlock() }
        try findEnd()
        var frame = ByteWriter()
        RecordFrame.append(groupStart: end, to: &frame) { RecordCodec.encode(record, into: &$0) }
        try frame.withUnsafeBytes { bytes in Result { () throws(JournalError) in try write(bytes) } }.get()
        end += UInt64(frame.count)
        endFinder.seek(to: end, segment: writerBase)
        publish(end)
    }

    // MARK: Catching up

    private func catchUp() throws(JournalError) -> CatchUp {
        var records: [JournalRecord] = []
        var decoder = RecordDecoder()
        if try !fold.hasSegment(for: fold.position), let reload = try reloadFromSnapshot() {
            return reload
        }
        while true {
            switch try fold.next() {
            case .record(let location):
                let decoded = fold.withBody { body in
                    Result { () throws(RecordDecodingError) in try decoder.decode(body) }
                }
                guard case .success(let record) = decoded else {
                    throw .corrupt(file: fold.currentSegment?.path ?? directory.path, offset: location.position - (fold.currentSegment?.base ?? 0), problem: "a record kiosk cannot read")
                }
                records.append(record)
                fold.advance()
            case .end:
                try settleEnd(at: fold.position, readBy: fold)
                return .records(records)
            case .damaged(let position, let problem):
                if let repair = try Journal.repairTail(fold, at: position, problem: problem) { repairs.append(repair) }
                try settleEnd(at: position, readBy: fold)
                return .records(records)
            }
        }
    }

    /// The session's records were compacted away: the newest snapshot and what follows it.
    private func reloadFromSnapshot() throws(JournalError) -> CatchUp? {
        let listing = try directory.list()
        guard let position = listing.snapshots.last else { return nil }
        let snapshot = try Snapshots.load(directory.snapshotPath(position: position))
        let scanner = JournalScanner(directory: directory, segments: listing.segments, from: snapshot.position)
        var records: [JournalRecord] = []
        var repairs: [Repair] = []
        try Journal.readAll(scanner, into: &records, repairs: &repairs, segments: listing.segments)
        self.repairs += repairs
        fold = scanner
        try settleEnd(at: scanner.position, readBy: scanner)
        return .reload(snapshot, records)
    }

    /// Finds the end of the journal from what this process knew, without decoding.
    private func findEnd() throws(JournalError) {
        while true {
            switch try endFinder.next() {
            case .record:
                endFinder.advance()
            case .end:
                try settleEnd(at: endFinder.position, readBy: endFinder)
                return
            case .damaged(let position, let problem):
                if let repair = try Journal.repairTail(endFinder, at: position, problem: problem) { repairs.append(repair) }
                try settleEnd(at: position, readBy: endFinder)
                return
            }
        }
    }

    /// Records that the journal ends at `position`, where `scanner` found the end, and
    /// writes into its last segment.
    private func settleEnd(at position: UInt64, readBy scanner: JournalScanner) throws(JournalError) {
        end = position
        endFinder.seek(to: position)
        // Still in the segment being written, which nobody rolled over: nothing to look up.
        // The scanner says which segment the end is in: another process may have rolled
        // over to a new one, and the end is there even where it is torn.
        if writer != nil, position >= writerBase, (scanner.currentSegment?.base ?? writerBase) == writerBase {
            publish(position)
            return
        }
        let segments = try directory.list().segments
        if let last = segments.last(where: { $0 <= position }), writer == nil || last != writerBase {
            do {
                let file = try SystemFile.open(directory.segmentPath(base: last), .readWrite)
                writer = file
                writerBase = last
                allocatedEnd = last + (try file.size)
            } catch {
                throw .system(error)
            }
        }
        publish(position)
    }

    // MARK: Writing

    private func write(_ bytes: UnsafeRawBufferPointer) throws(JournalError) {
        try removeStain()
        let file = try segmentFor(bytes.count)
        // The records' own flush makes the new zeros and size durable with them: one
        // `fdatasync`, not two, for the commit that grows the segment.
        try allocate(through: end + UInt64(bytes.count), in: file, synchronize: false)
        var written = 0
        do {
            try file.write(bytes, at: end - writerBase, written: &written)
            if options.durability == .synchronized { try file.synchronizeData() }
        } catch {
            unwrite(written, in: file)
            throw .system(error)
        }
    }

    /// A write that failed may have left part of itself: zero exactly the bytes it wrote —
    /// the rest may lie past a file-size limit or a full disk, where zeros fail too — so no
    /// one reads a commit that did not happen. Where even that fails, the bytes are a stain
    /// the next write removes first: an error now never stops the commits that follow
    /// once space returns.
    private func unwrite(_ count: Int, in file: SystemFile) {
        guard count > 0 else { return }
        stain = (file, writerBase, end, count)
        try? removeStain()
    }

    private func removeStain() throws(JournalError) {
        guard let (file, base, position, count) = stain else { return }
        // Another process that met the stain cut it back as a torn tail and wrote on: the
        // bytes there are its records now.
        guard position >= end else {
            stain = nil
            return
        }
        do {
            try file.writeZeros(count: count, at: position - base)
            if options.durability == .synchronized { try file.synchronizeData() }
        } catch {
            throw .system(error)
        }
        stain = nil
    }

    /// The segment to write `count` bytes into: the current one, or a new one once the
    /// current one is full (or none exists yet).
    private func segmentFor(_ count: Int) throws(JournalError) -> SystemFile {
        if let writer, end - writerBase < options.segmentLimit || end == writerBase { return writer }
        let path = directory.segmentPath(base: end)
        let file: SystemFile
        do {
            file = try SystemFile.open(path, .createNew(permissions: 0o600))
        } catch {
            throw .system(error)
        }
        let previous = (writer, writerBase, allocatedEnd)
        writerBase = end
        allocatedEnd = end
        do throws(JournalError) {
            try allocate(through: end + UInt64(count), in: file)
            // The new name survives power loss only once the directory is flushed; a journal
            // that is never flushed (`.written`) does not promise that of its records either.
            if options.durability == .synchronized {
                do {
                    try FileSystem.synchronizeDirectory(directory.path)
                } catch {
                    throw JournalError.system(error)
                }
            }
        } catch {
            // Not started: the next commit tries again from scratch.
            try? FileSystem.removeFile(path)
            (writer, writerBase, allocatedEnd) = previous
            throw error
        }
        // Give back the old segment's unused zeros; readers find its end either way.
        if let old = previous.0 { try? old.truncate(to: end - previous.1) }
        writer = file
        return file
    }

    /// Zero-fills the segment through `position` (a chunk at a time) and, unless the caller
    /// flushes next, syncs the new size. Without flushes (`.written`) the space is only
    /// allocated: writing zeros serves the flush of the records that follow, and there is none.
    private func allocate(through position: UInt64, in file: SystemFile, synchronize: Bool = true) throws(JournalError) {
        guard position > allocatedEnd else { return }
        // Another process may have grown the segment since this one looked, and committed
        // records there: zeros go only past the file's real end, never over them.
        do {
            allocatedEnd = max(allocatedEnd, writerBase + (try file.size))
        } catch {
            throw .system(error)
        }
        guard position > allocatedEnd else { return }
        let chunk = UInt64(options.allocationChunk)
        let target = ((position - writerBase + chunk - 1) / chunk) * chunk + writerBase
        do {
            if options.durability == .synchronized {
                try file.writeZeros(count: Int(target - allocatedEnd), at: allocatedEnd - writerBase)
            } else {
                try file.allocate(count: Int(target - allocatedEnd), at: allocatedEnd - writerBase)
            }
            if synchronize, options.durability == .synchronized { try file.synchronizeData() }
            allocatedEnd = target
        } catch {
            allocatedEnd = writerBase + ((try? file.size) ?? (allocatedEnd - writerBase))
            throw .system(error)
        }
    }

    // MARK: News for readers

    private func publish(_ position: UInt64) {
        var current = committedEnd.load(ordering: .acquiring)
        while position > current {
            let (exchanged, original) = committedEnd.compareExchange(expected: current, desired: position, ordering: .acquiringAndReleasing)
            if exchanged { break }
            current = original
        }
        news.withLock { news.broadcast() }
    }

    /// Waits until the journal's end passes `position`, `wakeReaders` is called, or
    /// `deadline` comes. Returns the end.
    public func waitForNews(after position: UInt64, until deadline: ContinuousClock.Instant) -> UInt64 {
        news.withLock {
            if committedEnd.load(ordering: .acquiring) <= position { _ = news.wait(until: deadline) }
        }
        return committedEnd.load(ordering: .acquiring)
    }

    /// Wakes every reader waiting for news: a sink that is told to stop.
    public func wakeReaders() {
        news.withLock { news.broadcast() }
    }

    /// Looks for records other processes appended while this one was idle, under a shared
    /// lock so a commit in progress is never read half done. Returns the end.
    @discardableResult
    public func refresh() -> UInt64 {
        transaction.lock()
        defer { transaction.unlock() }
        guard (try? lockFile.tryLock(.shared)) == true else { return endPosition }
        defer { lockFile.unlock() }
        while true {
            guard let step = try? endFinder.next() else { break }
            guard case .record = step else { break }
            endFinder.advance()
        }
        if endFinder.position > end {
            end = endFinder.position
            publish(end)
        }
        return endPosition
    }

    // MARK: Snapshots and compaction

    /// Whether enough was appended since the last snapshot to write another (and none is
    /// being written).
    public var wantsSnapshot: Bool {
        !snapshotInFlight.load(ordering: .acquiring) && transaction.withLock { end - lastSnapshot >= options.snapshotInterval && end > 0 }
    }

    /// The position up to which the session has folded the journal (its last commit or
    /// catch-up): where a snapshot of the session's state belongs.
    public var foldPosition: UInt64 {
        transaction.withLock { fold.position }
    }

    /// Whether the records after the last snapshot are more than a start-up should read:
    /// a clean exit then writes one, so the next start is short.
    public var wantsSnapshotAtExit: Bool {
        options.snapshotInterval != Options.noSnapshots
            && transaction.withLock { fold.position > lastSnapshot && fold.position - lastSnapshot >= 16 << 10 }
    }

    /// Writes a snapshot of the fold at its position, then deletes what no reader needs:
    /// older snapshots, and segments wholly before both it and every sink's cursor.
    public func writeSnapshot(_ snapshot: JournalSnapshot) throws(JournalError) {
        try Snapshots.write(snapshot, in: directory)
        transaction.withLock { lastSnapshot = max(lastSnapshot, snapshot.position) }
        try compact(keeping: snapshot.position)
    }

    /// Writes a snapshot as `writeSnapshot` does, on a thread of its own: the order path
    /// goes on meanwhile, instead of waiting for the snapshot's `fsync`s and the compaction.
    /// A snapshot only speeds up the next start, so a failure loses nothing. One at a time:
    /// while one is being written, another is not started (and `wantsSnapshot` says no).
    public func writeSnapshotInBackground(_ snapshot: JournalSnapshot) {
        guard snapshotInFlight.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        WorkerThread.start(name: "kiosk-snapshot", background: true) { [self] in
            try? writeSnapshot(snapshot)
            snapshots.withLock {
                snapshotInFlight.store(false, ordering: .releasing)
                snapshots.broadcast()
            }
        }
    }

    /// Waits until the snapshot being written in the background, if any, is done. Not with
    /// a transaction open: the snapshot's compaction waits for it.
    public func finishSnapshots() {
        snapshots.withLock {
            while snapshotInFlight.load(ordering: .acquiring) { snapshots.wait() }
        }
    }

    /// Deletes segments and snapshots that neither the newest snapshot nor any cursor needs.
    public func compact(keeping position: UInt64) throws(JournalError) {
        transaction.lock()
        defer { transaction.unlock() }
        do {
            try lockFile.lock(.exclusive)
        } catch {
            throw .system(error)
        }
        defer { lockFile.unlock() }
        let listing = try directory.list()
        let needed = min(position, CursorFile.minimumPosition(in: directory) ?? position)
        for snapshot in listing.snapshots where snapshot < position {
            try? FileSystem.removeFile(directory.snapshotPath(position: snapshot))
        }
        // A segment is needed if the next one starts after `needed`.
        for (index, base) in listing.segments.enumerated() where index + 1 < listing.segments.count {
            guard listing.segments[index + 1] <= needed, base != writerBase else { continue }
            try? FileSystem.removeFile(directory.segmentPath(base: base))
        }
    }
}
