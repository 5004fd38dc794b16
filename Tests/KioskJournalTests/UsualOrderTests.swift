import KioskCore
@testable import KioskJournal
import KioskTestSupport
import Testing

/// The record of one `order.succeeded`, written in one piece with the parts it repeats
/// copied from the memo: byte for byte the general encoder's frame, and left to that
/// encoder whenever the record is of another shape.
@Suite struct UsualOrderTests {
    /// The arrays every order of one Mango Juice shares, as `Menu.unitOrder` makes them.
    let lines = [ItemQuantity(item: "Mango Juice", quantity: 1)]
    let consumed = [IngredientCount(ingredient: "mango", count: 3), IngredientCount(ingredient: "딸기", count: 1)]

    private func order(
        _ sequence: UInt64, stock: [IngredientCount]? = nil, total: Money? = nil, currency: String? = nil, lineTotals: [Money] = [],
        ticket: Int? = nil, promised: Timestamp? = nil, template: MessageTemplate? = nil, lines: [ItemQuantity]? = nil
    ) -> Event {
        let made = OrderSucceeded(
            lines: lines ?? self.lines, consumed: consumed,
            stock: stock ?? [IngredientCount(ingredient: "mango", count: 1_000_000_000 - 3 * Int(sequence % 1_000)), IngredientCount(ingredient: "딸기", count: 7)],
            total: total, currency: currency, lineTotals: lineTotals, ticket: ticket, promised: promised
        )
        return Event(
            id: EventID(high: 0x0192_3456_789A_7BCD &+ sequence, low: 0x8123_4567_89AB_CDEF), sequence: sequence,
            time: Timestamp(millisecondsSince1970: Sample.time.millisecondsSince1970 + Int64(sequence % 10_000) * 250), source: "/kiosk/juice",
            payload: .orderSucceeded(made), template: template ?? MessageCatalog.defaults[.orderSucceeded]
        )
    }

    /// The frame the general encoder writes for `events`.
    private func generalFrame(_ events: [Event], groupStart: UInt64 = 4096) -> [UInt8] {
        var writer = ByteWriter()
        RecordFrame.append(groupStart: groupStart, to: &writer) {
            RecordCodec.encode(time: Sample.time, source: "/kiosk/juice", facts: [], events: events, into: &$0)
        }
        return writer.bytes
    }

    /// The frame written in one piece, or `nil` when it was left to the general encoder —
    /// which then writes it, and the memo learns from it, as the journal does.
    private func usualFrame(_ events: [Event], memo: inout RecordMemo, groupStart: UInt64 = 4096) -> [UInt8]? {
        if memo.source != "/kiosk/juice" { memo.learn(source: "/kiosk/juice") }
        var writer = ByteWriter()
        guard RecordFrame.appendUsualOrder(groupStart: groupStart, to: &writer, time: Sample.time, events: events, memo: &memo) else {
            memo.learnIfMissed(from: events)
            return nil
        }
        #expect(writer.count > RecordFrame.headerSize)
        return writer.bytes
    }

    @Test func anOrderMetTwiceIsThenWrittenInOnePieceToTheGeneralEncodersBytes() throws {
        var memo = RecordMemo()
        // Its lines and consumed counts are learned the second time they are met.
        #expect(usualFrame([order(1)], memo: &memo) == nil)
        #expect(usualFrame([order(2)], memo: &memo) == nil)
        let shapes = [
            order(3),
            order(4, total: Money(hundredths: 450), currency: "KRW", lineTotals: [Money(hundredths: 450)]),
            order(6, total: Money(hundredths: 450), currency: "KRW", lineTotals: [Money(hundredths: 450)], ticket: 12, promised: Timestamp(millisecondsSince1970: Sample.time.millisecondsSince1970 + 90_000)),
            order(7, ticket: 13, promised: Timestamp(millisecondsSince1970: 0)),
            order(8, stock: [IngredientCount(ingredient: "mango", count: 0), IngredientCount(ingredient: "딸기", count: -2)]),
            order(UInt64.max - 1),
        ]
        var written = 0
        for event in shapes {
            // A currency is learned from the first order that names it.
            let frame = usualFrame([event], memo: &memo) ?? usualFrame([event], memo: &memo)
            let expected = generalFrame([event])
            #expect(frame == expected)
            if frame != nil { written += 1 }
            let parsed = expected.withUnsafeBytes { RecordFrame.parse($0) }
            guard case .record(let body, let groupStart, let size) = parsed else {
                Issue.record("the general frame does not parse: \(parsed)")
                continue
            }
            #expect(groupStart == 4096 && size == expected.count)
            #expect(try RecordCodec.decode(body).events == [event], "\(event.sequence) \(event.payload)")
        }
        #expect(written == shapes.count)
    }

    @Test func aRecordOfAnotherShapeIsLeftToTheGeneralEncoder() throws {
        var memo = RecordMemo()
        for sequence: UInt64 in 1...3 { _ = usualFrame([order(sequence)], memo: &memo) }
        #expect(usualFrame([order(4)], memo: &memo) != nil, "the usual order is learned")
        let custom = try MessageTemplate(parsing: "{item}: enjoy")
        let reordered = [IngredientCount(ingredient: "딸기", count: 7), IngredientCount(ingredient: "mango", count: 9)]
        let failed = Event(
            id: EventID(high: 1, low: 2), sequence: 9, time: Sample.time, source: "/kiosk/juice",
            payload: .orderFailed(OrderFailed(lines: lines, missing: [])), template: MessageCatalog.defaults[.orderFailed]
        )
        let others: [(String, [Event])] = [
            ("two events", [order(5), order(6)]),
            ("no event", []),
            ("a custom message text", [order(7, template: custom)]),
            ("stock not in the consumed counts' order", [order(8, stock: reordered)]),
            ("another type", [failed]),
        ]
        for (shape, events) in others {
            #expect(usualFrame(events, memo: &memo) == nil, "\(shape)")
        }
        // Lines an order makes for itself, a new array each time (often at the address the
        // last one freed), are never copied from the memo, and never push out the usual
        // order's between whose records they come.
        for sequence: UInt64 in 10...30 {
            let fresh = [ItemQuantity(item: "Mango Juice", quantity: Int(sequence))]
            #expect(usualFrame([order(sequence, lines: fresh)], memo: &memo) == nil)
            #expect(usualFrame([order(sequence + 100)], memo: &memo) == generalFrame([order(sequence + 100)]), "the usual order is still known")
        }
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
            // Mostly one Mango Juice (the menu's shared arrays), now and then a 딸기 Juice.
            try kiosk.place(Order(item: index % 7 == 6 ? 1 : 0), at: Sample.time, emitting: &events)
            journal.append(time: Sample.time, source: kiosk.source, events: events)
            records.append(JournalRecord(time: Sample.time, source: kiosk.source, entries: events.map(JournalEntry.event)))
        }
        try journal.commit()
        #expect(try Journal.open(scratch.state, options: options).records == records)
    }
}
