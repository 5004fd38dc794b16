import KioskText
import Testing

@Suite struct TerminalTextTests {
    @Test func controlCharactersEscapesAndBidiOverridesAreMadeVisible() {
        #expect(TerminalText.visible("plain text") == "plain text")
        #expect(TerminalText.visible("\u{1B}[2Jmango\u{0}\u{7F}") == "␛[2Jmango␀␡")
        #expect(TerminalText.visible("a\u{202E}b\u{2066}c\u{85}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        #expect(TerminalText.visible("딸기 우유") == "딸기 우유")
    }

    @Test func textAppendedPieceByPieceIsMadeVisibleAsAWholeLineIs() {
        // The console writes an event's message into its buffer piece by piece.
        for text in ["plain text", "\u{1B}[2Jmango\u{0}\u{7F}", "a\u{202E}b\u{2066}c\u{85}d", "딸기 우유", "", "short"] {
            var bytes = Array("> ".utf8)
            TerminalText.appendVisible(text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "> " + TerminalText.visible(text))
        }
    }

    @Test(arguments: [(0, "0"), (7, "7"), (-1, "-1"), (1_000_000, "1000000"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808")])
    func digitsAreTheNumbersDescription(_ value: Int, _ text: String) {
        var bytes = Array("#".utf8)
        DecimalDigits.append(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "#" + text)
        #expect(DecimalDigits.withDigits(of: UInt64.max) { Array($0) } == Array("18446744073709551615".utf8))
    }

    @Test func aMessageKeepsItsLinesAndShowsEveryOtherControl() {
        #expect(TerminalText.visibleLines("line one\nline two\n") == "line one\nline two\n")
        #expect(TerminalText.visibleLines("bad '\u{1B}]0;x\u{7}'\r\n\u{202E}딸기\n") == "bad '␛]0;x␇'␍\n\u{FFFD}딸기\n")
    }

    @Test func widthCountsColumnsOnATerminal() {
        #expect(TerminalText.width(of: "mango") == 5)
        #expect(TerminalText.width(of: "딸기우유") == 8)
        #expect(TerminalText.width(of: "e\u{301}") == 1, "a combining mark takes no column")
    }
}
