import Foundation
import KioskApplication
import KioskCore
import KioskTerminal
import KioskTestSupport
import Testing

/// Errors in words: the one place their text is made, asserted whole.
@Suite struct ErrorTextTests {
    let text = ErrorText()

    @Test func errorMessagesNeverCarryControlCharacters() {
        let message = text.message(.unknownItem("\u{1B}[2Jmango\u{0}", suggestion: nil))
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(message == "unknown item '␛[2Jmango␀'; type 'menu' for the items")
    }

    /// Names the core puts in its messages — an ingredient, a board's station — are made
    /// visible in the whole message, not only where a command quotes a word.
    @Test func namesInTheCoresMessagesAreMadeVisible() {
        #expect(text.message(.requirementTooLarge(ingredient: "kiwi\u{1B}]0;owned\u{7}\u{202E}"))
            == "order refused: it needs more kiwi␛]0;owned␇\u{FFFD} than any stock can hold")
        #expect(text.message(.belowZero(ingredient: "mango\u{1B}[2J", available: 1, requested: 3))
            == "cannot remove 3 mango␛[2J: only 1 in stock")
    }

    @Test func aRefusalNamesWhatIsMissing() throws {
        let harness = try SessionHarness()
        for _ in 0..<3 { try harness.run("order mango juice") }
        let refused = try #require(try harness.run("order mango juice").error)
        #expect(text.message(refused) == "order refused: not enough mango (needed 3, available 1)")
        #expect(text.message(.aboveMaximum(ingredient: "mango", current: 10, requested: 999_999_999))
            == "cannot add 999,999,999 mango: it has 10 and stock stops at 1,000,000,000")
    }

    @Test func aFailedReloadShowsEveryDiagnosticWithItsSource() throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.file("menu.kiosk", juiceMakerSource)
        let harness = try SessionHarness(path: file)
        try scratch.file("menu.kiosk", "item Broken needs nothing 1\n")
        let error = try #require(try harness.run("reload").error)
        #expect(text.message(error) == """
        reload failed; the menu was not changed:
        \(file):1:19: error: unknown ingredient 'nothing'
            1 | item Broken needs nothing 1
              |                   ^~~~~~~
              = help: declare it first: ingredient nothing stock 10

        """)
        try FileManager.default.removeItem(atPath: file)
        #expect(text.message(try #require(try harness.run("reload").error)) == "reload failed; the menu was not changed:\ncannot read '\(file)': no such file\n")
    }
}
