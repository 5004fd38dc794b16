import KioskCore
import Testing

/// `suggest` on items with options: allergens from the options chosen (oat milk is not
/// milk), options' own allergens and tags, questions about an option, and an item named
/// once whatever its selections.
@Suite struct SuggesterChoiceTests {
    static let espresso = 0, milk = 1, oatMilk = 2, syrup = 3, water = 4

    /// A latte (milk, whole or oat; a hazelnut syrup that carries nuts) and an americano
    /// that may be iced (tagged `cold`); `oatAllergens` as oat milk declares them.
    static func menu(oatAllergens: Allergens? = []) throws -> Menu {
        let none = Allergens()
        let ingredients = [
            Ingredient(name: "espresso", initialStock: 100, allergens: none),
            Ingredient(name: "milk", initialStock: 1000, allergens: Allergens(.milk)),
            Ingredient(name: "oat-milk", initialStock: 1000, allergens: oatAllergens),
            Ingredient(name: "syrup", initialStock: 100, allergens: none),
            Ingredient(name: "water", initialStock: 1000, allergens: none),
        ]
        let latte = ItemChoices(
            sizes: [ItemSize(name: nil, price: nil, recipe: Recipe([.init(ingredient: espresso, quantity: 1), .init(ingredient: milk, quantity: 200)]))],
            defaultSize: 0,
            groups: [
                OptionGroup(name: "Milk", minimum: 1, maximum: 1, options: [
                    ItemOption(name: "Whole", isDefault: true),
                    ItemOption(name: "Oat", changes: [.replace(milk, with: oatMilk)]),
                ]),
                OptionGroup(name: "Syrup", minimum: 0, maximum: 1, options: [
                    ItemOption(name: "Hazelnut", adds: [.init(ingredient: syrup, quantity: 1)], allergens: Allergens(.nuts)),
                ]),
            ]
        )
        let americano = ItemChoices(
            sizes: [ItemSize(name: nil, price: nil, recipe: Recipe([.init(ingredient: espresso, quantity: 2), .init(ingredient: water, quantity: 250)]))],
            defaultSize: 0,
            groups: [OptionGroup(name: "Ice", minimum: 0, maximum: 1, options: [ItemOption(name: "Iced", tags: ["cold"])])]
        )
        return try Menu(
            name: "Coffee", ingredients: ingredients,
            items: [
                Item(name: "Latte", choices: latte, allergens: Allergens(.milk)),
                Item(name: "Americano", choices: americano, allergens: none),
            ],
            questions: [Question(key: "cold", text: "Something cold?", tags: ["cold"])]
        )
    }

    private func suggestion(_ outcome: SuggestionOutcome, _ name: String) -> Suggestion? {
        outcome.pages?.ranked.first { $0.name == name }
    }

    @Test func someoneWhoAvoidsMilkIsOfferedTheOatLatte() throws {
        let profiles = SmoothieBar.profiles(.avoid(profile: "ana", "milk"))
        let outcome = try suggest(SuggestionRequest(profiles: ["ana"]), on: try Self.menu(), profiles: profiles)
        #expect(outcome.names == ["Latte", "Americano"])
        let latte = try #require(suggestion(outcome, "Latte"))
        #expect(latte.choice?.options.map(\.option) == ["Oat"])
        #expect(latte.choice?.recipe == [IngredientCount(ingredient: "espresso", count: 1), IngredientCount(ingredient: "oat-milk", count: 200)])
        #expect(latte.makeable == 5)
        #expect(suggestion(outcome, "Americano")?.choice == nil)
        // Without an opinion, the default selection.
        #expect(try suggestion(suggest(on: try Self.menu()), "Latte")?.choice == nil)
    }

    @Test func milkGoesOnlyWhenEveryIngredientSaysWhatItCarries() throws {
        let profiles = SmoothieBar.profiles(.avoid(profile: "ana", "milk"))
        let outcome = try suggest(SuggestionRequest(profiles: ["ana"]), on: try Self.menu(oatAllergens: nil), profiles: profiles)
        #expect(outcome.names == ["Americano"])
        // Oat milk that declares milk keeps it.
        let milky = try suggest(SuggestionRequest(profiles: ["ana"]), on: try Self.menu(oatAllergens: Allergens(.milk)), profiles: profiles)
        #expect(milky.names == ["Americano"])
    }

    @Test func anOptionsOwnAllergenVetoesOnlyTheSelectionsWithIt() throws {
        let profiles = SmoothieBar.profiles(.avoid(profile: "ana", "nuts"), .like(profile: "ana", "syrup"))
        let outcome = try suggest(SuggestionRequest(profiles: ["ana"]), on: try Self.menu(), profiles: profiles)
        // The liked syrup would score the hazelnut latte higher; its nuts veto it.
        #expect(outcome.names == ["Latte", "Americano"])
        #expect(suggestion(outcome, "Latte")?.choice == nil)
        let liking = try suggest(SuggestionRequest(profiles: ["ben"]), on: try Self.menu(), profiles: SmoothieBar.profiles(.like(profile: "ben", "syrup")))
        let latte = try #require(suggestion(liking, "Latte"))
        #expect(latte.choice?.options.map(\.option) == ["Whole", "Hazelnut"])
        #expect(latte.score.tenths == 60)
    }

    @Test func aQuestionAboutAnOptionIsFittedByTheSelectionWithIt() throws {
        let outcome = try suggest(SuggestionRequest(answers: [.yes]), on: try Self.menu())
        #expect(outcome.names == ["Americano", "Latte"])
        let americano = try #require(suggestion(outcome, "Americano"))
        #expect(americano.choice?.options.map(\.option) == ["Iced"])
        #expect(americano.fits == ["cold"])
        #expect(americano.score.tenths == 60)
        // A no favours the americano as it comes, which has not the tag.
        let hot = try suggest(SuggestionRequest(answers: [.no]), on: try Self.menu())
        #expect(suggestion(hot, "Americano")?.choice == nil)
        #expect(suggestion(hot, "Americano")?.fits == ["cold"])
    }

    @Test func everythingVetoedCountsItemsNotSelections() throws {
        let profiles = SmoothieBar.profiles(.avoid(profile: "ana", "milk"), .avoid(profile: "ana", "espresso"))
        let outcome = try suggest(SuggestionRequest(profiles: ["ana"]), on: try Self.menu(), profiles: profiles)
        #expect(outcome.nothing == .allVetoed(vetoed: 2, undeclared: 0))
    }

    @Test func theEventCarriesTheSuggestedChoice() throws {
        let profiles = SmoothieBar.profiles(.avoid(profile: "ana", "milk"))
        let pages = try #require(try suggest(SuggestionRequest(profiles: ["ana"]), on: try Self.menu(), profiles: profiles).pages)
        let latte = try #require(pages.event.items.first { $0.item == "Latte" })
        #expect(latte.choice?.options.map(\.option) == ["Oat"])
        #expect(try MessageTemplate(parsing: "{item}").render(.suggestionMade(pages.event)) == "Latte (Oat), Americano")
    }
}
