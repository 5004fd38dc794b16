import KioskCore
import KioskSystem
import Synchronization
import KioskText

// Catching up with what other processes appended, and finding the end of the journal.
extension Journal {
    func catchUp() throws(JournalError) -> CatchUp {
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
            }
        }
    }

    /// The session's records were compacted away: the newest snapshot and what follows it.
    func reloadFromSnapshot() throws(JournalError) -> CatchUp? {
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
    func findEnd() throws(JournalError) {
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
    func settleEnd(at position: UInt64, readBy scanner: JournalScanner) throws(JournalError) {
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
}
