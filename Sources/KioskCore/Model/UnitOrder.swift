/// One of an item as an order's events name it: the order's line and what it uses.
struct UnitOrder: Sendable {
    let lines: [ItemQuantity]
    let consumed: [IngredientCount]
}
