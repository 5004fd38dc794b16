extension Menu {
    /// The Juice Maker: five fruits at 10 each, seven juices, three questions. Built as a
    /// value so kiosk starts on it without reading or parsing anything; tests keep it valid
    /// and equal to `menus/juice.kiosk`.
    public static let juiceMaker: Menu = {
        let fruits = ["strawberry", "banana", "pineapple", "kiwi", "mango"]
        func juice(_ name: String, _ parts: KeyValuePairs<String, Int>, tags: [String]) -> Item {
            let recipe = Recipe(parts.map { Recipe.Component(ingredient: fruits.firstIndex(of: $0.key) ?? 0, quantity: $0.value) })
            return Item(name: name, recipe: recipe, tags: tags, allergens: Allergens())
        }
        return Menu(
            trusting: "Juice Maker",
            ingredients: fruits.map { Ingredient(name: $0, initialStock: 10) },
            items: [
                juice("Strawberry Juice", ["strawberry": 16], tags: ["sweet", "berry"]),
                juice("Banana Juice", ["banana": 2], tags: ["sweet", "creamy"]),
                juice("Kiwi Juice", ["kiwi": 3], tags: ["tangy"]),
                juice("Pineapple Juice", ["pineapple": 2], tags: ["tropical", "tangy"]),
                juice("Strawberry Banana Juice", ["strawberry": 10, "banana": 1], tags: ["sweet", "berry", "creamy", "blend"]),
                juice("Mango Juice", ["mango": 3], tags: ["sweet", "tropical"]),
                juice("Mango Kiwi Juice", ["mango": 2, "kiwi": 1], tags: ["tropical", "tangy", "blend"]),
            ],
            questions: [
                Question(key: "sweet", text: "Something sweet?", tags: ["sweet"]),
                Question(key: "tropical", text: "Something tropical?", tags: ["tropical"]),
                Question(key: "blend", text: "A blend of two fruits?", tags: ["blend"]),
            ]
        )
    }()
}
