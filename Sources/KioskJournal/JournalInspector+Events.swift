import KioskCore
import KioskRecords
import KioskSystem
import KioskText

extension JournalInspector {
    /// Hands `each` every event `include` accepts of the records the state's segments hold,
    /// in order, one at a time: what `kiosk reprice` reads a recorded day with. A record's
    /// other events and its facts are never made (`RecordDecoder.decodeEvents`), and no
    /// record is held past its events, so a journal of any length reads in the memory of
    /// one record.
    ///
    /// Strictly a reader: no file is created or written, and no lock is taken that a
    /// running kiosk would wait for. Where the journal seems to end in bad bytes it waits
    /// once for the shared lock, if the state has a lock file, and looks again, as `verify`
    /// does, so a commit in progress is never taken for damage; a torn tail is where the
    /// records end. Orders a compaction folded into a snapshot and whose segments it
    /// removed are not read: the snapshot keeps their sums, not the orders.
    ///
    /// - Throws: `JournalError.corrupt` with the file and offset of damage before the end.
    public static func events(
        _ directory: StateDirectory, format: RecordFormat, where include: (Event) -> Bool, each: (Event) -> Void
    ) throws(JournalError) {
        try directory.checkExisting()
        let listing = try directory.list()
        let scanner = JournalScanner(directory: directory, segments: listing.segments, from: listing.segments.first ?? listing.snapshots.last ?? 0)
        var decoder = RecordDecoder(format: format)
        var events: [Event] = []
        var lockedLook = false
        while true {
            switch try scanner.next() {
            case .record(let location):
                events.removeAll(keepingCapacity: true)
                let decoded = scanner.withBody { body in
                    Result { () throws(RecordDecodingError) in try decoder.decodeEvents(body, into: &events, where: include) }
                }
                guard case .success = decoded else {
                    throw .corrupt(
                        file: scanner.currentSegment?.path ?? directory.path, offset: location.position - (scanner.currentSegment?.base ?? 0),
                        problem: tr("a record kiosk cannot read")
                    )
                }
                for event in events { each(event) }
                scanner.advance()
            case .end:
                return
            case .gap(let position, let next):
                throw Journal.gapError(scanner, at: position, nextSegment: next)
            case .damaged(let position, let problem):
                // Opened to read only, never created: a shared lock on it waits for a commit
                // in progress and keeps no writer waiting past the moment it is released.
                if !lockedLook, let lock = try? SystemFile.open(directory.lockPath, .readOnly) {
                    lockedLook = true
                    try? lock.lock(.shared)
                    lock.unlock()
                    scanner.seek(to: position)
                    continue
                }
                _ = try inspect(scanner, at: position, problem: problem, in: directory)
                return
            }
        }
    }
}
