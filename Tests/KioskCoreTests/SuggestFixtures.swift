import KioskCore

/// A smoothie bar for `suggest`: tags, allergens (one item undeclared) and three questions.
enum SmoothieBar {
    static let ingredients = ["mango", "banana", "kiwi", "milk", "yogurt", "peanut butter", "oats"]

    static func menu(settings: SuggestSettings = SuggestSettings(shows: 6, next: 0, rule: .average)) throws -> Menu {
        func item(_ name: String, _ parts: KeyValuePairs<String, Int>, tags: [String], allergens: [Allergen]?) -> Item {
            let recipe = Recipe(parts.map { Recipe.Component(ingredient: ingredients.firstIndex(of: $0.key)!, quantity: $0.value) })
            return Item(name: name, recipe: recipe, tags: tags, allergens: allergens.map { Allergens($0) })
        }
        return try Menu(
            name: "Smoothie Bar",
            ingredients: ingredients.map { Ingredient(name: $0, initialStock: 30) },
            items: [
                item("Mango Lassi", ["mango": 2, "yogurt": 1], tags: ["sweet", "tropical"], allergens: [.milk]),
                item("Banana Shake", ["banana": 2, "milk": 1], tags: ["sweet", "creamy"], allergens: [.milk]),
                item("Kiwi Cooler", ["kiwi": 3], tags: ["tangy"], allergens: []),
                item("Tropical Mix", ["mango": 1, "kiwi": 1], tags: ["tropical", "tangy"], allergens: []),
                item("Peanut Smoothie", ["banana": 1, "peanut butter": 1, "milk": 1], tags: ["creamy", "sweet"], allergens: [.peanuts, .milk]),
                item("Oat Drink", ["oats": 2], tags: ["creamy"], allergens: nil),
            ],
            questions: [
                Question(key: "sweet", text: "Something sweet?", tags: ["sweet"]),
                Question(key: "tropical", text: "Something tropical?", tags: ["tropical"]),
                Question(key: "creamy", text: "Something creamy?", tags: ["creamy"]),
            ],
            suggestSettings: settings
        )
    }

    static func profiles(_ changes: ProfileChange...) -> Profiles {
        Profiles(replaying: changes)
    }
}

extension SuggestionOutcome {
    /// The first page's items by name, or nothing.
    var names: [String] {
        if case .suggestions(let pages) = self { return pages.page.map(\.name) }
        return []
    }

    var nothing: NoSuggestion? { noSuggestion }
}

/// Suggests on `menu` with its initial stock unless given one.
func suggest(
    _ request: SuggestionRequest = SuggestionRequest(), on menu: Menu, inventory: Inventory? = nil, profiles: Profiles = Profiles()
) throws -> SuggestionOutcome {
    try Suggester.suggest(request, menu: menu, inventory: inventory ?? menu.initialInventory, profiles: profiles)
}

/// Each suggested item's score in tenths, by name.
func scores(_ outcome: SuggestionOutcome) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: (outcome.pages?.ranked ?? []).map { ($0.name, $0.score.tenths) })
}
