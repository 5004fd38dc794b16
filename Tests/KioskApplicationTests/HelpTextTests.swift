@testable import KioskApplication
import Testing

@Suite struct HelpTextTests {
    @Test func helpListsEveryCommand() {
        let text = HelpText.text(for: nil)
        for entry in CommandCatalog.entries { #expect(text.contains(entry.synopsis)) }
    }
}
