import KioskCore
import KioskText
import Testing

@Suite struct EventTests {
    @Test func anEventEncodesAsCloudEventsJSONInFieldOrder() throws {
        var kiosk = try Fixtures.kiosk()
        let (_, events) = try kiosk.order("Mango Juice")
        let json = String(decoding: events[0].json, as: UTF8.self)
        let id = events[0].id.description
        #expect(json == """
        {"specversion":"1.0","id":"\(id)","source":"/kiosk/juice-maker","type":"order.succeeded",\
        "time":"2026-11-21T12:00:00.000Z","datacontenttype":"application/json","seq":1,"data":{"lines":[{"item":"Mango Juice","quantity":1}],\
        "consumed":{"mango":3},"stock":{"mango":7},"message":"Mango Juice is ready. Enjoy!"}}
        """)
    }

    @Test func theDataAloneIsTheDataMemberOfTheEvent() throws {
        var kiosk = try Fixtures.kiosk()
        let (_, events) = try kiosk.order("Mango Juice")
        let data = String(decoding: events[0].dataJSON, as: UTF8.self)
        #expect(data == #"{"lines":[{"item":"Mango Juice","quantity":1}],"consumed":{"mango":3},"stock":{"mango":7},"message":"Mango Juice is ready. Enjoy!"}"#)
        #expect(String(decoding: events[0].json, as: UTF8.self).hasSuffix(#""data":"# + data + "}"))
    }

    @Test func everyEventTypeEncodes() throws {
        var kiosk = try Fixtures.kiosk()
        var events: [Event] = []
        for _ in 0..<4 { events += try kiosk.order("Mango Juice").1 }
        try kiosk.edit(.restock, 5, of: kiosk.menu.ingredientIndex(named: "mango")!, at: Fixtures.noon, emitting: &events)
        kiosk.replaceMenu(with: try Fixtures.juiceMaker(), at: Fixtures.noon, emitting: &events)
        let texts = events.map { String(decoding: $0.json, as: UTF8.self) }
        #expect(texts.contains { $0.contains(#""type":"order.failed""#) && $0.contains(#""missing":[{"ingredient":"mango","needed":3,"available":1}]"#) })
        #expect(texts.contains { $0.contains(#""data":{"ingredient":"mango","stock":1,"low":0,"reason":"short","needed":3,"#) })
        #expect(texts.contains { $0.contains(#""data":{"ingredient":"mango","from":1,"to":6,"reason":"restock","message":"mango stock is now 6."}"#) })
        #expect(texts.contains { $0.contains(#""type":"menu.reloaded""#) && $0.contains(#""addedItems":[]"#) })
    }

    @Test func whatTheWriterWroteReadsBack() throws {
        var kiosk = try Fixtures.kiosk()
        var events: [Event] = []
        for _ in 0..<4 { events += try kiosk.order("Mango Juice").1 }
        for event in events {
            let value = try #require(JSONValue(parsing: event.json))
            #expect(value["id"]?.string == event.id.description)
            #expect(value["time"]?.string == event.time.iso8601)
            #expect(value["data"]?["message"]?.string == event.message)
        }
    }

    @Test func stringsAreEscaped() {
        var writer = JSONWriter()
        writer.string("a\"b\\c\nd\u{1B}e\u{7F}딸기")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""a\"b\\c\nd\u001be\u007f딸기""#)
    }

    @Test func timestampsPrintAsISO8601InUTC() {
        #expect(Timestamp(millisecondsSince1970: 0).iso8601 == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp(millisecondsSince1970: 1_795_266_910_589).iso8601 == "2026-11-21T13:15:10.589Z")
        #expect(Timestamp(millisecondsSince1970: 951_782_400_000).iso8601 == "2000-02-29T00:00:00.000Z")
        #expect(Timestamp(millisecondsSince1970: -1).iso8601 == "1969-12-31T23:59:59.999Z")
    }
}

@Suite struct UUIDv7Tests {
    @Test func idsAreVersion7WithTheTimeInFront() {
        var generator = UUIDv7Generator(seed: 1)
        let id = generator.next(at: Timestamp(millisecondsSince1970: 0x0190_1234_5678))
        let text = id.description
        #expect(text.count == 36)
        #expect(text.hasPrefix("01901234-5678-7"))
        #expect("89ab".contains(text[text.index(text.startIndex, offsetBy: 19)]))
        #expect(EventID(text) == id)
        #expect(EventID(text.uppercased()) == id)
        #expect(EventID("not-a-uuid") == nil)
        // From bytes, as a plugin's acknowledgement names it.
        #expect(EventID(utf8: Array(text.utf8)[...]) == id)
        #expect(EventID(utf8: Array(text.uppercased().utf8)[...]) == id)
        #expect(EventID(utf8: Array(String(text.map { $0 == "-" ? "x" : $0 }).utf8)[...]) == nil)
        #expect(EventID(utf8: Array(text.utf8).dropLast()) == nil)
        #expect(EventID(utf8: Array(("g" + text.dropFirst()).utf8)[...]) == nil)
    }

    @Test func idsIncreaseEvenWithinOneMillisecondAndWhenTheClockGoesBack() {
        var generator = UUIDv7Generator(seed: 7)
        var previous = generator.next(at: Timestamp(millisecondsSince1970: 1000))
        for step in 0..<10_000 {
            let time = Timestamp(millisecondsSince1970: step % 3 == 0 ? 999 : 1000)
            let next = generator.next(at: time)
            #expect(next > previous)
            previous = next
        }
    }

    @Test func theSameSeedGivesTheSameIds() {
        var a = UUIDv7Generator(seed: 99)
        var b = UUIDv7Generator(seed: 99)
        let t = Timestamp(millisecondsSince1970: 5)
        #expect(a.next(at: t) == b.next(at: t))
    }
}

@Suite struct MessageTemplateTests {
    @Test func placeholdersAreFilledFromTheEvent() throws {
        let template = try MessageTemplate(parsing: "{item} ×{quantity}: {missing} / {ingredient} {{literal}}")
        let payload = Event.Payload.orderFailed(OrderFailed(
            lines: [ItemQuantity(item: "Mango Juice", quantity: 2)],
            missing: [Missing(ingredient: "mango", needed: 6, available: 1)]
        ))
        #expect(template.render(payload) == "Mango Juice ×2 ×2: mango (needed 6, available 1) / mango {literal}")
    }

    @Test func koreanTemplatesRender() throws {
        let template = try MessageTemplate(parsing: "{item} 나왔습니다! 맛있게 드세요!")
        let payload = Event.Payload.orderSucceeded(OrderSucceeded(
            lines: [ItemQuantity(item: "망고쥬스", quantity: 1)], consumed: [], stock: [], total: nil, currency: nil))
        #expect(template.render(payload) == "망고쥬스 나왔습니다! 맛있게 드세요!")
    }

    @Test func anUnknownPlaceholderIsAnErrorWithItsPosition() {
        #expect(throws: TemplateError(name: "itme", utf8Offset: 4, utf8Length: 6)) {
            try MessageTemplate(parsing: "ok: {itme}")
        }
    }

    @Test func bracesThatAreNotPlaceholdersStayAsTheyAre() throws {
        let template = try MessageTemplate(parsing: "{ not one } {} {")
        #expect(template.render(.menuReloaded(MenuReloaded(menu: "m", ingredients: 0, items: 0, difference: MenuDifference()))) == "{ not one } {} {")
    }
}
