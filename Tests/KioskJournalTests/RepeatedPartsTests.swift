@testable import KioskCore
@testable import KioskJournal
@testable import KioskRecords
import KioskTestSupport
import Testing

/// A run of records written with one `RepeatedParts`, as the journal's appender writes
/// them: each record is the bytes it has written alone, whatever the records before it
/// were, and reads back as it was.
@Suite struct RepeatedPartsTests {
    let mango = [ItemQuantity(item: "Mango Juice", quantity: 1)]
    let mangoUses = [IngredientCount(ingredient: "mango", count: 3), IngredientCount(ingredient: "딸기", count: 1)]

    private func order(
        _ sequence: UInt64, lines: [ItemQuantity], consumed: [IngredientCount], stock: [IngredientCount]? = nil, total: Money? = nil,
        currency: String? = nil, lineTotals: [Money] = [], ticket: Int? = nil, promised: Timestamp? = nil
    ) -> Event {
        let made = OrderSucceeded(
            lines: lines, consumed: consumed, stock: stock ?? consumed.map { IngredientCount(ingredient: $0.ingredient, count: 1_000 - Int(sequence % 1_000)) },
            total: total, currency: currency, lineTotals: lineTotals, ticket: ticket, promised: promised
        )
        return Event(
            id: EventID(high: 0x0192_3456_789A_7BCD &+ sequence, low: 0x8123_4567_89AB_CDEF), sequence: sequence,
            time: Timestamp(millisecondsSince1970: Sample.time.millisecondsSince1970 + Int64(sequence % 10_000) * 250), source: "/kiosk/juice",
            payload: .orderSucceeded(made), template: MessageCatalog.defaults[.orderSucceeded]
        )
    }

    /// The body of a record of `events` written alone, with nothing kept from before.
    private func alone(_ events: [Event]) -> [UInt8] {
        RecordCodec.encode(JournalRecord(time: Sample.time, source: "/kiosk/juice", entries: events.map(JournalEntry.event)))
    }

    private func body(_ events: [Event], parts: inout RepeatedParts) -> [UInt8] {
        var writer = ByteWriter()
        RecordCodec.encode(time: Sample.time, source: "/kiosk/juice", facts: [], events: events, into: &writer, repeating: &parts)
        return writer.bytes
    }

    @Test func aRunOfRecordsIsEachTheBytesItHasAlone() throws {
        let strawberry = [ItemQuantity(item: "딸기 Juice", quantity: 1)]
        let strawberryUses = [IngredientCount(ingredient: "딸기", count: 2)]
        let failed = Event(
            id: EventID(high: 1, low: 2), sequence: 30, time: Sample.time, source: "/kiosk/juice",
            payload: .orderFailed(OrderFailed(lines: mango, missing: [])), template: MessageCatalog.defaults[.orderFailed]
        )
        let runs: [(String, [Event])] = [
            // No lines at all first: a part never learned is not taken for an empty one.
            ("no lines", [order(1, lines: [], consumed: [])]),
            ("the usual order", [order(2, lines: mango, consumed: mangoUses)]),
            ("again, the same arrays", [order(3, lines: mango, consumed: mangoUses)]),
            ("equal arrays of its own", [order(4, lines: [ItemQuantity(item: "Mango Juice", quantity: 1)], consumed: Array(mangoUses))]),
            ("another quantity", [order(5, lines: [ItemQuantity(item: "Mango Juice", quantity: 2)], consumed: mangoUses)]),
            ("other consumed counts", [order(6, lines: mango, consumed: [IngredientCount(ingredient: "mango", count: 6)])]),
            ("another item", [order(7, lines: strawberry, consumed: strawberryUses)]),
            ("back to the usual", [order(8, lines: mango, consumed: mangoUses)]),
            ("two orders in one record", [order(9, lines: strawberry, consumed: strawberryUses), order(10, lines: mango, consumed: mangoUses)]),
            ("stock in another order", [order(11, lines: mango, consumed: mangoUses, stock: Array(mangoUses.reversed()))]),
            ("priced, with a ticket", [order(
                12, lines: mango, consumed: mangoUses, total: Money(hundredths: 450), currency: "KRW", lineTotals: [Money(hundredths: 450)],
                ticket: 7, promised: Timestamp(millisecondsSince1970: Sample.time.millisecondsSince1970 + 90_000)
            )]),
            ("another type between", [failed]),
            ("no events", []),
            ("the usual once more", [order(13, lines: mango, consumed: mangoUses)]),
            ("a sequence at the end of its range", [order(UInt64.max - 1, lines: mango, consumed: mangoUses)]),
        ]
        var parts = RepeatedParts()
        for (shape, events) in runs {
            let written = body(events, parts: &parts)
            #expect(written == alone(events), "\(shape)")
            #expect(try RecordCodec.decode(written, format: .domain).events == events, "\(shape)")
        }
    }

    @Test func aPartWrittenIsKeptWithItsBytesAndAnEqualOneIsCopied() throws {
        var parts = RepeatedParts()
        let first = body([order(1, lines: mango, consumed: mangoUses)], parts: &parts)
        var lines = ByteWriter()
        PayloadCodec.encode(lines: mango, into: &lines)
        var consumed = ByteWriter()
        PayloadCodec.encode(counts: mangoUses, into: &consumed)
        #expect(parts.lines.value == mango && parts.lines.bytes == lines.bytes)
        #expect(parts.consumed.value == mangoUses && parts.consumed.bytes == consumed.bytes)
        // An equal part in an array of its own is the same part: kept as it was.
        let second = body([order(1, lines: [ItemQuantity(item: "Mango Juice", quantity: 1)], consumed: mangoUses)], parts: &parts)
        #expect(second == first)
        // A changed one replaces it.
        let more = [ItemQuantity(item: "Mango Juice", quantity: 3)]
        _ = body([order(2, lines: more, consumed: mangoUses)], parts: &parts)
        #expect(parts.lines.value == more)
    }

    @Test func ordersAppendedOnTheOrderPathReadBackAsTheyWere() throws {
        let scratch = try ScratchDirectory()
        let options = Journal.Options(durability: .written)
        let journal = try Journal.open(scratch.state, options: options).journal
        var kiosk = Kiosk(menu: try Sample.menu(), ids: UUIDv7Generator(seed: 3))
        var records: [JournalRecord] = []
        _ = try journal.begin()
        for index in 0..<40 {
            var events: [Event] = []
            // Mostly one Mango Juice, now and then a 딸기 Juice or two Mango Juices.
            let order = index % 7 == 6 ? Order(item: 1) : index % 5 == 4 ? Order(item: 0, quantity: 2) : Order(item: 0)
            try kiosk.place(order, at: Sample.time, emitting: &events)
            journal.append(time: Sample.time, source: kiosk.source, events: events)
            records.append(JournalRecord(time: Sample.time, source: kiosk.source, entries: events.map(JournalEntry.event)))
        }
        try journal.commit()
        #expect(try Journal.open(scratch.state, options: options).records == records)
    }
}
