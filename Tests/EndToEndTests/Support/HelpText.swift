import Foundation

/// What `kiosk --help` (or `kiosk simulate --help`) declares, read from the text itself: the
/// completions and the man pages are held to it.
struct HelpText {
    /// One option as its line in the help shows it: `--menu FILE`, `-h, --help`.
    struct Option: Equatable, CustomStringConvertible {
        let name: String
        /// Whether the help shows a value after it (`FILE`, `virtual[=TIME]`).
        let takesValue: Bool
        var description: String { name }
    }

    let text: String

    /// The help of `kiosk` with these arguments (`--help`, `simulate --help`).
    init(_ arguments: String...) throws {
        let result = try KioskProcess(arguments: arguments).run()
        text = result.stdout
    }

    /// The options of the `Options:` section: each line that starts with `-`, up to the
    /// first run of two spaces, split at `, `.
    var options: [Option] {
        var found: [Option] = []
        var inOptions = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "Options:" {
                inOptions = true
                continue
            }
            guard inOptions else { continue }
            guard !line.isEmpty else { break }
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-") else { continue }
            let synopsis = trimmed.split(separator: "  ", maxSplits: 1).first ?? trimmed
            for part in synopsis.split(separator: ", ") {
                let words = part.split(separator: " ")
                if let name = words.first { found.append(Option(name: String(name), takesValue: words.count > 1)) }
            }
        }
        return found
    }

    /// The sub-commands of its usage lines: `kiosk WORD …` where WORD is a word, not an
    /// option or a bracket.
    var commands: [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 2, words[0] == "kiosk", words[1].allSatisfy({ $0.isLetter }) else { return nil }
            return String(words[1])
        }
    }

    /// The sub-commands with a help of their own (`kiosk simulate --help`), and that help;
    /// the others (`check`) take kiosk's options.
    static func subCommandsWithTheirOwnHelp() throws -> [(command: String, help: HelpText)] {
        let main = try HelpText("--help")
        return try main.commands.compactMap { command in
            let own = try HelpText(command, "--help")
            return own.text == main.text ? nil : (command, own)
        }
    }

    /// The actions of `kiosk state`, from its usage: `usage: kiosk state verify|dump|compact DIRECTORY`.
    static func stateActions() throws -> [String] {
        let result = try KioskProcess("state").run()
        guard let usage = result.stderr.firstMatch(of: /kiosk state ([a-z|]+) DIRECTORY/) else { return [] }
        return usage.1.split(separator: "|").map(String.init)
    }
}
