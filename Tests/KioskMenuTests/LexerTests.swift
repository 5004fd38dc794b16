@testable import KioskMenu
import Testing

@Suite struct LexerTests {
    private func kinds(_ source: String) -> [Token.Kind] {
        Lexer.tokenize(Array(source.utf8), file: 0).tokens.map(\.kind)
    }

    private func texts(_ source: String) -> [String] {
        Lexer.tokenize(Array(source.utf8), file: 0).tokens.filter { $0.kind.isValue }.map(\.text)
    }

    @Test func wordsNumbersDecimalsAndDurations() {
        #expect(kinds("mango 10 -5 4.50 500ms 5s 2m 1h 1.5s 7up order.failed a_b-c")
            == [.word, .integer, .integer, .decimal, .duration, .duration, .duration, .duration, .duration, .word, .word, .word, .newline, .end])
    }

    @Test func aWordThatStartsWithADigitReadsOnThroughColonsAndSlashes() {
        #expect(texts("arrivals 07:00 180/h, 9:30 0.5/s") == ["arrivals", "07:00", "180/h", "9:30", "0.5/s"])
        #expect(kinds("07:00 180/h") == [.word, .word, .newline, .end])
        // Only between word characters, and only after a digit: elsewhere they stay errors.
        #expect(Lexer.tokenize(Array("a:b 10: /h".utf8), file: 0).diagnostics.map(\.problem)
            == [.unexpectedCharacters(":"), .unexpectedCharacters(":"), .unexpectedCharacters("/")])
    }

    @Test func aPercentSignEndsANumber() {
        #expect(texts("demand 70% large, 12.5% oat") == ["demand", "70%", "large", "12.5%", "oat"])
        #expect(kinds("70%") == [.word, .newline, .end])
        // Not after a letter, and not twice.
        #expect(Lexer.tokenize(Array("a% 5%%".utf8), file: 0).diagnostics.map(\.problem)
            == [.unexpectedCharacters("%"), .unexpectedCharacters("%")])
    }

    @Test func lettersOfAnyScriptMakeWords() {
        #expect(texts("딸기 café ягода いちご") == ["딸기", "café", "ягода", "いちご"])
        #expect(kinds("딸기") == [.word, .newline, .end])
    }

    @Test func punctuationCommentsAndNewlines() {
        #expect(kinds("a, b { c } # comment, { }\n\n\nd") == [.word, .comma, .word, .openBrace, .word, .closeBrace, .newline, .word, .newline, .end])
    }

    @Test func aHashInsideAStringIsNotAComment() {
        #expect(texts(#"kiosk "Café #1" # real comment"#) == ["kiosk", "Café #1"])
    }

    @Test func stringEscapes() {
        let tokens = Lexer.tokenize(Array(#""a\"b\\c\nd\te\$f\u{1F353}\u{AC00}""#.utf8), file: 0)
        #expect(tokens.diagnostics.isEmpty)
        #expect(tokens.tokens[0].text == "a\"b\\c\nd\te$f🍓가")
        #expect(tokens.tokens[0].literal == nil, "no variables, nothing to expand")
    }

    @Test func variablesAreKeptForExpansionAfterLexing() {
        let token = Lexer.tokenize(Array(#""Bearer ${TOKEN} at ${HOST:-localhost}""#.utf8), file: 0).tokens[0]
        #expect(token.literal?.segments == [
            .text("Bearer "), .variable(name: "TOKEN", defaultValue: nil, range: 8..<16),
            .text(" at "), .variable(name: "HOST", defaultValue: "localhost", range: 20..<38),
        ])
        #expect(token.literal?.display == "Bearer ${TOKEN} at ${HOST:-localhost}")
    }

    @Test func aDollarWithoutABraceIsLiteral() {
        let token = Lexer.tokenize(Array(#""costs $5""#.utf8), file: 0).tokens[0]
        #expect(token.text == "costs $5")
        #expect(token.literal == nil)
    }

    @Test func crlfLineEndingsAreNewlines() {
        #expect(kinds("a\r\nb\r\n") == [.word, .newline, .word, .newline, .end])
    }
}
