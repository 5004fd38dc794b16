import KioskCore

/// The Juice Maker built directly in code, so core tests do not depend on the language.
enum Fixtures {
    static let fruits = ["strawberry", "banana", "pineapple", "kiwi", "mango"]

    static func juiceMaker(messages: MessageCatalog = .defaults) throws -> Menu {
        let ingredients = fruits.map { Ingredient(name: $0, initialStock: 10) }
        func recipe(_ parts: (String, Int)...) -> Recipe {
            Recipe(parts.map { Recipe.Component(ingredient: fruits.firstIndex(of: $0.0)!, quantity: $0.1) })
        }
        let items = [
            Item(name: "Strawberry Juice", recipe: recipe(("strawberry", 16))),
            Item(name: "Banana Juice", recipe: recipe(("banana", 2))),
            Item(name: "Kiwi Juice", recipe: recipe(("kiwi", 3))),
            Item(name: "Pineapple Juice", recipe: recipe(("pineapple", 2))),
            Item(name: "Strawberry Banana Juice", recipe: recipe(("strawberry", 10), ("banana", 1))),
            Item(name: "Mango Juice", recipe: recipe(("mango", 3))),
            Item(name: "Mango Kiwi Juice", recipe: recipe(("mango", 2), ("kiwi", 1))),
        ]
        return try Menu(name: "Juice Maker", ingredients: ingredients, items: items, messages: messages)
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
