@testable import KioskApplication
import Testing

@Suite struct HelpTextTests {
    @Test func helpListsEveryCommandWithItsSummary() {
        let text = HelpText.text(for: nil, in: .standard)
        for entry in CommandTable.standard.entries {
            #expect(text.contains("  \(entry.synopsis)"), "\(entry.name)")
            #expect(text.contains(entry.summary), "\(entry.name)")
        }
        #expect(text.hasPrefix("Commands:\n  menu "))
        #expect(text.hasSuffix("Type 'help COMMAND' for more about one.\n"))
    }

    @Test func helpOnOneCommandGivesItsUsageAndDetails() throws {
        let entry = try #require(CommandTable.standard.entry(named: "exit"))
        #expect(HelpText.text(for: "exit", in: .standard) == "usage: quit\n\n\(entry.details)\n")
    }
}
