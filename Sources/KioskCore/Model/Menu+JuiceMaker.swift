extension Menu {
    /// The Juice Maker: five fruits at 10 each, seven juices. Built as a value so kiosk
    /// starts on it without reading or parsing anything; tests keep it valid and equal to
    /// `menus/juice.kiosk`.
    public static let juiceMaker: Menu = {
        let fruits = ["strawberry", "banana", "pineapple", "kiwi", "mango"]
        func needs(_ parts: KeyValuePairs<String, Int>) -> Recipe {
            Recipe(parts.map { Recipe.Component(ingredient: fruits.firstIndex(of: $0.key) ?? 0, quantity: $0.value) })
        }
        return Menu(
            trusting: "Juice Maker",
            ingredients: fruits.map { Ingredient(name: $0, initialStock: 10) },
            items: [
                Item(name: "Strawberry Juice", recipe: needs(["strawberry": 16])),
                Item(name: "Banana Juice", recipe: needs(["banana": 2])),
                Item(name: "Kiwi Juice", recipe: needs(["kiwi": 3])),
                Item(name: "Pineapple Juice", recipe: needs(["pineapple": 2])),
                Item(name: "Strawberry Banana Juice", recipe: needs(["strawberry": 10, "banana": 1])),
                Item(name: "Mango Juice", recipe: needs(["mango": 3])),
                Item(name: "Mango Kiwi Juice", recipe: needs(["mango": 2, "kiwi": 1])),
            ]
        )
    }()
}
