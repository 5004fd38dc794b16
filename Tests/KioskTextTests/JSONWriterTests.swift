import KioskText
import Testing

@Suite struct JSONWriterTests {
    /// Control characters, C1 controls, line separators and bidirectional overrides are
    /// written as `\u` escapes: JSON printed on a terminal can neither drive nor reorder it.
    @Test func terminalControlsAreEscapedAndOtherTextIsKept() {
        var writer = JSONWriter()
        writer.string("a\u{1B}[2J\u{202E}b\u{2066}\u{2069}\u{85}\u{2028}c 딸기 — ©\u{2030}\u{7F}")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""a\u001b[2J\u202eb\u2066\u2069\u0085\u2028c 딸기 — ©‰\u007f""#)
        #expect(JSONValue(parsing: writer.bytes)?.string == "a\u{1B}[2J\u{202E}b\u{2066}\u{2069}\u{85}\u{2028}c 딸기 — ©\u{2030}\u{7F}", "read back as written")
    }
}

@Suite struct JSONWriterBytesTests {
    private func text(_ writer: JSONWriter) -> String {
        String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func integersAtTheEdgesOfTheirTypesAreWrittenWhole() {
        var writer = JSONWriter(capacity: 0)
        writer.beginArray()
        writer.number(Int64.min)
        writer.number(Int64.max)
        writer.number(UInt64.max)
        writer.number(0)
        writer.number(-1)
        writer.number(Int8.min)
        writer.endArray()
        #expect(text(writer) == "[-9223372036854775808,9223372036854775807,18446744073709551615,0,-1,-128]")
    }

    @Test func amountsInHundredthsKeepTheirSignAndTwoFractionDigits() {
        var writer = JSONWriter()
        writer.beginArray()
        for hundredths in [0, 4500, 450, -25, -100, -1, 7, Int.min, Int.max] { writer.number(hundredths: hundredths) }
        writer.endArray()
        #expect(text(writer) == "[0,45,4.50,-0.25,-1,-0.01,0.07,-92233720368547758.08,92233720368547758.07]")
    }

    @Test func quotesBackslashesAndEveryControlCharacterAreEscaped() {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let expected = #"{"k":"say \"hi\" \\ \u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\t\n\u000b\u000c\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f"}"#
        var object = JSONWriter()
        object.beginObject()
        object.field("k", "say \"hi\" \\ \(controls)")
        object.endObject()
        #expect(text(object) == expected)
        #expect(JSONValue(parsing: object.bytes)?["k"]?.string == "say \"hi\" \\ \(controls)")
    }

    @Test func textOutsideTheBasicPlaneIsWrittenAsItsUTF8() {
        var writer = JSONWriter(capacity: 0)
        writer.beginObject()
        writer.key(string: "🥭 \"mango\"")
        writer.string("𝄞 Ωmega 딸기 🧃")
        writer.endObject()
        #expect(text(writer) == #"{"🥭 \"mango\"":"𝄞 Ωmega 딸기 🧃"}"#)
        #expect(JSONValue(parsing: writer.bytes)?["🥭 \"mango\""]?.string == "𝄞 Ωmega 딸기 🧃")
    }

    @Test func aWriterGrowsPastItsCapacityAndKeepsItsRoomAfterRemoveAll() {
        var writer = JSONWriter(capacity: 0)
        let long = String(repeating: "juice ", count: 500)
        writer.beginArray()
        for index in 0..<40 {
            writer.string(long)
            writer.number(index)
        }
        writer.endArray()
        let first = writer.bytes
        #expect(first.count == writer.count)
        #expect(JSONValue(parsing: first)?.array?.count == 80)
        writer.removeAll()
        #expect(writer.count == 0)
        writer.beginObject()
        writer.field("a", true)
        writer.key("b")
        writer.null()
        writer.endObject()
        writer.endLine()
        #expect(text(writer) == "{\"a\":true,\"b\":null}\n")
    }

    @Test func partsLiteralsAndRawJSONJoinWithTheRightSeparators() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("message")
        writer.beginString()
        writer.stringPart("Mango \"Juice\"")
        writer.stringPart(literal: " × ")
        writer.stringPart(decimal: -12)
        writer.endString()
        writer.key("raw")
        writer.raw(Array(#"{"x":[1,2]}"#.utf8))
        writer.key("lazy")
        writer.raw(#"[true]"#.utf8.lazy.map { $0 })
        writer.key("time")
        writer.time(millisecondsSince1970: 1_795_965_510_589)
        writer.key("id")
        writer.unescapedString(count: 3) { at in
            at[0] = UInt8(ascii: "a")
            at[1] = UInt8(ascii: "b")
            at[2] = UInt8(ascii: "c")
        }
        writer.endObject()
        #expect(text(writer) == #"{"message":"Mango \"Juice\" × -12","raw":{"x":[1,2]},"lazy":[true],"time":"2026-11-29T15:18:30.589Z","id":"abc"}"#)
    }

    @Test func timesInTheSameSecondAndAcrossSecondsAreWrittenAsISO8601Writes() {
        let moments: [Int64] = [
            1_795_965_510_589, 1_795_965_510_000, 1_795_965_510_999, 1_795_965_510_005, 1_795_965_511_000, 1_795_965_510_589,
            0, 999, -1, -1_000, -86_400_001, 253_402_300_799_999, 1_795_965_510_050,
        ]
        var writer = JSONWriter(capacity: 0)
        writer.beginArray()
        for moment in moments { writer.time(millisecondsSince1970: moment) }
        writer.endArray()
        let expected = "[" + moments.map { "\"" + ISO8601.string(millisecondsSince1970: $0) + "\"" }.joined(separator: ",") + "]"
        #expect(text(writer) == expected)
        #expect(expected.contains("\"2026-11-29T15:18:30.005Z\",\"2026-11-29T15:18:31.000Z\""))
        #expect(expected.contains("\"1969-12-31T23:59:59.999Z\""))
    }
}
