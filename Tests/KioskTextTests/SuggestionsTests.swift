import KioskText
import Testing

@Suite struct SuggestionsTests {
    @Test func theNearestNameWithinTwoEditsWhateverTheCase() {
        let names = ["order", "restock", "report", "reload"]
        #expect(Suggestions.closest(to: "ordr", among: names) == "order")
        #expect(Suggestions.closest(to: "ORDRE", among: names) == "order", "a swap of neighbours is one edit")
        #expect(Suggestions.closest(to: "reprot", among: names) == "report")
        #expect(Suggestions.closest(to: "menu", among: names) == nil)
        #expect(Suggestions.closest(to: "", among: names) == nil)
        #expect(Suggestions.closest(to: "--custmers", among: ["--customers", "--hours"]) == "--customers")
    }
}
