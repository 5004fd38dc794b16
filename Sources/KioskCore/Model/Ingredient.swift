/// Something items are made of, with the stock a menu starts it at.
public struct Ingredient: Sendable, Hashable {
    /// The name as the menu writes it: `strawberry`, `딸기`.
    public let name: String
    /// The stock a fresh kiosk starts with, and what `restock` refills to.
    public let initialStock: Int
    /// At or below this count the ingredient is low and `restock.needed` goes out.
    public let lowMark: Int
    /// What one count of the ingredient is (`shots`, `cups`), if the menu says.
    public let unit: String?
    /// The allergens it carries into a recipe, if the menu says (`allergens milk`): what
    /// lets `suggest` tell an oat latte from a latte. `nil` when unknown.
    public let allergens: Allergens?

    public init(name: String, initialStock: Int, lowMark: Int = 0, unit: String? = nil, allergens: Allergens? = nil) {
        self.name = name
        self.initialStock = initialStock
        self.lowMark = lowMark
        self.unit = unit
        self.allergens = allergens
    }
}
