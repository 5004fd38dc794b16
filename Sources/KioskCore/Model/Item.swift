/// Something the kiosk sells: a display name, other names it answers to, a price and a recipe.
public struct Item: Sendable, Hashable {
    public let name: String
    public let aliases: [String]
    /// `strawberry-banana-juice` for `Strawberry Banana Juice`.
    public let slug: String
    /// `nil` when the menu gives no price (the Juice Maker has none).
    public let price: Money?
    public let recipe: Recipe
    /// Words `suggest` questions and profiles refer to: `sweet`, `tropical`.
    public let tags: [String]
    /// The allergens the item has, or `nil` when the menu does not say (unknown).
    public let allergens: Allergens?

    public init(name: String, aliases: [String] = [], price: Money? = nil, recipe: Recipe, tags: [String] = [], allergens: Allergens? = nil) {
        self.name = name
        self.aliases = aliases
        self.slug = NameKey.slug(name)
        self.price = price
        self.recipe = recipe
        self.tags = tags
        self.allergens = allergens
    }
}

/// What one of an item takes: ingredients by index into `Menu.ingredients`, each at least 1.
public struct Recipe: Sendable, Hashable {
    public struct Component: Sendable, Hashable {
        public let ingredient: Int
        public let quantity: Int

        public init(ingredient: Int, quantity: Int) {
            self.ingredient = ingredient
            self.quantity = quantity
        }
    }

    public let components: [Component]

    public init(_ components: [Component]) {
        self.components = components
    }
}
