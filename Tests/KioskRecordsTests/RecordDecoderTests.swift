import KioskCore
@testable import KioskRecords
import KioskTestSupport
import Testing

/// One decoder reading record after record, as a sink's reader does: what it keeps from
/// one record never leaks into the next.
@Suite struct RecordDecoderTests {
    @Test func ordersThatRepeatOrChangeTheirLinesDecodeAsWritten() throws {
        var kiosk = Kiosk(menu: try Sample.menu(), ids: UUIDv7Generator(seed: 7))
        var records: [JournalRecord] = []
        let orders = [
            Order(item: 0), Order(item: 0), Order(item: 0, quantity: 2), Order(item: 0), Order(item: 1),
            Order([OrderLine(item: 0, quantity: 1), OrderLine(item: 1, quantity: 1)]), Order(item: 1), Order(item: 0), Order(item: 1, quantity: 40),
        ]
        for order in orders {
            var events: [Event] = []
            try kiosk.place(order, at: Sample.time, emitting: &events)
            records.append(JournalRecord(time: Sample.time, source: kiosk.source, entries: events.map(JournalEntry.event)))
        }
        let (_, samples) = try Sample.records()
        records += samples + records
        var decoder = RecordDecoder(format: .notes)
        for record in records {
            let body = RecordCodec.encode(record)
            let decoded = try body.withUnsafeBytes { raw throws(RecordDecodingError) in try decoder.decode(raw) }
            #expect(decoded == record)
        }
    }

    @Test func aDamagedRecordBetweenRepeatsLeavesTheNextOneRight() throws {
        var kiosk = Kiosk(menu: try Sample.menu(), ids: UUIDv7Generator(seed: 8))
        var bodies: [[UInt8]] = []
        var records: [JournalRecord] = []
        for _ in 0..<3 {
            var events: [Event] = []
            try kiosk.place(Order(item: 0), at: Sample.time, emitting: &events)
            let record = JournalRecord(time: Sample.time, source: kiosk.source, entries: events.map(JournalEntry.event))
            records.append(record)
            bodies.append(RecordCodec.encode(record))
        }
        var decoder = RecordDecoder(format: .notes)
        #expect(try bodies[0].withUnsafeBytes { raw throws(RecordDecodingError) in try decoder.decode(raw) } == records[0])
        for length in 0..<bodies[1].count {
            _ = try? Array(bodies[1][0..<length]).withUnsafeBytes { raw throws(RecordDecodingError) in try decoder.decode(raw) }
        }
        #expect(try bodies[2].withUnsafeBytes { raw throws(RecordDecodingError) in try decoder.decode(raw) } == records[2])
    }

    /// Decodes `body`'s events into `batch`; whether it could.
    private func decode(_ body: [UInt8], with decoder: inout RecordDecoder, into batch: inout [Event], where include: (Event) -> Bool) -> Bool {
        var reading = decoder
        var events = batch
        let decoded = body.withUnsafeBytes { raw -> Bool in
            do {
                try reading.decodeEvents(raw, into: &events, where: include)
                return true
            } catch {
                return false
            }
        }
        decoder = reading
        batch = events
        return decoded
    }

    @Test func eventsDecodedIntoABatchAreTheRecordsEventsThatTheFilterTakes() throws {
        let (_, samples) = try Sample.records()
        let event = try #require(samples[1].events.first)
        var records = samples
        records.append(JournalRecord(time: Sample.time, source: "/kiosk/juice", entries: [
            .note("before"), .event(event), .note("after"),
        ]))
        var decoder = RecordDecoder(format: .notes)
        var batch: [Event] = []
        var expected: [Event] = []
        for record in records {
            #expect(decode(RecordCodec.encode(record), with: &decoder, into: &batch, where: { $0.type != .stockChanged }))
            expected += record.events.filter { $0.type != .stockChanged }
        }
        #expect(batch == expected)
        #expect(expected.count > 3)
        #expect(!expected.contains { $0.type == .stockChanged })
    }

    @Test func aDamagedRecordLeavesTheBatchAsItWas() throws {
        let (_, samples) = try Sample.records()
        let body = RecordCodec.encode(samples[1])
        var decoder = RecordDecoder(format: .notes)
        var batch: [Event] = []
        #expect(decode(body, with: &decoder, into: &batch, where: { _ in true }))
        let whole = batch
        #expect(!whole.isEmpty)
        for length in 0..<body.count {
            #expect(!decode(Array(body[0..<length]), with: &decoder, into: &batch, where: { _ in true }))
            #expect(batch == whole)
        }
    }
}
