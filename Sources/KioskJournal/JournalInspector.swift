import KioskCore
import KioskRecords
import KioskSystem
import KioskText

/// `kiosk state verify|dump|compact`: reads a state directory the way `git fsck` and
/// `sqlite3 .dump` read theirs, while another kiosk may be using it.
///
/// Reading takes no lock; only where the journal seems to end in bad bytes does it wait
/// for the shared lock and look again, so a commit in progress is never taken for damage.
/// Each reads with the `RecordFormat` of the kiosk whose state it is (`.kiosk`).
public enum JournalInspector {
    /// The segments' bytes on disk before and after a compaction.
    public struct Compaction: Sendable, Equatable {
        public let before: UInt64
        public let after: UInt64
    }

    /// What a walk over the whole state found.
    public struct Summary: Sendable {
        /// A segment file and its size on disk.
        public struct Segment: Sendable, Equatable {
            public let name: String
            public let bytes: UInt64
        }

        /// The newest snapshot: its file, and where and at which seq it stands.
        public struct Snapshot: Sendable, Equatable {
            public let name: String
            public let position: UInt64
            public let sequence: UInt64
        }

        public var segments: [Segment] = []
        public var snapshot: Snapshot?
        public var records = 0
        public var events = 0
        public var firstPosition: UInt64 = 0
        public var endPosition: UInt64 = 0
        public var firstSequence: UInt64?
        public var lastSequence: UInt64?
        /// Bytes of a commit a crash cut short: the next start cuts them back.
        public var tornBytes: UInt64?
        public var cursors: [Cursor] = []
        /// What the layers above the domain fold of the whole journal's facts (the events
        /// sinks gave up on, by sink, among them).
        public var facts = FactFolds()
    }

    /// One sink's cursor and how far behind the end it is.
    public struct Cursor: Sendable {
        public let sink: String
        public let file: String
        public let mark: CursorFile.Mark?
        /// When a process last took the sink's delivery (the kiosk's clock).
        public let seen: Timestamp
        /// Events after the mark: what the sink has yet to deliver (of every type).
        public var behind = 0
        /// Whether a process delivers for the sink now.
        public var held: Bool { CursorFile.isHeld(file) }
        /// When a compaction forgets the cursor if no process takes the sink before.
        public var expires: Timestamp { seen.adding(milliseconds: CursorFile.retentionMilliseconds) }
    }

    /// Checks every snapshot and record.
    ///
    /// - Throws: `JournalError.corrupt` with the file and offset of the first damage.
    public static func verify(_ directory: StateDirectory, format: RecordFormat) throws(JournalError) -> Summary {
        try walk(directory, format: format) { _, _ in }
    }

    /// The sinks the state keeps a cursor for — also those no run has configured for a
    /// while — each with how many events wait for it.
    public static func sinks(_ directory: StateDirectory, format: RecordFormat) throws(JournalError) -> [Cursor] {
        try walk(directory, format: format) { _, _ in }.cursors
    }

    /// Forgets the sink named `sink`: its cursor goes, and with it the events it had not
    /// delivered, which the next compaction may remove. Returns the cursor as it was.
    ///
    /// - Throws: `unknownSink` when the state keeps no cursor of that name, `sinkInUse` while
    ///   a process delivers for it.
    public static func forget(_ directory: StateDirectory, sink: String, format: RecordFormat) throws(JournalError) -> Cursor {
        let cursors = try sinks(directory, format: format)
        guard let cursor = cursors.first(where: { $0.sink == sink }) else {
            throw .unknownSink(path: directory.path, sink: sink, suggestion: Suggestions.closest(to: sink, among: cursors.map(\.sink)))
        }
        guard CursorFile.remove(cursor.file) else { throw .sinkInUse(path: directory.path, sink: sink) }
        return cursor
    }

    /// Writes the newest snapshot (if any) and then every record as one JSON object per
    /// line.
    public static func dump(_ directory: StateDirectory, format: RecordFormat, to write: ([UInt8]) -> Void) throws(JournalError) -> Summary {
        try walk(directory, format: format, snapshot: { snapshot in write(DumpFormat.line(for: snapshot, format: format)) }) { position, record in
            write(DumpFormat.line(for: record, at: position))
        }
    }

    /// Folds the state into a new snapshot at its end and removes what no reader needs.
    /// Returns the bytes of segments before and after.
    ///
    /// The order board is folded with its menu's stations: a state that has one needs
    /// `menu`, or nothing is changed (`boardNeedsMenu`).
    public static func compact(_ directory: StateDirectory, menu: Menu? = nil, format: RecordFormat) throws(JournalError) -> Compaction {
        try directory.checkExisting()
        let before = try segmentBytes(directory)
        let opened = try Journal.open(directory, options: Journal.Options(durability: .synchronized, format: format))
        if menu == nil, hasBoard(opened) { throw .boardNeedsMenu(path: directory.path) }
        let ids = UUIDv7Generator(seed: 0)
        var kiosk = Kiosk(menu: menu ?? Menu(trusting: "", ingredients: [], items: []), ids: ids)
        var facts = opened.snapshot?.facts ?? format.emptyFolds
        if let snapshot = opened.snapshot { kiosk = kiosk.reloaded(from: snapshot.kiosk) }
        for record in opened.records {
            kiosk.apply(record)
            facts.apply(record)
        }
        let position = opened.journal.endPosition
        // The kiosk's clock, as far as the state tells it: the time of its last record.
        try opened.journal.writeSnapshot(
            JournalSnapshot(position: position, kiosk: kiosk.snapshot, facts: facts),
            now: opened.records.last?.time
        )
        return Compaction(before: before, after: try segmentBytes(directory))
    }

    /// Whether the state has an order board: stations in its snapshot, or tickets in the
    /// records after it.
    private static func hasBoard(_ opened: Journal.Opened) -> Bool {
        if opened.snapshot?.kiosk.board?.stations.isEmpty == false { return true }
        return opened.records.contains { record in
            record.events.contains { event in
                switch event.payload {
                case .orderSucceeded(let made): made.ticket != nil
                case .ticketStarted, .ticketReady, .ticketPickedUp, .ticketCancelled, .ticketRecalled, .ticketLate: true
                default: false
                }
            }
        }
    }

    private static func segmentBytes(_ directory: StateDirectory) throws(JournalError) -> UInt64 {
        try directory.list().segments.reduce(0) { sum, base in
            sum + ((try? FileSystem.status(of: directory.segmentPath(base: base)).size) ?? 0)
        }
    }

    // MARK: Walking

    private static func walk(
        _ directory: StateDirectory, format: RecordFormat, snapshot onSnapshot: (JournalSnapshot) -> Void = { _ in },
        record onRecord: (UInt64, JournalRecord) -> Void
    ) throws(JournalError) -> Summary {
        try directory.checkExisting()
        let listing = try directory.list()
        var summary = Summary()
        for base in listing.segments {
            let path = directory.segmentPath(base: base)
            summary.segments.append(Summary.Segment(name: StateDirectory.name(base) + ".journal", bytes: (try? FileSystem.status(of: path).size) ?? 0))
        }
        var newest: JournalSnapshot?
        for position in listing.snapshots {
            newest = try Snapshots.load(directory.snapshotPath(position: position), format: format)
        }
        if let newest {
            summary.snapshot = Summary.Snapshot(name: StateDirectory.name(newest.position) + ".snapshot", position: newest.position, sequence: newest.kiosk.sequence)
            onSnapshot(newest)
        }
        summary.cursors = CursorFile.all(in: directory).map { Cursor(sink: $0.sink, file: $0.file, mark: $0.mark, seen: $0.seen) }
        let start = listing.segments.first ?? newest?.position ?? 0
        summary.firstPosition = start
        let scanner = JournalScanner(directory: directory, segments: listing.segments, from: start)
        var facts = newest?.facts ?? format.emptyFolds
        var decoder = RecordDecoder(format: format)
        var lockedLook = false
        while true {
            switch try scanner.next() {
            case .record(let location):
                let decoded = scanner.withBody { body in Result { () throws(RecordDecodingError) in try decoder.decode(body) } }
                guard case .success(let record) = decoded else {
                    throw .corrupt(file: scanner.currentSegment?.path ?? directory.path, offset: location.position - (scanner.currentSegment?.base ?? 0), problem: tr("a record kiosk cannot read"))
                }
                try checkChain(record, at: location, snapshot: newest, summary: summary, scanner: scanner)
                count(record, at: location.position, into: &summary)
                if newest.map({ location.position >= $0.position }) ?? true { facts.apply(record) }
                onRecord(location.position, record)
                scanner.advance()
            case .end:
                try checkReached(newest, end: scanner.position, in: directory)
                summary.endPosition = scanner.position
                summary.facts = facts
                return summary
            case .gap(let position, let next):
                throw Journal.gapError(scanner, at: position, nextSegment: next)
            case .damaged(let position, let problem):
                if !lockedLook, let lock = try? SystemFile.open(directory.lockPath, .readWriteCreate(permissions: 0o600)) {
                    // A commit may be in progress: look again once it is done.
                    lockedLook = true
                    try? lock.lock(.shared)
                    lock.unlock()
                    scanner.seek(to: position)
                    continue
                }
                summary.endPosition = position
                summary.tornBytes = try inspect(scanner, at: position, problem: problem, in: directory)
                try checkReached(newest, end: position, in: directory)
                summary.facts = facts
                return summary
            }
        }
    }

    /// A journal is one chain: every event's `seq` above the one before it (and above the
    /// snapshot's, after it), and the newest snapshot at the boundary of two records. A
    /// `seq` met twice, or a snapshot inside a record, means two processes wrote two
    /// different journals into one directory.
    private static func checkChain(
        _ record: JournalRecord, at location: JournalScanner.Location, snapshot: JournalSnapshot?, summary: Summary, scanner: JournalScanner
    ) throws(JournalError) {
        let (path, base) = scanner.currentSegment ?? (scanner.directory.path, 0)
        if let snapshot, location.position < snapshot.position, snapshot.position < location.end {
            throw .corrupt(file: path, offset: location.position - base, problem: tr("the snapshot at byte {position} of the journal falls inside this record", ["position": snapshot.position]))
        }
        var last = summary.lastSequence
        if let snapshot, location.position >= snapshot.position { last = max(last ?? 0, snapshot.kiosk.sequence) }
        for case .event(let event) in record.entries {
            if let last, event.sequence <= last {
                throw .corrupt(
                    file: path, offset: location.position - base,
                    problem: tr("an event with seq {seq} after seq {last}: two processes wrote the same part of the journal", ["seq": event.sequence, "last": last])
                )
            }
            last = event.sequence
        }
    }

    /// The records must reach the newest snapshot: a snapshot past the end holds records
    /// the segments no longer have.
    private static func checkReached(_ snapshot: JournalSnapshot?, end: UInt64, in directory: StateDirectory) throws(JournalError) {
        guard let snapshot, snapshot.position > end else { return }
        throw .corrupt(
            file: directory.snapshotPath(position: snapshot.position), offset: 0,
            problem: tr("the records end at byte {end} of the journal, before this snapshot's position", ["end": end])
        )
    }

    private static func count(_ record: JournalRecord, at position: UInt64, into summary: inout Summary) {
        summary.records += 1
        for case .event(let event) in record.entries {
            summary.events += 1
            if summary.firstSequence == nil { summary.firstSequence = event.sequence }
            summary.lastSequence = event.sequence
            for index in summary.cursors.indices where summary.cursors[index].mark.map({ position >= $0.position }) ?? false {
                summary.cursors[index].behind += 1
            }
        }
    }

    /// Bad bytes at the end: a torn tail (its size) or corruption (thrown).
    static func inspect(_ scanner: JournalScanner, at position: UInt64, problem: String, in directory: StateDirectory) throws(JournalError) -> UInt64 {
        guard let (path, base) = scanner.currentSegment else { return 0 }
        let file: SystemFile
        do {
            file = try SystemFile.open(path, .readOnly)
        } catch {
            throw .system(error)
        }
        let segments = try directory.list().segments
        switch try TailInspection.inspect(segment: file, base: base, position: position, isLastSegment: segments.last == base, problem: problem) {
        case .torn(let bytes): return bytes
        case .corrupt(let problem): throw .corrupt(file: path, offset: position - base, problem: problem)
        }
    }
}
