import Foundation
import KioskTestSupport
import Testing

/// The reference in docs/ shows kiosk at work in `console` blocks, and each one does what it
/// shows with the built kiosk: a shell session (`$ command`, then what it prints) runs in a
/// shell, as the README's do; a transcript of the prompt (`kiosk> …`) runs on a real
/// pseudo-terminal, the questions kiosk asks answered as the page answers them.
@Suite struct DocsExampleTests {
    struct Example: CustomTestStringConvertible {
        let page: String
        let index: Int
        let text: String

        var testDescription: String { "\(page), example \(index + 1)" }
        var isTranscript: Bool { text.hasPrefix("kiosk> ") || text.contains("\nkiosk> ") }
    }

    /// Every `console` block of docs/, but those run elsewhere: `kiosk serve`'s session
    /// (ServeExampleTests, against a server) and what `mosquitto_sub` sees of a kiosk, its
    /// payloads shortened (MQTTTests, against a real broker, checks those topics and
    /// payloads in that order).
    static let examples: [Example] = {
        let directory = Repository.root.appendingPathComponent("docs")
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return pages.filter { $0.hasSuffix(".md") }.sorted().flatMap { page -> [Example] in
            let text = (try? Repository.text("docs/" + page)) ?? ""
            let blocks = text.components(separatedBy: "```console\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
            return blocks.enumerated().map { Example(page: page, index: $0.offset, text: $0.element) }
        }.filter { !$0.text.hasPrefix("$ kiosk serve") && !$0.text.hasPrefix("$ mosquitto_sub") }
    }()

    @Test func theReferenceHasExamples() {
        #expect(DocsExampleTests.examples.filter(\.isTranscript).count >= 3)
        #expect(DocsExampleTests.examples.filter { !$0.isTranscript }.count >= 5)
    }

    @Test(arguments: DocsExampleTests.examples.filter { !$0.isTranscript })
    func aShellSessionPrintsWhatItShows(_ example: Example) throws {
        try DocsExampleTests.expectPrintsWhatItShows(example.text)
    }

    /// Runs a shell `session` in a scratch directory that has the repository's `menus/`,
    /// the built kiosk first on the PATH, and expects each command to print what follows
    /// it. A `$ cat FILE` step whose file is not there yet makes it with what the session
    /// shows, so that a page can show a menu and then use it.
    static func expectPrintsWhatItShows(_ session: String) throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createSymbolicLink(atPath: scratch.path("menus"), withDestinationPath: Repository.menus)
        let steps = ManualPageTests.steps(of: session)
        #expect(!steps.isEmpty)
        for step in steps where step.command.hasPrefix("cat ") && step.command.split(separator: " ").count == 2 {
            let name = String(step.command.dropFirst(4))
            if !name.contains("/"), !FileManager.default.fileExists(atPath: scratch.path(name)) {
                _ = try scratch.file(name, step.output)
            }
        }
        let outputs = try ManualPageTests.run(steps, directory: scratch.url, environment: [
            "PATH": KioskProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": scratch.path,
            "XDG_STATE_HOME": scratch.path("state"),
        ])
        #expect(outputs.count == steps.count)
        for (step, output) in zip(steps, outputs) {
            #expect(output == step.output, "$ \(step.command)")
        }
    }

    /// The transcript's lines, in order, on the terminal: each `kiosk> COMMAND` typed at the
    /// prompt, each question (`… [y/N] y`) answered with what follows its brackets, and
    /// every other line printed as shown — spaces, and so the tables' alignment, included.
    /// A transcript that starts at the prompt runs the bundled Juice Maker.
    @Test(arguments: DocsExampleTests.examples.filter(\.isTranscript))
    func aTranscriptOfThePromptIsWhatATerminalShows(_ example: Example) throws {
        try DocsExampleTests.expectTerminalShows(example.text)
    }

    /// Runs a `transcript` of the prompt on a pseudo-terminal, its lines in order: each
    /// `kiosk> COMMAND` typed at the prompt, each question (`… [y/N] y`) answered with what
    /// follows its brackets, and every other line printed as shown — spaces, and so the
    /// tables' alignment, included. A transcript that starts at the prompt runs the bundled
    /// Juice Maker; one that starts with `$ kiosk ARGUMENTS` runs that.
    static func expectTerminalShows(_ transcript: String) throws {
        let scratch = try ScratchDirectory()
        var lines = transcript.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        var arguments: [String] = []
        if let first = lines.first, first.hasPrefix("$ kiosk") {
            arguments = first.dropFirst("$ kiosk".count).split(separator: " ").map(String.init)
            lines.removeFirst()
        }
        let kiosk = try PseudoTerminal(arguments: arguments, environment: [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": scratch.path("history"), "HOME": scratch.path, "PATH": "/usr/bin:/bin",
        ])
        for line in lines {
            if line.hasPrefix("kiosk> ") {
                let command = String(line.dropFirst("kiosk> ".count))
                try kiosk.expect("kiosk> ")
                kiosk.send(command + "\r")
                try kiosk.expect(command + "\r\n")
            } else if let question = DocsExampleTests.question(in: line) {
                try kiosk.expect(question.asked)
                kiosk.send(question.answer + "\r")
            } else {
                try kiosk.expect(line + "\r\n")
            }
        }
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }

    /// `Restock now? [y/N] y`: a question (up to its brackets) and the answer typed after it.
    static func question(in line: String) -> (asked: String, answer: String)? {
        guard let close = line.lastIndex(of: "]"), line[..<close].contains("? ["), line[..<close].contains("[") else { return nil }
        let asked = String(line[...close])
        return (asked, line[line.index(after: close)...].trimmingCharacters(in: .whitespaces))
    }

    @Test func aQuestionIsTheTextUpToItsBracketsAndItsAnswer() throws {
        let restock = try #require(DocsExampleTests.question(in: "Restock now? [y/N] y"))
        #expect(restock.asked == "Restock now? [y/N]" && restock.answer == "y")
        let amount = try #require(DocsExampleTests.question(in: "strawberry (10 in stock): add how many? [6]"))
        #expect(amount.asked == "strawberry (10 in stock): add how many? [6]" && amount.answer == "")
        #expect(DocsExampleTests.question(in: "#  ITEM  SCORE  FITS") == nil)
        #expect(DocsExampleTests.question(in: "Suggested: Banana Juice [new]") == nil)
    }
}
