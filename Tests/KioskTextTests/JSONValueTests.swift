import KioskText
import Testing

@Suite struct JSONValueTests {
    @Test func readsWhatTheWriterWrote() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("name", "딸기 \"Milk\"\n")
        writer.field("count", -12)
        writer.field("ok", true)
        writer.array("tags", strings: ["a", ""])
        writer.key("none")
        writer.null()
        writer.endObject()
        let value = try #require(JSONValue(parsing: writer.bytes))
        #expect(value == .object([
            ("name", .string("딸기 \"Milk\"\n")), ("count", .number("-12")), ("ok", .bool(true)),
            ("tags", .array([.string("a"), .string("")])), ("none", .null),
        ]))
    }

    @Test func rejectsMalformedJSONAndDeepNesting() {
        #expect(JSONValue(parsing: Array("{\"a\":".utf8)) == nil)
        #expect(JSONValue(parsing: Array("[1,]".utf8)) == nil)
        #expect(JSONValue(parsing: Array(String(repeating: "[", count: 100_000).utf8)) == nil)
        #expect(JSONValue(parsing: Array(#""\ud83c\udf53""#.utf8)) == .string("🍓"))
    }

    @Test(arguments: ["01", "-01", "1.", "1.e5", ".5", "-", "1e", "1e+", "1E-", "1-2", "1+2", "2e3.4", "--1", "+1", "1.2.3", "0x10", "1ee3"])
    func malformedNumbersAreRefused(_ text: String) {
        #expect(JSONValue(parsing: Array(text.utf8)) == nil)
        #expect(JSONValue(parsing: Array("[\(text)]".utf8)) == nil)
    }

    @Test(arguments: ["0", "-0", "7", "-12", "4.50", "0.5", "1e5", "1E+5", "-2.5e-3", "10"])
    func wellFormedNumbersKeepTheirText(_ text: String) {
        #expect(JSONValue(parsing: Array(text.utf8)) == .number(text))
        #expect(JSONValue(parsing: Array("{\"n\":\(text)}".utf8))?["n"] == .number(text))
    }
}
