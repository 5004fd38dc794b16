import KioskCore
@testable import KioskRecords
import KioskTestSupport
import Testing

/// Lines of items with sizes and options in the journal's format: the bytes docs/STATE.md
/// describes, every event that carries lines, and snapshots of a board and a history of
/// them — while lines without choices keep the bytes they always had.
@Suite struct ChoiceLineCodecTests {
    private let oatLatte = LineChoice(
        size: "large", options: [LineChoice.Option(group: "Milk", option: "Oat"), LineChoice.Option(group: "Sugar", option: "No sugar", removes: true)],
        unitPrice: Money(hundredths: 550_000), recipe: [IngredientCount(ingredient: "espresso", count: 2), IngredientCount(ingredient: "oat-milk", count: 300)]
    )

    @Test func aLineWithChoicesIsTheBytesTheFormatDescribes() throws {
        let lines = [ItemQuantity(item: "Latte", quantity: 2, choice: oatLatte), ItemQuantity(item: "Croissant", quantity: 1)]
        var writer = ByteWriter()
        PayloadCodec.encode(lines: lines, into: &writer)
        var expected: [UInt8] = [2] + FormatBytes.string("Latte") + [0, 4] // a choice follows; quantity 2
        expected += [1 | 2] + FormatBytes.string("large") // a size and a unit price follow
        expected += [2] + FormatBytes.string("Milk") + FormatBytes.string("Oat") + [2, 0]
        expected += FormatBytes.string("Sugar") + FormatBytes.string("No sugar") + [2, 1] // once; it removes a line
        expected += FormatBytes.varint(FormatBytes.zigzag(550_000))
        expected += [2] + FormatBytes.string("espresso") + [4] + FormatBytes.string("oat-milk") + FormatBytes.varint(FormatBytes.zigzag(300))
        expected += FormatBytes.string("Croissant") + [2] // a line without choices: as before
        #expect(writer.bytes == expected)
        let event = Event(
            id: EventID(high: 1, low: 2), sequence: 7, time: Sample.time, source: "/kiosk/cafe",
            payload: .orderFailed(OrderFailed(lines: lines, missing: [])), template: MessageCatalog.defaults[.orderFailed]
        )
        let record = JournalRecord(time: Sample.time, source: "/kiosk/cafe", entries: [.event(event)])
        #expect(try RecordCodec.decode(RecordCodec.encode(record), format: .domain) == record)
    }

    @Test func aChoiceWithAQuantityOfZeroOrUnknownFlagsIsMalformed() throws {
        for bad: [UInt8] in [
            FormatBytes.string("Latte") + [0, 0], // a chosen quantity of 0
            FormatBytes.string("Latte") + [0, 2, 16], // flag 16 is not one
            FormatBytes.string("Latte") + [0, 2, 8, 0, 0], // a combo's price without a combo
            FormatBytes.string("Latte") + [0, 2, 0, 1] + FormatBytes.string("Milk") + FormatBytes.string("Oat") + [2, 2], // removes 2
        ] {
            #expect(throws: RecordDecodingError.self) {
                try bad.withUnsafeBytes { raw in
                    var reader = ByteReader(raw)
                    _ = try LineCodec.decodeItemQuantity(&reader)
                }
            }
        }
    }

    @Test func aPartOfACombosIsTheBytesTheFormatDescribes() throws {
        let part = LineChoice(
            size: nil, options: [], unitPrice: .zero, recipe: [IngredientCount(ingredient: "croissant", count: 1)],
            combo: LineChoice.Combo(name: "Breakfast Set", number: 1, quantity: 2, price: Money(hundredths: 700_000))
        )
        var writer = ByteWriter()
        LineCodec.encode(ItemQuantity(item: "Croissant", quantity: 2, choice: part), into: &writer)
        var expected: [UInt8] = FormatBytes.string("Croissant") + [0, 4, 2 | 4 | 8, 0, 0] // no size, no options, a unit price of 0
        expected += [1] + FormatBytes.string("croissant") + [2]
        expected += FormatBytes.string("Breakfast Set") + [2, 4] + FormatBytes.varint(FormatBytes.zigzag(700_000))
        #expect(writer.bytes == expected)
        let decoded = try expected.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            return try LineCodec.decodeItemQuantity(&reader)
        }
        #expect(decoded == ItemQuantity(item: "Croissant", quantity: 2, choice: part))
        let unpriced = LineChoice(size: "large", options: [], unitPrice: nil, recipe: [], combo: LineChoice.Combo(name: "Set", number: 3, quantity: 1, price: nil))
        var again = ByteWriter()
        LineCodec.encode(choice: unpriced, into: &again)
        let read = try again.bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            return try LineCodec.decodeChoice(&reader)
        }
        #expect(read == unpriced)
    }

    /// Orders of a latte with choices, on a board: every event they make, the records and a
    /// snapshot of the kiosk (its history and its tickets' lines) read back as written.
    @Test func ordersWithChoicesRoundTripThroughRecordsAndSnapshots() throws {
        let menu = try Sample.latteMenu()
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 3))
        let oat = Selection(size: 1, picks: [.init(group: 0, option: 1), .init(group: 1, option: 0, count: 2), .init(group: 2, option: 0)])
        var events: [Event] = []
        try kiosk.place(Order([OrderLine(item: 0, quantity: 2, choosing: oat, in: menu), OrderLine(item: 1, quantity: 1)]), at: Sample.time, emitting: &events)
        try kiosk.place(Order(item: 0), at: Sample.time, emitting: &events)
        _ = try kiosk.perform(.start(nil), at: Sample.time, emitting: &events)
        #expect(events.contains { if case .ticketStarted = $0.payload { true } else { false } })
        let record = JournalRecord(time: Sample.time, source: kiosk.source, entries: events.map(JournalEntry.event))
        #expect(try RecordCodec.decode(RecordCodec.encode(record), format: .domain) == record)
        let snapshot = JournalSnapshot(position: 99, kiosk: kiosk.snapshot)
        let decoded = try SnapshotCodec.encode(snapshot, format: .domain).withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
        #expect(decoded == snapshot)
        let lines = try #require(decoded.kiosk.ledger.history.first?.lines)
        #expect(lines[0].choice?.description == "large, Oat, Extra shot ×2, No sugar")
        #expect(lines[0].choice?.unitPrice == Money(hundredths: 650_000))
        #expect(lines[1].choice == nil)
    }
}
