/// Something the kiosk sells: a display name, other names it answers to, a price and a recipe;
/// and, for the order board, how long it takes and where it is made.
public struct Item: Sendable, Hashable {
    /// The prep time of an item that gives none.
    public static let defaultPrep: Duration = .seconds(60)
    /// The prep times a menu may give.
    public static let prepRange: ClosedRange<Duration> = .seconds(1) ... .seconds(3600)
    /// The popularities a menu may give: relative weights, 0 for an item never chosen.
    public static let popularityRange = 0...1_000_000

    public let name: String
    public let aliases: [String]
    /// `strawberry-banana-juice` for `Strawberry Banana Juice`.
    public let slug: String
    /// `nil` when the menu gives no price (the Juice Maker has none).
    public let price: Money?
    public let recipe: Recipe
    /// How long one ticket line of the item takes to prepare, whatever its quantity.
    public let prep: Duration
    /// Where it is prepared: an index into `Menu.stations`.
    public let station: Int
    /// Words `suggest` questions and profiles refer to: `sweet`, `tropical`.
    public let tags: [String]
    /// The allergens the item has, or `nil` when the menu does not say (unknown).
    public let allergens: Allergens?
    /// How often `kiosk simulate`'s customers choose it, relative to the other items: an
    /// item of 3 three times as often as one of 1 (the default); 0 never. The REPL ignores it.
    public let popularity: Int
    /// Sizes and options, or `nil` for an item with one price and one recipe. An item with
    /// choices has the price and recipe of its default selection, or of its first size when
    /// an order must choose.
    public let choices: ItemChoices?
    /// Whether an order must say which size or options it takes: the item has choices
    /// without a default for each.
    public let requiresChoice: Bool
    /// When it is served, on the kiosk's clock; `nil`: whenever the kiosk is open. An order
    /// outside its windows is refused with when it is served.
    public var availability: Availability?

    public init(
        name: String, aliases: [String] = [], price: Money? = nil, recipe: Recipe, prep: Duration = Item.defaultPrep, station: Int = 0,
        tags: [String] = [], allergens: Allergens? = nil, popularity: Int = 1
    ) {
        self.init(
            name: name, aliases: aliases, price: price, recipe: recipe, prep: prep, station: station, tags: tags, allergens: allergens,
            popularity: popularity, choices: nil, requiresChoice: false
        )
    }

    /// Every part; the price and recipe are the default selection's when there are choices.
    private init(
        name: String, aliases: [String], price: Money?, recipe: Recipe, prep: Duration, station: Int, tags: [String], allergens: Allergens?,
        popularity: Int, choices: ItemChoices?, requiresChoice: Bool
    ) {
        self.name = name
        self.aliases = aliases
        self.slug = NameKey.slug(name)
        self.price = price
        self.recipe = recipe
        self.prep = prep
        self.station = station
        self.tags = tags
        self.allergens = allergens
        self.popularity = popularity
        self.choices = choices
        self.requiresChoice = requiresChoice
    }

    /// An item with `choices`: the price and recipe of its default selection (or of its
    /// first size when an order must choose).
    public init(
        name: String, aliases: [String] = [], choices: ItemChoices, prep: Duration = Item.defaultPrep, station: Int = 0,
        tags: [String] = [], allergens: Allergens? = nil, popularity: Int = 1
    ) {
        let defaultSelection = choices.defaultSelection
        let selection = defaultSelection ?? Selection(size: choices.defaultSize ?? 0, picks: [])
        self.init(
            name: name, aliases: aliases, price: choices.price(of: selection), recipe: choices.recipe(of: selection), prep: prep, station: station,
            tags: tags, allergens: allergens, popularity: popularity, choices: choices, requiresChoice: defaultSelection == nil
        )
    }
}

extension Item {
    /// The least one of it can cost: its cheapest selection's price, or its price; `nil`
    /// for an item without a price.
    public var cheapestPrice: Money? {
        guard let choices else { return price }
        guard let cheapest = choices.priceExtremes?.cheapest else { return nil }
        return choices.price(of: cheapest)
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
