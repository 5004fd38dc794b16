import KioskApplication
import KioskTestSupport
import Testing

/// kiosk(1) lists the Korean words of every command and sub-command, in the table's order:
/// the table is their one source, and the page's list is what it generates.
@Suite struct KoreanManualPageTests {
    /// The mdoc lines of the page's list of Korean words, made from `table`: `.It 메뉴 Ta Ic
    /// menu`, a sub-command's as `.It 추가 Ta Ic stock Cm add`, Hangul as roff's `\[uXXXX]`.
    static func lines(from table: CommandTable) -> [String] {
        var lines: [String] = []
        for entry in table.entries {
            for word in entry.localWords(in: .korean) {
                lines.append(".It \(roff(word)) Ta Ic \(roff(entry.name))")
            }
            let subcommands: [Completion.Subcommand] = switch entry.completion {
            case .subcommands(let list), .clauses(let list): list
            default: []
            }
            for subcommand in subcommands {
                for word in subcommand.localWords(in: .korean) {
                    lines.append(".It \(roff(word)) Ta Ic \(roff(entry.name)) Cm \(roff(subcommand.name))")
                }
            }
        }
        return lines
    }

    /// `word` as roff source: ASCII as it is (a hyphen escaped), anything else `\[uXXXX]`.
    static func roff(_ word: String) -> String {
        word.unicodeScalars.map { scalar in
            if scalar == "-" { return "\\-" }
            if scalar.isASCII { return String(scalar) }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }.joined()
    }

    /// The `.It` lines of the list after `.Ss Korean words` in COMMANDS.
    static func pageLines() throws -> [String] {
        let section = try ManualPage("kiosk.1").lines(inSection: "COMMANDS")
        guard let start = section.firstIndex(of: ".Ss Korean words") else { return [] }
        let rest = section[start...]
        let end = rest.firstIndex(of: ".El") ?? rest.endIndex
        return rest[..<end].filter { $0.hasPrefix(".It ") }.map(String.init)
    }

    @Test func theManualPageListsTheKoreanWordsTheTableDeclares() throws {
        let generated = Self.lines(from: .standard)
        #expect(generated.count >= 27, "every command has a Korean word, some sub-commands too")
        #expect(try Self.pageLines() == generated, "man/kiosk.1's list of Korean words, from the table:\n\(generated.joined(separator: "\n"))")
    }

    @Test func hangulIsWrittenAsRoffEscapes() {
        #expect(Self.roff("메뉴") == "\\[uBA54]\\[uB274]")
        #expect(Self.roff("all-day") == "all\\-day")
    }
}
