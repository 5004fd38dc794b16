import Foundation
import KioskTestSupport
import Testing

/// The README is for the first five minutes: short, the two commands first, and every
/// example in it does what it shows.
@Suite struct ReadmeTests {
    static func readme() throws -> String { try Repository.text("README.md") }

    @Test func itIsShortAndStartsWithTheTwoCommands() throws {
        let readme = try ReadmeTests.readme()
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count < 300)
        let firstBlock = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(firstBlock.hasPrefix("make run "))
        #expect(firstBlock.contains("\nmake test "))
    }

    /// The `console` blocks — but `kiosk serve`'s (ServeExampleTests) — do what they show:
    /// a shell session run in a shell, a transcript of the prompt on a pseudo-terminal, as
    /// the examples in docs/ are (DocsExampleTests).
    @Test func itsExamplesPrintWhatTheyShow() throws {
        let blocks = try ReadmeTests.readme().components(separatedBy: "```console\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }.filter { !$0.hasPrefix("$ kiosk serve") }
        let transcripts = blocks.filter { $0.contains("kiosk> ") }
        #expect(blocks.count - transcripts.count >= 5 && transcripts.count >= 1, "\(blocks.count) examples")
        for block in blocks {
            if transcripts.contains(block) {
                try DocsExampleTests.expectTerminalShows(block)
            } else {
                try DocsExampleTests.expectPrintsWhatItShows(block)
            }
        }
    }
}
