/// An ingredient `restock` would top up, by index, and how many to add.
public struct RestockNeed: Sendable, Hashable {
    public let ingredient: Int
    public let amount: Int

    public init(ingredient: Int, amount: Int) {
        self.ingredient = ingredient
        self.amount = amount
    }
}
