import KioskCore
import KioskSinks
import KioskWire
import Testing

@Suite struct CloudEventsBindingTests {
    @Test func binaryModeSendsTheAttributesAsHeadersAndTheDataAsTheBody() throws {
        let event = try #require(Events.orders(1).first)
        let message = CloudEventsBinding.binary(event)
        let (headers, body) = (message.headers, message.body)
        #expect(headers == [
            HTTPField("ce-specversion", "1.0"),
            HTTPField("ce-id", event.id.description),
            HTTPField("ce-source", "/kiosk/juice-maker"),
            HTTPField("ce-type", "order.succeeded"),
            HTTPField("ce-time", "2026-11-21T12:00:00.000Z"),
            HTTPField("ce-seq", "1"),
            HTTPField("Content-Type", "application/json"),
        ])
        #expect(String(decoding: body, as: UTF8.self) == """
        {"lines":[{"item":"Mango Juice","quantity":1}],"consumed":{"mango":3},"stock":{"mango":999999997},"message":"Mango Juice is ready. Enjoy!"}
        """)
    }

    @Test func aSourceWithEscapesHasItsPercentSignsEncoded() throws {
        let event = try #require(Events.everyType().first)
        #expect(event.source == "/kiosk/caf%C3%A9")
        let source = CloudEventsBinding.binary(event).headers.first { $0.name == "ce-source" }
        #expect(source?.value == "/kiosk/caf%25C3%25A9", "one round of percent-decoding gives the source back")
    }

    @Test func headerValuesArePercentEncodedAsTheBindingRequires() {
        // The binding's own example.
        #expect(CloudEventsBinding.percentEncoded("Euro € 😀") == "Euro%20%E2%82%AC%20%F0%9F%98%80")
        #expect(CloudEventsBinding.percentEncoded(#"a"b%c"#) == "a%22b%25c")
        #expect(CloudEventsBinding.percentEncoded("tab\there\u{7F}\u{85}") == "tab%09here%7F%C2%85")
        // Printable ASCII but space, '"' and '%' stays as it is, reserved characters too.
        let printable = String((0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }.filter { $0 != "\"" && $0 != "%" })
        #expect(CloudEventsBinding.percentEncoded(printable) == printable)
    }

    @Test func structuredModeHasItsOwnMediaType() {
        #expect(CloudEventsBinding.structuredContentType == "application/cloudevents+json; charset=utf-8")
    }
}
