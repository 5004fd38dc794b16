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

    /// The `console` blocks a script can run — not the prompt's transcript (a pseudo-
    /// terminal test drives that), not `kiosk serve` (ServeExampleTests) — run in a shell
    /// from a directory that has the repository's `menus/`, with the built kiosk first on
    /// the PATH, each command printing what follows it.
    @Test func itsExamplesPrintWhatTheyShow() throws {
        let blocks = try ReadmeTests.readme().components(separatedBy: "```console\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        let runnable = blocks.filter { !$0.contains("kiosk> ") && !$0.hasPrefix("$ kiosk serve") }
        #expect(runnable.count >= 5, "\(runnable.count) examples")
        for block in runnable {
            let scratch = try ScratchDirectory()
            try FileManager.default.createSymbolicLink(atPath: scratch.path("menus"), withDestinationPath: Repository.menus)
            let steps = ManualPageTests.steps(of: block)
            let outputs = try ManualPageTests.run(steps, directory: scratch.url, environment: [
                "PATH": KioskProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": scratch.path,
                "XDG_STATE_HOME": scratch.path("state"),
            ])
            #expect(outputs.count == steps.count)
            for (step, output) in zip(steps, outputs) {
                #expect(output == step.output, "$ \(step.command)")
            }
        }
    }
}
