import KioskCore
import KioskRecords
import KioskSinks
import KioskTestSupport
import Testing

/// The sinks' facts, registered by the sinks: the bytes they have always had, folded into
/// the failures that wait for `sinks retry`, kept in snapshots right after the ledger.
@Suite struct DeliveryFactTests {
    private func event() throws -> Event {
        try #require(try Sample.records().1[1].events.first)
    }

    @Test func eachFactRoundTripsAndReadsOnlyWithTheSinksFormat() throws {
        let event = try event()
        let record = JournalRecord(time: Sample.time, source: "/kiosk/juice", entries: [
            .deliveryFailed(sink: "webhook http://x", event: event, reason: "HTTP 410"), .event(event),
            .retryRequested(sink: "webhook http://x"), .deliveryResolved(sink: "webhook http://x", id: event.id),
        ])
        let bytes = RecordCodec.encode(record)
        #expect(try RecordCodec.decode(bytes, format: .sinks) == record)
        #expect(throws: RecordDecodingError.unknownEntry(65)) { try RecordCodec.decode(bytes, format: .domain) }
    }

    /// docs/STATE.md's entries 65, 66 and 67, written out by hand.
    @Test func theFactsAreTheBytesTheFormatDescribes() throws {
        let event = try event()
        let header = FormatBytes.varint(FormatBytes.zigzag(Sample.time.millisecondsSince1970)) + FormatBytes.string("s")
        let alone = RecordCodec.encode(JournalRecord(time: Sample.time, source: "s", entries: [.event(event)]))
        let eventBytes = Array(alone.dropFirst(header.count + 1))
        let failed = RecordCodec.encode(JournalRecord(time: Sample.time, source: "s", entries: [.deliveryFailed(sink: "log x", event: event, reason: "EIO")]))
        #expect(failed == header + [1, 65] + FormatBytes.string("log x") + FormatBytes.string("EIO") + FormatBytes.string(event.source) + eventBytes)
        let retry = RecordCodec.encode(JournalRecord(time: Sample.time, source: "s", entries: [.retryRequested(sink: "log x")]))
        #expect(retry == header + [1, 66] + FormatBytes.string("log x"))
        let resolved = RecordCodec.encode(JournalRecord(time: Sample.time, source: "s", entries: [.deliveryResolved(sink: "log x", id: event.id)]))
        #expect(resolved == header + [1, 67] + FormatBytes.string("log x") + FormatBytes.bigEndian(event.id.high) + FormatBytes.bigEndian(event.id.low))
    }

    @Test func theFailuresFoldFromTheFactsAndARetryResolvesThem() throws {
        let event = try event()
        var folds = RecordFormat.sinks.emptyFolds
        folds.apply(JournalRecord(time: Sample.time, source: "s", entries: [.deliveryFailed(sink: "hook", event: event, reason: "HTTP 503")]))
        #expect(folds[DeliveryFailures.self].failures(of: "hook").map(\.reason) == ["HTTP 503"])
        folds.apply(JournalRecord(time: Sample.time, source: "s", entries: [.retryRequested(sink: "hook")]))
        #expect(folds[DeliveryFailures.self].failures(of: "hook").map(\.retrying) == [true])
        folds.apply(JournalRecord(time: Sample.time, source: "s", entries: [.deliveryResolved(sink: "hook", id: event.id)]))
        #expect(folds[DeliveryFailures.self].isEmpty)
    }

    /// Right after the ledger, where format 1 has always kept them; a snapshot without any
    /// is byte for byte one the domain alone writes, and one with them does not read
    /// without the sinks' format.
    @Test func aSnapshotKeepsTheFailuresAfterTheLedger() throws {
        let event = try event()
        let kiosk = try Sample.records().0.snapshot
        var facts = RecordFormat.sinks.emptyFolds
        facts.apply(JournalRecord(time: Sample.time, source: "s", entries: [.deliveryFailed(sink: "log x", event: event, reason: "EIO")]))
        let snapshot = JournalSnapshot(position: 12_345, kiosk: kiosk, facts: facts)
        let bytes = SnapshotCodec.encode(snapshot, format: .sinks)
        #expect(try bytes.withUnsafeBytes { try SnapshotCodec.decode($0, format: .sinks) } == snapshot)
        #expect(throws: RecordDecodingError.malformed("the snapshot keeps facts of a kind this program does not know")) {
            try bytes.withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
        }
        let empty = JournalSnapshot(position: 12_345, kiosk: kiosk)
        #expect(SnapshotCodec.encode(empty, format: .sinks) == SnapshotCodec.encode(empty, format: .domain))
    }
}
