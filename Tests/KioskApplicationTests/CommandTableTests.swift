import KioskApplication
import KioskTestSupport
import Testing

/// The command table is the one declaration of every command; the table of commands in
/// docs/COMMANDS.md and the list in kiosk(1) say the same.
@Suite struct CommandTableTests {
    /// The first word of every backticked command in docs/COMMANDS.md's command table (the one
    /// headed `| command | does |`), in order.
    static func referenceCommands() throws -> [String] {
        let lines = try Repository.text("docs/COMMANDS.md").split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(of: "| command | does |") else { return [] }
        var names: [String] = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let spans = CommandTableTests.firstCell(of: line).split(separator: "`", omittingEmptySubsequences: false)
            for index in stride(from: 1, to: spans.count, by: 2) {
                if let word = spans[index].split(separator: " ").first { names.append(String(word)) }
            }
        }
        return names
    }

    /// A table row's first cell: up to the first `|` that is not written `\|`.
    static func firstCell(of row: Substring) -> Substring {
        var previous: Character = " "
        let cell = row.dropFirst()
        for index in cell.indices {
            if cell[index] == "|", previous != "\\" { return cell[..<index] }
            previous = cell[index]
        }
        return cell
    }

    @Test func everyCommandIsInTheReferenceAndNothingElseIs() throws {
        let reference = try CommandTableTests.referenceCommands()
        #expect(reference.count >= 10, "the table of docs/COMMANDS.md was found")
        #expect(Set(reference) == Set(CommandTable.standard.names))
    }

    /// kiosk(1) lists every command of the table, aliases included, and nothing else.
    @Test func everyCommandIsInTheManualPageAndNothingElseIs() throws {
        let page = try ManualPage("kiosk.1").words(after: "Ic", inSection: "COMMANDS", itemsOnly: true)
        #expect(page.count >= 10, "the page's commands were found")
        #expect(Set(page) == Set(CommandTable.standard.names))
    }

    @Test func namesAndAliasesAreUniqueAndLowerCase() {
        let names = CommandTable.standard.names
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0 == $0.lowercased() && !$0.contains(" ") })
    }

    @Test func everySynopsisStartsWithItsName() {
        for entry in CommandTable.standard.entries {
            #expect(entry.synopsis == entry.name || entry.synopsis.hasPrefix(entry.name + " "), "\(entry.synopsis)")
        }
    }
}
