import KioskCore
import KioskRecords
import KioskSystem
import Synchronization
import KioskText

// Catching up with what other processes appended, and finding the end of the journal.
//
// A process that sat idle may find that a compaction — `kiosk state compact`, or another
// process's snapshot — removed the segments it was reading. The descriptor it holds still
// reads what the segment had, but that segment's end is not the journal's: the records
// after it went into segments that may be gone too, with their fold in a snapshot. So
// wherever a scanner stops, the session first asks whether its segment was removed, and
// if it was, starts again from the newest snapshot. It never decides on the old view, and
// never writes after it: a segment's name, once removed, is never made again.
extension Journal {
    func catchUp() throws(JournalError) -> CatchUp {
        var records: [JournalRecord] = []
        var decoder = RecordDecoder(format: options.format)
        if try !fold.hasSegment(for: fold.position) { return try reloadFromSnapshot() }
        while true {
            let step = try fold.next()
            if case .record = step {} else if try fold.readsRemovedSegment() { return try reloadFromSnapshot() }
            switch step {
            case .record(let location):
                let decoded = fold.withBody { body in
                    Result { () throws(RecordDecodingError) in try decoder.decode(body) }
                }
                guard case .success(let record) = decoded else {
                    throw .corrupt(file: fold.currentSegment?.path ?? directory.path, offset: location.position - (fold.currentSegment?.base ?? 0), problem: tr("a record kiosk cannot read"))
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
            case .gap(let position, let next):
                throw Journal.gapError(fold, at: position, nextSegment: next)
            }
        }
    }

    /// The records the session would read next were compacted away: the newest snapshot,
    /// which holds their fold, and what follows it.
    func reloadFromSnapshot() throws(JournalError) -> CatchUp {
        let listing = try directory.list()
        guard let position = listing.snapshots.last, position >= fold.position else {
            let path = fold.currentSegment?.path ?? directory.path
            throw .corrupt(file: path, offset: 0, problem: tr("the segment this kiosk was reading was removed, and no snapshot holds what it had"))
        }
        let snapshot = try Snapshots.load(directory.snapshotPath(position: position), format: options.format)
        let scanner = JournalScanner(directory: directory, segments: listing.segments, from: snapshot.position, chunk: 16 << 10)
        var records: [JournalRecord] = []
        var repairs: [Repair] = []
        try Journal.readAll(scanner, format: options.format, into: &records, repairs: &repairs, segments: listing.segments)
        self.repairs += repairs
        fold = scanner
        try settleEnd(at: scanner.position, readBy: scanner)
        return .reload(snapshot, records)
    }

    /// Finds the end of the journal from what this process knew, without decoding.
    func findEnd() throws(JournalError) {
        while true {
            let step = try endFinder.next()
            if case .record = step {} else if try endFinder.readsRemovedSegment() {
                try findEndFromSnapshot()
                return
            }
            switch step {
            case .record:
                endFinder.advance()
            case .end:
                try settleEnd(at: endFinder.position, readBy: endFinder)
                return
            case .damaged(let position, let problem):
                if let repair = try Journal.repairTail(endFinder, at: position, problem: problem) { repairs.append(repair) }
                try settleEnd(at: position, readBy: endFinder)
                return
            case .gap(let position, let next):
                throw Journal.gapError(endFinder, at: position, nextSegment: next)
            }
        }
    }

    /// The end, found from the newest snapshot on: where the segments this process knew
    /// were compacted away.
    private func findEndFromSnapshot() throws(JournalError) {
        let listing = try directory.list()
        guard let position = listing.snapshots.last, position >= endFinder.position else {
            let path = endFinder.currentSegment?.path ?? directory.path
            throw .corrupt(file: path, offset: 0, problem: tr("the segment this kiosk was reading was removed, and no snapshot holds what it had"))
        }
        endFinder = JournalScanner(directory: directory, segments: listing.segments, from: position, chunk: 16 << 10)
        try findEnd()
    }

    /// Records that the journal ends at `position`, where `scanner` found the end, and
    /// writes into its last segment.
    func settleEnd(at position: UInt64, readBy scanner: JournalScanner) throws(JournalError) {
        end = position
        // The segment the end is in: another process may have rolled over to a new one, and
        // the end is there even where it is torn.
        let segment = scanner.currentSegment?.base
        endFinder.seek(to: position, segment: segment)
        // Still in the segment being written, which nobody rolled over: nothing to look up.
        if writer != nil, position >= writerBase, (segment ?? writerBase) == writerBase {
            publish(position)
            return
        }
        let segments = try directory.list().segments
        // A segment after the end would be one this process cannot reach from where it
        // read: the chain is broken, and writing here would fork the journal.
        if let later = segments.first(where: { $0 > position }) {
            throw Journal.brokenChain(file: scanner.currentSegment?.path ?? directory.path, base: segment ?? 0, end: position, next: later)
        }
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

    /// The error of a scanner that met segments which do not follow on.
    static func gapError(_ scanner: JournalScanner, at position: UInt64, nextSegment: UInt64) -> JournalError {
        let (path, base) = scanner.currentSegment ?? (scanner.directory.path, 0)
        return brokenChain(file: path, base: base, end: position, next: nextSegment)
    }

    /// Records that end at `end` in the segment `file` (starting at `base`) while the next
    /// segment starts at `next`: two chains of segments in one directory.
    static func brokenChain(file: String, base: UInt64, end: UInt64, next: UInt64) -> JournalError {
        .corrupt(
            file: file, offset: end - min(base, end),
            problem: tr("the records end at byte {position} of the journal, but the next segment starts at byte {next}", ["position": end, "next": next])
        )
    }
}
