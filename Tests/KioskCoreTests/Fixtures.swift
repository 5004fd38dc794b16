import KioskCore

/// The Juice Maker built directly in code, so core tests do not depend on the language.
enum Fixtures {
    static let fruits = ["strawberry", "banana", "pineapple", "kiwi", "mango"]

    static func juiceMaker(messages: MessageCatalog = .defaults) throws -> Menu {
        let ingredients = fruits.map { Ingredient(name: $0, initialStock: 10) }
        func juice(_ name: String, _ parts: (String, Int)..., tags: [String]) -> Item {
            let recipe = Recipe(parts.map { Recipe.Component(ingredient: fruits.firstIndex(of: $0.0)!, quantity: $0.1) })
            return Item(name: name, recipe: recipe, tags: tags, allergens: Allergens())
        }
        let items = [
            juice("Strawberry Juice", ("strawberry", 16), tags: ["sweet", "berry"]),
            juice("Banana Juice", ("banana", 2), tags: ["sweet", "creamy"]),
            juice("Kiwi Juice", ("kiwi", 3), tags: ["tangy"]),
            juice("Pineapple Juice", ("pineapple", 2), tags: ["tropical", "tangy"]),
            juice("Strawberry Banana Juice", ("strawberry", 10), ("banana", 1), tags: ["sweet", "berry", "creamy", "blend"]),
            juice("Mango Juice", ("mango", 3), tags: ["sweet", "tropical"]),
            juice("Mango Kiwi Juice", ("mango", 2), ("kiwi", 1), tags: ["tropical", "tangy", "blend"]),
        ]
        let questions = [
            Question(key: "sweet", text: "Something sweet?", tags: ["sweet"]),
            Question(key: "tropical", text: "Something tropical?", tags: ["tropical"]),
            Question(key: "blend", text: "A blend of two fruits?", tags: ["blend"]),
        ]
        return try Menu(name: "Juice Maker", ingredients: ingredients, items: items, messages: messages, questions: questions)
    }

    static let noon = Timestamp(millisecondsSince1970: 1_795_262_400_000) // 2026-11-21T12:00:00Z

    static func kiosk(_ menu: Menu? = nil) throws -> Kiosk {
        Kiosk(menu: try menu ?? juiceMaker(), ids: UUIDv7Generator(seed: 42))
    }
}

extension Kiosk {
    func stock(_ name: String) -> Int {
        inventory[menu.ingredientIndex(named: name)!]
    }

    func item(_ name: String) -> Int {
        menu.itemIndex(named: name)!
    }

    /// Places a one-line order and returns the outcome and its events.
    mutating func order(_ name: String, _ quantity: Int = 1) throws -> (OrderOutcome, [Event]) {
        var events: [Event] = []
        let outcome = try place(Order(item: item(name), quantity: quantity), at: Fixtures.noon, emitting: &events)
        return (outcome, events)
    }
}
