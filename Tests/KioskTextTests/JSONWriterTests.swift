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
