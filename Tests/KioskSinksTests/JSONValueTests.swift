import KioskCore
import Testing

@Suite struct JSONValueTests {
    @Test func readsWhatTheWriterWrote() throws {
        for event in try Events.everyType() {
            let value = try #require(JSONValue(parsing: event.json))
            #expect(value["id"]?.string == event.id.description)
            #expect(value["data"]?["message"]?.string == event.message)
        }
    }

    @Test func rejectsMalformedJSONAndDeepNesting() {
        #expect(JSONValue(parsing: Array("{\"a\":".utf8)) == nil)
        #expect(JSONValue(parsing: Array("[1,]".utf8)) == nil)
        #expect(JSONValue(parsing: Array(String(repeating: "[", count: 100_000).utf8)) == nil)
        #expect(JSONValue(parsing: Array(#""\ud83c\udf53""#.utf8)) == .string("🍓"))
    }
}
