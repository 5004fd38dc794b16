import KioskCore
import KioskRecords

/// Reads the records of a journal in order from a position, for a sink: only what was
/// committed, decoded.
public final class JournalReader: @unchecked Sendable {
    private let scanner: JournalScanner

    init(scanner: JournalScanner) {
        self.scanner = scanner
    }

    /// The position of the next record to read.
    public var position: UInt64 { scanner.position }

    /// The next record that ends at or before `limit`, or `nil` when there is none yet —
    /// including a record another process is still writing, or one that cannot be read.
    public func nextRecord(upTo limit: UInt64, decoder: inout RecordDecoder) -> PositionedRecord? {
        guard scanner.position < limit, let step = try? scanner.next(), case .record(let location) = step, location.end <= limit else {
            return nil
        }
        let decoded = scanner.withBody { body in Result { () throws(RecordDecodingError) in try decoder.decode(body) } }
        guard case .success(let record) = decoded else { return nil }
        scanner.advance()
        return PositionedRecord(position: location.position, record: record)
    }

    /// Appends the events `include` accepts of the next record that ends at or before
    /// `limit` to `events`, and returns where that record starts; `nil` when there is none
    /// yet (as `nextRecord`), with `events` as it was. No record or entry is made: a sink's
    /// reader takes the events alone.
    public func nextEvents(
        upTo limit: UInt64, decoder: inout RecordDecoder, into events: inout [Event], where include: (Event) -> Bool
    ) -> UInt64? {
        guard scanner.position < limit, let step = try? scanner.next(), case .record(let location) = step, location.end <= limit else {
            return nil
        }
        let decoded = scanner.withBody { body in
            Result { () throws(RecordDecodingError) in try decoder.decodeEvents(body, into: &events, where: include) }
        }
        guard case .success = decoded else { return nil }
        scanner.advance()
        return location.position
    }

    /// A record and where it starts in the journal.
    public struct PositionedRecord {
        public let position: UInt64
        public let record: JournalRecord
    }
}

extension Journal {
    /// A reader of the records from `position` on, reading `chunk` bytes at a time (a
    /// sink's reader: 256 KiB; one of many readers of an event stream reads less).
    public func scanner(from position: UInt64, chunk: Int = 256 << 10) -> JournalReader {
        JournalReader(scanner: JournalScanner(directory: directory, segments: (try? directory.list().segments) ?? [], from: position, chunk: chunk))
    }

    /// The position of the oldest record the journal still holds.
    public var startPosition: UInt64 {
        guard let listing = try? directory.list() else { return 0 }
        return listing.segments.first ?? listing.snapshots.last ?? 0
    }
}
