import KioskCore
import KioskRecords
import KioskSystem
import Synchronization
import KioskText

// Opening a state directory: reading it through, cutting a torn tail back.
extension Journal {
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
            try Snapshots.load(directory.snapshotPath(position: position), format: options.format)
        }
        let start = snapshot?.position ?? listing.segments.first ?? 0
        if snapshot == nil, let first = listing.segments.first, first != 0 {
            throw .corrupt(file: directory.segmentPath(base: first), offset: 0, problem: tr("the segments before it are missing and there is no snapshot"))
        }
        if let snapshot, !listing.segments.isEmpty, !listing.segments.contains(where: { $0 <= snapshot.position }) {
            throw .corrupt(file: directory.snapshotPath(position: snapshot.position), offset: 0, problem: tr("the segment holding the records after it is missing"))
        }
        let scanner = JournalScanner(directory: directory, segments: listing.segments, from: start)
        var records: [JournalRecord] = []
        var repairs: [Repair] = []
        try readAll(scanner, format: options.format, into: &records, repairs: &repairs, segments: listing.segments)
        let journal = Journal(
            directory: directory, options: options, lockFile: lockFile, end: scanner.position,
            segments: listing.segments, lastSnapshot: snapshot?.position ?? 0
        )
        journal.repairs = repairs
        directory.removeAbandonedFiles(listing.temporary)
        return Opened(journal: journal, snapshot: snapshot, records: records, repairs: repairs)
    }

    /// Reads and decodes every record the scanner meets; cuts a torn tail back.
    static func readAll(
        _ scanner: JournalScanner, format: RecordFormat, into records: inout [JournalRecord], repairs: inout [Repair], segments: [UInt64]
    ) throws(JournalError) {
        var decoder = RecordDecoder(format: format)
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
                    throw .corrupt(file: file, offset: location.position - (scanner.currentSegment?.base ?? 0), problem: tr("a record kiosk cannot read: {reason}", ["reason": error.message]))
                }
                scanner.advance()
            case .end:
                return
            case .damaged(let position, let problem):
                if let repair = try repairTail(scanner, at: position, problem: problem) { repairs.append(repair) }
                return
            case .gap(let position, let next):
                throw gapError(scanner, at: position, nextSegment: next)
            }
        }
    }

    /// Cuts back the torn tail at `position`, or throws when the damage is corruption.
    static func repairTail(_ scanner: JournalScanner, at position: UInt64, problem: String) throws(JournalError) -> Repair? {
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
}
