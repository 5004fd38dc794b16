import Foundation
import KioskCore
import Testing

/// Every kind of event kiosk sends is a valid CloudEvent by the official JSON schema.
@Suite struct CloudEventsSchemaTests {
    /// `Fixtures/cloudevents.json`, found from this file (see `Fixtures/README.md`).
    static let validator: JSONSchemaValidator? = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/cloudevents.json").path
        guard let bytes = FileManager.default.contents(atPath: path), let schema = try? JSON(parsing: Array(bytes)) else { return nil }
        return JSONSchemaValidator(schema: schema)
    }()

    /// One event of each payload variant: priced and unpriced orders, a refusal, restocks
    /// for a low mark and for a shortfall, a stock edit, a reload and one that failed, from
    /// menus with an ASCII name, a non-ASCII name and an explicit source.
    static func everyVariant() throws -> [Event] {
        let time = Timestamp(millisecondsSince1970: 1_795_262_400_123)
        let priced = try Menu(
            name: "Café 딸기", currency: "KRW",
            ingredients: [Ingredient(name: "milk", initialStock: 2, lowMark: 1, unit: "cups")],
            items: [Item(name: "Strawberry \"Milk\"", price: Money("4.50"), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        )
        var kiosk = Kiosk(menu: priced, ids: UUIDv7Generator(seed: 3))
        var events: [Event] = []
        try kiosk.place(Order(item: 0), at: time, emitting: &events) // order.succeeded with a total, restock.needed low
        try kiosk.place(Order(item: 0, quantity: 5), at: time, emitting: &events) // order.failed, restock.needed short
        try kiosk.edit(.set, 7, of: 0, at: time, emitting: &events) // stock.changed
        let explicit = try Menu(name: "Stand", source: "https://stand.example/kiosks/7", ingredients: priced.ingredients, items: priced.items)
        kiosk.replaceMenu(with: explicit, at: time, emitting: &events) // menu.reloaded
        kiosk.reloadFailed(errors: 2, at: time, emitting: &events) // menu.reload_failed
        return try events + Events.orders(1) // order.succeeded without a price
    }

    @Test func everyKindOfEventValidates() throws {
        let validator = try #require(CloudEventsSchemaTests.validator, "Fixtures/cloudevents.json is readable JSON")
        let events = try CloudEventsSchemaTests.everyVariant()
        let variants = Set(events.map(CloudEventsSchemaTests.variant))
        #expect(variants == [
            "order.succeeded priced", "order.succeeded", "order.failed", "restock.needed low", "restock.needed short", "stock.changed", "menu.reloaded",
            "menu.reload_failed",
        ])
        #expect(Set(events.map(\.source)) == ["/kiosk/caf%C3%A9-%EB%94%B8%EA%B8%B0", "https://stand.example/kiosks/7", "/kiosk/juice-maker"])
        for event in events {
            let json = try JSON(parsing: event.json)
            #expect(validator.errors(in: json) == [], "\(String(decoding: event.json, as: UTF8.self))")
            #expect(json["datacontenttype"] == .string("application/json"))
        }
    }

    /// Every step of a payment, a refund with its stock back among them, is a valid CloudEvent.
    @Test func everyStepOfAPaymentValidates() throws {
        let validator = try #require(CloudEventsSchemaTests.validator)
        let time = Timestamp(millisecondsSince1970: 1_795_262_400_123)
        let menu = try Menu(
            name: "Corner", currency: "USD", ingredients: [Ingredient(name: "cup", initialStock: 9)],
            items: [Item(name: "Tea", price: Money("2.10"), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))],
            checkout: CheckoutSettings(cashRounding: 5)
        )
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 3))
        var events: [Event] = []
        try kiosk.place(Order(item: 0, quantity: 2), at: time, emitting: &events)
        for presentation in [CardPresentation.number("4000000000000002"), .timeout, .cancel] {
            let request = try kiosk.cardRequest(for: nil, tip: nil, presenting: presentation)
            try kiosk.payCard(request, for: nil, outcome: SimulatedReader().authorize(request), latency: 10, at: time, emitting: &events)
        }
        try kiosk.payCash(nil, tendered: Money(hundredths: 1000), split: false, at: time, emitting: &events)
        try kiosk.refund(1, amount: nil, restock: true, at: time, emitting: &events)
        try kiosk.openDrawer(float: Money(hundredths: 5000), at: time, emitting: &events)
        try kiosk.moveCash(.paidOut, Money(hundredths: 100), reason: "milk", at: time, emitting: &events)
        try kiosk.countDrawer(Money(hundredths: 4900), at: time, emitting: &events)
        try kiosk.closeDrawer(at: time, emitting: &events)
        #expect(Set(events.map(\.type)).isSuperset(of: PaymentStatus.allCases.map(\.eventType)))
        for event in events {
            #expect(validator.errors(in: try JSON(parsing: event.json)) == [], "\(String(decoding: event.json, as: UTF8.self))")
        }
    }

    @Test func anInvalidEventFails() throws {
        let validator = try #require(CloudEventsSchemaTests.validator)
        let event = try #require(Events.orders(1).first)
        let valid = String(decoding: event.json, as: UTF8.self)
        #expect(validator.errors(in: try JSON(parsing: Array(valid.utf8))) == [])

        // The source kiosk used to send: a space is not allowed in a URI reference.
        let spaced = valid.replacingOccurrences(of: #""source":"/kiosk/juice-maker""#, with: #""source":"kiosk/Juice Maker""#)
        #expect(validator.errors(in: try JSON(parsing: Array(spaced.utf8))) == [#"$.source: "kiosk/Juice Maker" is not a valid uri-reference"#])

        let withoutID = valid.replacingOccurrences(of: #""id":"\#(event.id)","#, with: "")
        #expect(validator.errors(in: try JSON(parsing: Array(withoutID.utf8))) == ["$: required property id is missing"])

        let badTime = valid.replacingOccurrences(of: "2026-11-21T12:00:00.000Z", with: "2026-11-21 12:00:00Z")
        #expect(validator.errors(in: try JSON(parsing: Array(badTime.utf8))) == [#"$.time: "2026-11-21 12:00:00Z" is not a valid date-time"#])

        let emptyType = valid.replacingOccurrences(of: #""type":"order.succeeded""#, with: #""type":"""#)
        #expect(validator.errors(in: try JSON(parsing: Array(emptyType.utf8))) == ["$.type: shorter than 1"])

        let numericID = valid.replacingOccurrences(of: #""id":"\#(event.id)""#, with: #""id":7"#)
        #expect(validator.errors(in: try JSON(parsing: Array(numericID.utf8))) == ["$.id: not of type string"])
    }

    private static func variant(_ event: Event) -> String {
        switch event.payload {
        case .orderSucceeded(let e): e.total == nil ? "order.succeeded" : "order.succeeded priced"
        case .restockNeeded(let e): "restock.needed \(e.reason.rawValue)"
        default: event.type.rawValue
        }
    }
}

/// The validator itself: it fails what it should, and never passes what it cannot check.
@Suite struct JSONSchemaValidatorTests {
    private func errors(_ schema: String, _ instance: String) throws -> [String] {
        JSONSchemaValidator(schema: try JSON(parsing: Array(schema.utf8))).errors(in: try JSON(parsing: Array(instance.utf8)))
    }

    @Test func typesAreToldApart() throws {
        #expect(try errors(#"{"type":"boolean"}"#, "true") == [])
        #expect(try errors(#"{"properties":{"a":{"type":"boolean"}}}"#, #"{"a":1}"#) == ["$.a: not of type boolean"])
        #expect(try errors(#"{"properties":{"a":{"type":"number"}}}"#, #"{"a":true}"#) == ["$.a: not of type number"])
        #expect(try errors(#"{"properties":{"a":{"type":"integer"}}}"#, #"{"a":1.5}"#) == ["$.a: not of type integer"])
        #expect(try errors(#"{"properties":{"a":{"type":["string","null"]}}}"#, #"{"a":null}"#) == [])
        #expect(try errors(#"{"properties":{"a":{"type":["string","null"]}}}"#, #"{"a":{}}"#) == [#"$.a: not of any type of ["string", "null"]"#])
    }

    @Test func anUnknownKeywordOrFormatIsAnErrorNotAPass() throws {
        #expect(try errors(#"{"maxLength":3}"#, #""abcdef""#) == ["$: unsupported keyword maxLength"])
        #expect(try errors(#"{"format":"email"}"#, #""a@b""#) == ["$: unsupported format email"])
        #expect(try errors(##"{"$ref":"#/definitions/nowhere"}"##, "{}") == ["$: cannot resolve $ref #/definitions/nowhere"])
    }

    @Test func refIgnoresItsSiblingsAsDraft07Says() throws {
        let schema = ##"{"definitions":{"s":{"type":"string"}},"properties":{"a":{"$ref":"#/definitions/s","type":"number"}}}"##
        #expect(try errors(schema, #"{"a":"x"}"#) == [])
        #expect(try errors(schema, #"{"a":1}"#) == ["$.a: not of type string"])
    }

    @Test func combinatorsCount() throws {
        let schema = #"{"oneOf":[{"type":"string"},{"type":"string","minLength":2}],"anyOf":[{"type":"string"}]}"#
        #expect(try errors(schema, #""a""#) == [])
        #expect(try errors(schema, #""ab""#) == ["$: 2 of 2 schemas of oneOf pass"])
    }

    @Test(arguments: ["https://stand.example/kiosks/7", "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", "mailto:a@b.example", "http://[::1]:8080/", "http:"])
    func absoluteURIs(_ text: String) {
        #expect(JSONSchemaFormat.check("uri", text) == true)
        #expect(JSONSchemaFormat.check("uri-reference", text) == true)
    }

    @Test(arguments: ["/kiosk/juice-maker", "cloudevents/spec/pull/123", "1-555-123-4567", "//host", "", "?q#f", "./a:b"])
    func relativeReferencesAreReferencesButNotURIs(_ text: String) {
        #expect(JSONSchemaFormat.check("uri", text) == false)
        #expect(JSONSchemaFormat.check("uri-reference", text) == true)
    }

    @Test(arguments: ["kiosk/Juice Maker", "/kiosk/café", "a:b c", "1a:b", "%4", "http://[1::2::3]/", "http://h/<x>", "a#b#c", "http://a@b@c"])
    func notURIReferences(_ text: String) {
        #expect(JSONSchemaFormat.check("uri-reference", text) == false)
    }

    @Test func dateTimesFollowRFC3339() {
        for valid in ["2026-11-21T12:00:00.000Z", "2026-11-21t12:00:00z", "2024-02-29T00:00:00+09:00", "2016-12-31T23:59:60Z", "2017-01-01T08:59:60+09:00"] {
            #expect(JSONSchemaFormat.isDateTime(valid), "\(valid)")
        }
        for invalid in ["2026-11-21 12:00:00Z", "2026-11-21T12:00:00", "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-04-31T00:00:00Z",
                        "2026-11-21T24:00:00Z", "2026-11-21T12:60:00Z", "2026-11-21T12:00:60Z", "2026-11-21T12:00:00.Z", "2026-11-21T12:00:00+0900",
                        "2026-11-21T12:00:00+24:00", "26-11-21T12:00:00Z", "2026-11-21T12:00:00Z\n"] {
            #expect(!JSONSchemaFormat.isDateTime(invalid), "\(invalid)")
        }
    }

    @Test func uriTemplatesFollowRFC6570() {
        for valid in ["http://example.com/{id}", "/kiosk{/name}{?a,b*,c:3}", "{+path}/x{#frag}", "plain", "%C3%A9{var.name}"] {
            #expect(JSONSchemaFormat.check("uri-template", valid) == true, "\(valid)")
        }
        for invalid in ["{", "}", "{}", "{a b}", "a b", "{a:0}", "{a:10000}", "{a**}", "x<y", "{$a}"] {
            #expect(JSONSchemaFormat.check("uri-template", invalid) == false, "\(invalid)")
        }
    }
}
