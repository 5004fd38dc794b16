/// One of an item as an order's events name it: the order's line and what it uses.
struct UnitOrder: Sendable {
    let item: Int
    let lines: [ItemQuantity]
    let consumed: [IngredientCount]

    init(item: Int, in menu: Menu) {
        self.item = item
        lines = [ItemQuantity(item: menu.items[item].name, quantity: 1, choice: menu.lineChoice(item: item, selection: nil))]
        consumed = menu.items[item].recipe.components.map { IngredientCount(ingredient: menu.ingredients[$0.ingredient].name, count: $0.quantity) }
    }
}
