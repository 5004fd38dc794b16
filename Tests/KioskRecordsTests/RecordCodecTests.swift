import KioskCore
@testable import KioskRecords
import KioskTestSupport
import Testing

/// The binary record format: every entry round-trips, and no input traps.
@Suite struct RecordCodecTests {
    @Test func everyKindOfRecordRoundTrips() throws {
        let (_, records) = try Sample.records()
        var extra = records
        let event = try #require(records[1].events.first)
        extra.append(JournalRecord(time: Sample.time, source: "/kiosk/juice", entries: [
            .note("one"), .event(event), .note("두 번째"), .stockDeclared(ingredient: "kiwi", count: 3),
        ]))
        for record in extra {
            #expect(try RecordCodec.decode(RecordCodec.encode(record), format: .notes) == record)
        }
    }

    @Test func aCustomMessageTemplateTravelsWithTheEvent() throws {
        let template = try MessageTemplate(parsing: "{item} 나왔습니다!")
        let (_, records) = try Sample.records()
        let original = try #require(records[1].events.first)
        let event = Event(id: original.id, sequence: original.sequence, time: original.time, source: original.source, payload: original.payload, template: template)
        let decoded = try RecordCodec.decode(RecordCodec.encode(JournalRecord(time: Sample.time, source: "s", entries: [.event(event)])), format: .domain)
        #expect(decoded.events.first?.message == "Mango Juice ×2, 딸기 Juice 나왔습니다!")
    }

    @Test func aOneLineOrderTakesFewBytes() throws {
        var kiosk = Kiosk(menu: try Sample.menu(), ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        try kiosk.place(Order(item: 0), at: Sample.time, emitting: &events)
        let body = RecordCodec.encode(JournalRecord(time: Sample.time, source: kiosk.source, entries: events.map(JournalEntry.event)))
        #expect(body.count + RecordFrame.headerSize <= 200)
    }

    /// The bytes `docs/STATE.md` describes, written out by hand: the format the order path's
    /// encoder must keep.
    @Test func aOneLineOrderIsTheBytesTheFormatDescribes() throws {
        var kiosk = Kiosk(menu: try Sample.menu(), ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        try kiosk.place(Order(item: 0), at: Sample.time, emitting: &events)
        let event = try #require(events.first)
        #expect(events.count == 1)
        var expected = FormatBytes.varint(FormatBytes.zigzag(Sample.time.millisecondsSince1970))
        expected += FormatBytes.string(kiosk.source) + [1]
        expected += [1] + FormatBytes.bigEndian(event.id.high) + FormatBytes.bigEndian(event.id.low)
        expected += [1, 0, 0] // seq 1, the record's time, the default message
        expected += [1] + FormatBytes.string("Mango Juice") + [2] // one line: quantity 1
        expected += [1] + FormatBytes.string("mango") + [6] // consumed: 3 mango
        expected += [1 | 2 | 4 | 8] // total, currency, line totals; stock follows consumed
        expected += FormatBytes.varint(FormatBytes.zigzag(97)) + FormatBytes.varint(FormatBytes.zigzag(450))
        expected += FormatBytes.string("KRW") + [1] + FormatBytes.varint(FormatBytes.zigzag(450))
        var onOrderPath: [UInt8] = []
        RecordCodec.encode(time: Sample.time, source: kiosk.source, facts: [], events: events, into: &onOrderPath)
        #expect(onOrderPath == expected)
        #expect(RecordCodec.encode(JournalRecord(time: Sample.time, source: kiosk.source, entries: [.event(event)])) == expected)
        // The journal's appender writes a run of records with one `RepeatedParts`: the
        // second record copies the lines and consumed counts the first wrote, to its bytes.
        var parts = RepeatedParts()
        for _ in 0..<2 {
            var writer = ByteWriter()
            RecordCodec.encode(time: Sample.time, source: kiosk.source, facts: [], events: events, into: &writer, repeating: &parts)
            #expect(writer.bytes == expected)
        }
    }

    /// `order.succeeded` with a ticket (flag 16) and its stock in another order than its
    /// consumed counts: the bytes `docs/STATE.md` describes, written out by hand.
    @Test func anOrderWithATicketIsTheBytesTheFormatDescribes() throws {
        let promised = Timestamp(millisecondsSince1970: Sample.time.millisecondsSince1970 + 90_000)
        let made = OrderSucceeded(
            lines: [ItemQuantity(item: "딸기 Juice", quantity: 1)],
            consumed: [IngredientCount(ingredient: "딸기", count: 2), IngredientCount(ingredient: "mango", count: 1)],
            stock: [IngredientCount(ingredient: "mango", count: 90), IngredientCount(ingredient: "딸기", count: 7)],
            total: nil, currency: nil, lineTotals: [], ticket: 12, promised: promised
        )
        let event = Event(
            id: EventID(high: 5, low: 6), sequence: 300, time: Timestamp(millisecondsSince1970: Sample.time.millisecondsSince1970 + 250),
            source: "/kiosk/juice", payload: .orderSucceeded(made), template: MessageCatalog.defaults[.orderSucceeded]
        )
        var expected = FormatBytes.varint(FormatBytes.zigzag(Sample.time.millisecondsSince1970))
        expected += FormatBytes.string("/kiosk/juice") + [1]
        expected += [1] + FormatBytes.bigEndian(5) + FormatBytes.bigEndian(6)
        expected += FormatBytes.varint(300) + FormatBytes.varint(FormatBytes.zigzag(250)) + [0]
        expected += [1] + FormatBytes.string("딸기 Juice") + [2] // one line: quantity 1
        expected += [2] + FormatBytes.string("딸기") + [4] + FormatBytes.string("mango") + [2] // consumed: 2 딸기, 1 mango
        expected += [16] // a ticket; the stock names its own ingredients
        expected += [2] + FormatBytes.string("mango") + FormatBytes.varint(FormatBytes.zigzag(90)) + FormatBytes.string("딸기") + [14]
        expected += [24] + FormatBytes.varint(FormatBytes.zigzag(promised.millisecondsSince1970)) // ticket 12, promised
        let record = JournalRecord(time: Sample.time, source: "/kiosk/juice", entries: [.event(event)])
        #expect(RecordCodec.encode(record) == expected)
        var parts = RepeatedParts()
        for _ in 0..<2 {
            var writer = ByteWriter()
            RecordCodec.encode(time: Sample.time, source: "/kiosk/juice", facts: [], events: [event], into: &writer, repeating: &parts)
            #expect(writer.bytes == expected)
        }
        #expect(try RecordCodec.decode(expected, format: .notes) == record)
    }

    @Test func theOrderPathWritesTheRecordOfItsFactsThenItsEventsAfterWhatIsThere() throws {
        let (_, records) = try Sample.records()
        let facts: [JournalEntry] = [.stockDeclared(ingredient: "딸기", count: 9), .note("after the stock")]
        for record in records {
            let events = record.entries.compactMap { entry -> Event? in if case .event(let event) = entry { event } else { nil } }
            var bytes: [UInt8] = [7, 7]
            RecordCodec.encode(time: record.time, source: record.source, facts: facts, events: events, into: &bytes)
            let whole = JournalRecord(time: record.time, source: record.source, entries: facts + events.map(JournalEntry.event))
            #expect(bytes == [7, 7] + RecordCodec.encode(whole))
            #expect(try RecordCodec.decode(Array(bytes.dropFirst(2)), format: .notes) == whole)
        }
    }

    /// The order path writes each event into room reserved ahead; one too large for it (a
    /// long message text, many lines) is written again, growing, and nothing of the first
    /// attempt stays.
    @Test func anEventLargerThanTheRoomReservedForItIsWrittenWhole() throws {
        let (_, records) = try Sample.records()
        let original = try #require(records[1].events.first)
        let text = String(repeating: "{item} is ready, ", count: 200)
        let long = Event(
            id: original.id, sequence: original.sequence, time: original.time, source: original.source,
            payload: original.payload, template: try MessageTemplate(parsing: text)
        )
        let lines = (0..<300).map { ItemQuantity(item: "Juice number \($0)", quantity: $0 + 1) }
        let many = Event(
            id: original.id, sequence: original.sequence + 1, time: original.time, source: original.source,
            payload: .orderFailed(OrderFailed(lines: lines, missing: [])), template: original.template
        )
        #expect(text.utf8.count > RecordCodec.eventRoom)
        let events = [original, long, many, original]
        var bytes: [UInt8] = []
        RecordCodec.encode(time: Sample.time, source: "/kiosk/juice", facts: [], events: events, into: &bytes)
        let whole = JournalRecord(time: Sample.time, source: "/kiosk/juice", entries: events.map(JournalEntry.event))
        #expect(bytes == RecordCodec.encode(whole))
        #expect(try RecordCodec.decode(bytes, format: .notes) == whole)
    }

    @Test func everyTruncationAndEveryFlippedByteThrowsOrDecodesNeverTraps() throws {
        let (_, records) = try Sample.records()
        let body = RecordCodec.encode(records[1])
        for length in 0..<body.count {
            #expect(throws: RecordDecodingError.self) { try RecordCodec.decode(Array(body[0..<length]), format: .notes) }
        }
        for index in body.indices {
            for bit in 0..<8 {
                var damaged = body
                damaged[index] ^= 1 << bit
                _ = try? RecordCodec.decode(damaged, format: .notes)
            }
        }
    }

    @Test func crc32cMatchesTheStandardCheckValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
    }

    @Test func foldingTheRecordsGivesTheKioskThatMadeThem() throws {
        let (live, records) = try Sample.records()
        var replayed = Kiosk(menu: try Sample.menu(), ids: UUIDv7Generator(seed: 99))
        for record in records { replayed.apply(record) }
        #expect(replayed.inventory == live.inventory)
        #expect(replayed.sequence == live.sequence)
        #expect(replayed.ledger.snapshot == live.ledger.snapshot)
    }

    @Test func snapshotsRoundTrip() throws {
        let (kiosk, _) = try Sample.records()
        var facts = RecordFormat.notes.emptyFolds
        facts.apply(JournalRecord(time: Sample.time, source: "s", entries: [.note("kept"), .note("too")]))
        let snapshot = JournalSnapshot(position: 12_345, kiosk: kiosk.snapshot, facts: facts)
        let decoded = try SnapshotCodec.encode(snapshot, format: .notes).withUnsafeBytes { try SnapshotCodec.decode($0, format: .notes) }
        #expect(decoded == snapshot)
        #expect(decoded.facts[Notes.self].texts == ["kept", "too"])
    }

    /// A layer registers its facts with a format: a record or snapshot holding a kind the
    /// reader's format does not register cannot be read, and says which.
    @Test func aFactOfAKindTheFormatDoesNotRegisterIsAnUnknownEntry() throws {
        let record = JournalRecord(time: Sample.time, source: "s", entries: [.note("who?")])
        let bytes = RecordCodec.encode(record)
        #expect(try RecordCodec.decode(bytes, format: .notes) == record)
        #expect(throws: RecordDecodingError.unknownEntry(Note.code)) { try RecordCodec.decode(bytes, format: .domain) }
        let (kiosk, _) = try Sample.records()
        var facts = FactFolds()
        facts[Notes.self] = Notes(texts: ["kept"])
        let snapshot = SnapshotCodec.encode(JournalSnapshot(position: 1, kiosk: kiosk.snapshot, facts: facts), format: .notes)
        #expect(snapshot.suffix(7) == [20, 1, 4] + Array("kept".utf8))
        #expect(throws: RecordDecodingError.malformed("bytes follow the snapshot")) {
            try snapshot.withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
        }
    }
}

/// Board and suggestion events in the journal's format.
@Suite struct LaterEventCodecTests {
    private func event(_ payload: Event.Payload, _ sequence: UInt64) -> Event {
        Event(
            id: EventID(high: 0x0190_1234_5678_7000 + sequence, low: 0x8000_0000_0000_0001), sequence: sequence, time: Sample.time,
            source: "/kiosk/juice", payload: payload, template: MessageCatalog.defaults[payload.type]
        )
    }

    @Test func ticketAndSuggestionEventsRoundTrip() throws {
        let lines = [ItemQuantity(item: "Mango Juice", quantity: 2)]
        let events = [
            event(.orderSucceeded(OrderSucceeded(
                lines: lines, consumed: [IngredientCount(ingredient: "mango", count: 6)], stock: [IngredientCount(ingredient: "mango", count: 4)],
                ticket: 12, promised: Timestamp(millisecondsSince1970: 1_795_262_520_000)
            )), 1),
            event(.ticketStarted(TicketStarted(ticket: 12, station: "blender", prep: 120_000, lines: lines)), 2),
            event(.ticketReady(TicketChanged(ticket: 12, lines: lines)), 3),
            event(.ticketPickedUp(TicketChanged(ticket: 12, lines: lines)), 4),
            event(.ticketRecalled(TicketChanged(ticket: 12, lines: lines)), 5),
            event(.ticketLate(TicketChanged(ticket: 12, lines: lines)), 6),
            event(.ticketCancelled(TicketCancelled(
                ticket: 12, lines: lines, from: .preparing, wasted: [IngredientCount(ingredient: "mango", count: 6)], total: Money("9"), currency: "KRW"
            )), 7),
            event(.suggestionMade(SuggestionMade(
                profiles: ["ana", "민지"], partySize: 2, answers: [AnsweredQuestion(question: "sweet", answer: .yes), AnsweredQuestion(question: "cold", answer: .skip)],
                rule: .leastMisery, lenient: true, page: 2,
                items: [
                    SuggestionMade.ScoredItem(item: "Mango Juice", tenths: 73), SuggestionMade.ScoredItem(item: "Oat Latte", tenths: 60, undeclaredAllergens: true),
                    SuggestionMade.ScoredItem(item: "Latte", tenths: 55, undeclaredAllergens: true, choice: LineChoice(
                        size: "large", options: [LineChoice.Option(group: "Milk", option: "Oat")], unitPrice: Money("5500"),
                        recipe: [IngredientCount(ingredient: "espresso", count: 2), IngredientCount(ingredient: "oat-milk", count: 300)]
                    )),
                ]
            )), 8),
        ]
        let record = JournalRecord(time: Sample.time, source: "/kiosk/juice", entries: events.map(JournalEntry.event))
        #expect(try RecordCodec.decode(RecordCodec.encode(record), format: .notes) == record)
    }

    @Test func aFailedReloadRoundTripsAsCode13() throws {
        let failed = event(.menuReloadFailed(MenuReloadFailed(menu: "쥬스 메이커", errors: 3)), 9)
        let bytes = RecordCodec.encode(JournalRecord(time: Sample.time, source: "/kiosk/juice", entries: [.event(failed)]))
        #expect(try RecordCodec.decode(bytes, format: .notes).events == [failed])
        #expect(bytes.contains(13))
    }
}

/// Profiles in the journal: the `profile.changed` fact, its fold, and snapshots that keep
/// them while reading the ones written before profiles were state.
@Suite struct ProfileFactCodecTests {
    static let changes: [ProfileChange] = [
        .add(profile: "민지"), .avoid(profile: "ana", "milk"), .like(profile: "ana", "tropical"), .dislike(profile: "ANA", "Kiwi Juice"),
        .rate(profile: "ana", item: "Mango Juice", score: 8), .unavoid(profile: "ana", "milk"), .forget(profile: "ana", "tropical"),
        .avoid(profile: "ben", "nuts"), .remove(profile: "ben"),
    ]

    @Test func everyProfileChangeRoundTripsAsAFact() throws {
        let record = JournalRecord(time: Sample.time, source: "/kiosk/juice", entries: ProfileFactCodecTests.changes.map(JournalEntry.profileChanged))
        #expect(try RecordCodec.decode(RecordCodec.encode(record), format: .notes) == record)
    }

    @Test func aProfileFactIsCode68ThenTheChangesWords() {
        let record = JournalRecord(time: Timestamp(millisecondsSince1970: 0), source: "s", entries: [.profileChanged(.rate(profile: "a", item: "M", score: 8))])
        // time 0, source "s", one entry; 68, four strings: "rate" "a" "M" "8".
        #expect(RecordCodec.encode(record) == [0, 1, 0x73, 1, 68, 4, 4, 0x72, 0x61, 0x74, 0x65, 1, 0x61, 1, 0x4D, 1, 0x38])
    }

    @Test func anUnknownProfileOperationIsMalformed() {
        // 68 with the words ["shout", "ana"].
        let body: [UInt8] = [0, 1, 0x73, 1, 68, 2, 5] + Array("shout".utf8) + [3] + Array("ana".utf8)
        #expect(throws: RecordDecodingError.malformed("an unknown profile change")) { try RecordCodec.decode(body, format: .notes) }
    }

    @Test func foldingProfileFactsGivesTheProfilesTheChangesMake() throws {
        var kiosk = Kiosk(menu: try Sample.menu(), ids: UUIDv7Generator(seed: 1))
        kiosk.apply(JournalRecord(time: Sample.time, source: "s", entries: ProfileFactCodecTests.changes.map(JournalEntry.profileChanged)))
        #expect(kiosk.profiles == Profiles(replaying: ProfileFactCodecTests.changes))
        #expect(kiosk.profiles.all.map(\.name) == ["민지", "ana"])
        #expect(kiosk.profiles["ANA"] == Profile(name: "ana", dislikes: ["Kiwi Juice"], ratings: [.init(item: "Mango Juice", score: 8)]))
    }

    @Test func snapshotsKeepTheProfiles() throws {
        let (kiosk, _) = try Sample.records()
        var snapshot = JournalSnapshot(position: 99, kiosk: kiosk.snapshot)
        snapshot.kiosk.profiles = Profiles(replaying: ProfileFactCodecTests.changes)
        let decoded = try SnapshotCodec.encode(snapshot, format: .notes).withUnsafeBytes { try SnapshotCodec.decode($0, format: .notes) }
        #expect(decoded == snapshot)
        #expect(decoded.kiosk.profiles["ana"]?.ratings == [.init(item: "Mango Juice", score: 8)])
    }

    @Test func aSnapshotWithoutProfilesHasTheBytesOfOneWrittenBeforeProfilesAndReadsBack() throws {
        let (kiosk, _) = try Sample.records()
        let snapshot = JournalSnapshot(position: 7, kiosk: kiosk.snapshot.withoutLineTotals)
        let bytes = SnapshotCodec.encode(snapshot, format: .notes)
        // Before profiles, a snapshot ended with its deliveries: here none, one zero byte.
        #expect(bytes.last == 0)
        var withProfiles = snapshot
        withProfiles.kiosk.profiles = Profiles(replaying: [.add(profile: "ana")])
        // The same bytes, then section 1 with one change of two words.
        #expect(SnapshotCodec.encode(withProfiles, format: .notes) == bytes + [1, 1, 2, 3] + Array("add".utf8) + [3] + Array("ana".utf8))
        #expect(try bytes.withUnsafeBytes { try SnapshotCodec.decode($0, format: .notes) }.kiosk.profiles.isEmpty)
        // Section 200 is none kiosk writes.
        #expect(throws: RecordDecodingError.malformed("bytes follow the snapshot")) {
            try (bytes + [200]).withUnsafeBytes { try SnapshotCodec.decode($0, format: .notes) }
        }
    }
}
