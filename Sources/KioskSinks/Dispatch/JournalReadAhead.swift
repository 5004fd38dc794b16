import KioskCore
import KioskRecords
import KioskJournal

/// Reads the journal after a sink's cursor, a batch at a time: the events the sink takes,
/// each beside the position of its record, so the cursor can stop after any of them.
///
/// Events are decoded straight into one buffer kept from batch to batch — no record, no
/// copies — and a batch is the read-ahead at most, so memory stays flat however far
/// behind the sink is.
struct JournalReadAhead {
    private let journal: Journal
    private let reader: JournalReader
    private var decoder: RecordDecoder
    private let wanted: EventTypes
    private let capacity: Int
    /// The events of the last read, in order.
    private(set) var batch: [Event] = []
    /// Where each one's record starts.
    private(set) var positions: [UInt64] = []
    /// Where the last read stopped: past every record it read, with events or without.
    private(set) var readUpTo: UInt64 = 0

    init(journal: Journal, from position: UInt64, wanted: EventTypes, capacity: Int) {
        self.journal = journal
        reader = journal.scanner(from: position)
        decoder = RecordDecoder(format: journal.options.format)
        self.wanted = wanted
        self.capacity = capacity
        batch.reserveCapacity(capacity)
    }

    /// Reads the wanted events after `sequence` from the records that end by `limit`.
    mutating func read(after sequence: UInt64, upTo limit: UInt64) {
        batch.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        readUpTo = reader.position
        let wanted = wanted
        while batch.count < capacity {
            let before = batch.count
            guard let position = reader.nextEvents(
                upTo: limit, decoder: &decoder, into: &batch, where: { $0.sequence > sequence && wanted.contains($0.type) }
            ) else { break }
            for _ in before..<batch.count { positions.append(position) }
            readUpTo = reader.position
        }
    }

    /// Waits a moment for records past the last read. When none came from this process,
    /// and no stop is under way, looks for what other processes appended.
    func waitForNews(unless control: RunnerControl) {
        let deadline = ContinuousClock.now.advanced(by: SinkRunner.pollInterval)
        let end = journal.waitForNews(after: readUpTo, until: deadline)
        if end <= readUpTo, !control.isStopping {
            journal.refresh()
        }
    }
}
