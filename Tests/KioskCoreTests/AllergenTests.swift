import KioskCore
import Testing

@Suite struct AllergenTests {
    @Test func theFourteenHaveTheirRegulationNames() {
        #expect(Allergen.allCases.map(\.name) == [
            "gluten", "crustaceans", "eggs", "fish", "peanuts", "soybeans", "milk", "nuts", "celery", "mustard",
            "sesame", "sulphites", "lupin", "molluscs",
        ])
    }

    @Test(arguments: [
        ("soy", Allergen.soybeans), ("Soya", .soybeans), ("egg", .eggs), ("Tree Nuts", .nuts), ("tree_nuts", .nuts),
        ("sulfites", .sulphites), ("sulphur dioxide", .sulphites), ("dairy", .milk), ("lactose", .milk),
        ("mollusks", .molluscs), ("groundnuts", .peanuts), ("lupine", .lupin), ("celeriac", .celery), ("GLUTEN", .gluten),
    ])
    func synonymsNameExactlyOneCategory(_ word: String, _ allergen: Allergen) {
        #expect(Allergen(named: word) == allergen)
    }

    @Test(arguments: ["shellfish", "seafood", "wheat", "almond", "none", ""])
    func wordsForSeveralCategoriesOrForAMemberAreNotSynonyms(_ word: String) {
        #expect(Allergen(named: word) == nil)
    }

    @Test func everyWordNamesOneCategoryOnly() {
        #expect(Set(Allergen.allWords).count == Allergen.allWords.count)
        #expect(Allergen.allWords.allSatisfy { Allergen(named: $0) != nil })
    }

    @Test func avoidingAnAmbiguousWordAvoidsEveryCategoryItMayMean() {
        #expect(Allergens.avoided(by: "shellfish").list == [.crustaceans, .molluscs])
        #expect(Allergens.avoided(by: "Seafood").list == [.crustaceans, .fish, .molluscs].sorted { $0.rawValue < $1.rawValue })
        #expect(Allergens.avoided(by: "soy").list == [.soybeans])
        #expect(Allergens.avoided(by: "mango").isEmpty)
    }
}
