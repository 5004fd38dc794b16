/// A kiosk's menu: its ingredients, the items made of them, and the texts of its messages.
///
/// A `Menu` is immutable and always consistent: every recipe names existing ingredients
/// with quantities of at least 1, and no two items answer to the same name, alias or slug.
/// Immutable, so a class: passing it around is one reference, not a copy of every table.
public final class Menu: Sendable {
    /// The largest stock, quantity or price a menu or a command may use.
    public static let maximumQuantity = 1_000_000_000

    public let name: String
    /// An ISO 4217 code or any short label (`KRW`), if prices are given.
    public let currency: String?
    /// The `source` of every event: a URI reference (RFC 3986), by default
    /// `/kiosk/<slug of the name>`.
    public let source: String
    public let ingredients: [Ingredient]
    public let items: [Item]
    /// Items sold together: ordered by name like an item, each slot's item with its choices.
    public let combos: [Combo]
    public let messages: MessageCatalog
    /// Where items are prepared; every item's `station` indexes this. Always at least one.
    public let stations: [Station]
    /// The order board's settings; `nil` when the menu has no `board`, and then orders
    /// make no tickets.
    public let board: BoardSettings?
    /// The questions `suggest` asks, in the order answers are given.
    public let questions: [Question]
    public let suggestSettings: SuggestSettings
    /// The `simulate` block: who comes when, for `kiosk simulate`; `nil` when the menu has none.
    public let simulateSettings: SimulateSettings?
    /// The menu's taxes and discounts, rounded to its currency's minor unit; `nil` when it
    /// declares none, and then an order's total is the sum of its lines.
    public let pricing: Pricing?
    /// How orders are paid; `nil` when the menu has no `checkout`, and then they are not.
    public let checkout: CheckoutSettings?
    let suggestionIndex: SuggestionIndex
    /// Each item's tags folded (`NameKey.fold`), as taxes and discounts pick lines by;
    /// empty when the menu has no `pricing`.
    let pricingTags: [Set<String>]
    /// Whether an item is served only at some times: the order path asks only then.
    let hasServingWindows: Bool

    private let itemsByKey: [String: Int]
    private let ingredientsByKey: [String: Int]
    private let combosByKey: [String: Int]

    /// A menu from its parts.
    ///
    /// - Throws: `MenuModelError` when a stock is out of range, two ingredients or two
    ///   items share a name, or a recipe is empty, names a missing ingredient or a quantity
    ///   outside `1...maximumQuantity`, or `source` is not a URI reference; or when stations
    ///   or the board are inconsistent; or the questions are too many or share a key; or an
    ///   item's popularity is outside `Item.popularityRange`, or the arrival times do not increase.
    public convenience init(
        name: String,
        currency: String? = nil,
        source: String? = nil,
        ingredients: [Ingredient],
        items: [Item],
        messages: MessageCatalog = .defaults,
        stations: [Station] = [.counter],
        board: BoardSettings? = nil,
        questions: [Question] = [],
        suggestSettings: SuggestSettings = .defaults,
        simulateSettings: SimulateSettings? = nil,
        checkout: CheckoutSettings? = nil
    ) throws(MenuModelError) {
        if let source, source.isEmpty || !URIReference.isValid(source) { throw .invalidSource(source) }
        var ingredientKeys = Set<String>()
        for ingredient in ingredients {
            guard (0...Menu.maximumQuantity).contains(ingredient.initialStock) else {
                throw .stockOutOfRange(ingredient: ingredient.name, stock: ingredient.initialStock)
            }
            guard ingredientKeys.insert(NameKey.fold(ingredient.name)).inserted else {
                throw .duplicateIngredient(ingredient.name)
            }
        }
        try Menu.validate(stations: stations, board: board)
        var owners: [String: String] = [:]
        for item in items {
            try Menu.validate(recipe: item.recipe, of: item, ingredientCount: ingredients.count)
            guard stations.indices.contains(item.station) else { throw .unknownStation(item: item.name, index: item.station) }
            guard Item.prepRange.contains(item.prep) else { throw .prepOutOfRange(item: item.name) }
            guard Item.popularityRange.contains(item.popularity) else { throw .popularityOutOfRange(item: item.name, popularity: item.popularity) }
            for key in Menu.keys(of: item) {
                if let other = owners.updateValue(item.name, forKey: key) {
                    throw .duplicateName(key, firstItem: other, secondItem: item.name)
                }
            }
        }
        try Menu.validate(questions: questions)
        if case .timesOfDay(let steps)? = simulateSettings?.arrivals, zip(steps, steps.dropFirst()).contains(where: { $0.start >= $1.start }) {
            throw .arrivalTimesNotIncreasing
        }
        self.init(
            trusting: name, currency: currency, source: source, ingredients: ingredients, items: items, messages: messages,
            stations: stations, board: board, questions: questions, suggestSettings: suggestSettings, simulateSettings: simulateSettings,
            checkout: checkout
        )
    }

    /// A menu whose parts are known to be valid, as the public initializer checks them: for
    /// the menu language, which checks every rule itself and reports each with a position.
    package convenience init(
        trusting name: String, currency: String? = nil, source: String? = nil, ingredients: [Ingredient], items: [Item],
        messages: MessageCatalog = .defaults, stations: [Station] = [.counter], board: BoardSettings? = nil,
        questions: [Question] = [], suggestSettings: SuggestSettings = .defaults, simulateSettings: SimulateSettings? = nil,
        checkout: CheckoutSettings? = nil
    ) {
        var ingredientsByKey: [String: Int] = [:]
        ingredientsByKey.reserveCapacity(ingredients.count)
        for (index, ingredient) in ingredients.enumerated() {
            let key = NameKey.fold(ingredient.name)
            if ingredientsByKey[key] == nil { ingredientsByKey[key] = index }
        }
        var itemsByKey: [String: Int] = [:]
        itemsByKey.reserveCapacity(items.count * 3)
        for (index, item) in items.enumerated() {
            for key in Menu.keys(of: item) where itemsByKey[key] == nil { itemsByKey[key] = index }
        }
        self.init(
            trusting: name, currency: currency, source: source, ingredients: ingredients, items: items, messages: messages,
            itemsByKey: itemsByKey, ingredientsByKey: ingredientsByKey, stations: stations, board: board,
            questions: questions, suggestSettings: suggestSettings, simulateSettings: simulateSettings, checkout: checkout
        )
    }

    /// A menu whose parts and lookup tables are known to be valid: for the menu language,
    /// which builds the tables anyway while it checks names for duplicates. `itemsByKey`
    /// maps every `NameKey.fold` of a display name and alias, and every slug, to its item;
    /// `ingredientsByKey` every folded ingredient name to its ingredient.
    package init(
        trusting name: String, currency: String?, source: String? = nil, ingredients: [Ingredient], items: [Item],
        messages: MessageCatalog, itemsByKey: [String: Int], ingredientsByKey: [String: Int], stations: [Station] = [.counter],
        board: BoardSettings? = nil, questions: [Question] = [], suggestSettings: SuggestSettings = .defaults,
        simulateSettings: SimulateSettings? = nil, combos: [Combo] = [], combosByKey: [String: Int] = [:], pricing: Pricing? = nil,
        checkout: CheckoutSettings? = nil
    ) {
        self.name = name
        self.checkout = checkout
        self.pricing = pricing
        self.combos = combos
        self.combosByKey = combosByKey
        self.currency = currency
        self.source = source ?? Menu.defaultSource(name: name)
        self.ingredients = ingredients
        self.items = items
        self.messages = messages
        self.questions = questions
        self.suggestSettings = suggestSettings
        self.simulateSettings = simulateSettings
        self.suggestionIndex = SuggestionIndex(ingredients: ingredients, items: items, questions: questions)
        self.pricingTags = pricing == nil ? [] : items.map { Set($0.tags.map(NameKey.fold)) }
        self.hasServingWindows = items.contains { item in
            item.availability != nil || item.choices?.groups.contains { $0.options.contains { $0.availability != nil } } == true
        }
        self.itemsByKey = itemsByKey
        self.ingredientsByKey = ingredientsByKey
        self.stations = stations.isEmpty ? [.counter] : stations
        self.board = board
    }

    /// `/kiosk/juice-maker`: the slug of the name as one path segment, percent-encoded
    /// where it is not ASCII (`/kiosk/caf%C3%A9`).
    public static func defaultSource(name: String) -> String {
        "/kiosk/" + URIReference.encodingPathSegment(NameKey.slug(name))
    }

    /// Every name an item answers to, once each: its display name, its slug and its aliases.
    private static func keys(of item: Item) -> [String] {
        var keys = [NameKey.fold(item.name)]
        for key in [item.slug] + item.aliases.map(NameKey.fold) where !keys.contains(key) {
            keys.append(key)
        }
        return keys
    }

    private static func validate(recipe: Recipe, of item: Item, ingredientCount: Int) throws(MenuModelError) {
        guard !recipe.components.isEmpty else { throw .emptyRecipe(item: item.name) }
        for (position, component) in recipe.components.enumerated() {
            // Each ingredient once: requirements are summed per line, not per component.
            guard !recipe.components[..<position].contains(where: { $0.ingredient == component.ingredient }) else {
                throw .repeatedIngredient(item: item.name, index: component.ingredient)
            }
            guard (0..<ingredientCount).contains(component.ingredient) else {
                throw .unknownIngredient(item: item.name, index: component.ingredient)
            }
            guard (1...maximumQuantity).contains(component.quantity) else {
                throw .quantityOutOfRange(item: item.name, quantity: component.quantity)
            }
        }
    }

    private static func validate(stations: [Station], board: BoardSettings?) throws(MenuModelError) {
        var names = Set<String>()
        for station in stations {
            guard names.insert(NameKey.fold(station.name)).inserted else { throw .duplicateStation(station.name) }
            guard (1...Station.maximumStaff).contains(station.staff) else { throw .staffOutOfRange(station: station.name, staff: station.staff) }
        }
        if let board, board.warn >= board.late { throw .warnNotBeforeLate }
    }

    /// The station named `name`, in any case.
    public func stationIndex(named name: String) -> Int? {
        let key = NameKey.fold(name)
        return stations.firstIndex { NameKey.fold($0.name) == key }
    }

    /// The item a customer means by `name`: its display name, an alias or its slug, in any case.
    public func itemIndex(named name: String) -> Int? {
        let key = NameKey.fold(name)
        return itemsByKey[key] ?? itemsByKey[NameKey.slug(key)]
    }

    /// The combo a customer means by `name`, found as an item is.
    public func comboIndex(named name: String) -> Int? {
        let key = NameKey.fold(name)
        return combosByKey[key] ?? combosByKey[NameKey.slug(key)]
    }

    public func ingredientIndex(named name: String) -> Int? {
        ingredientsByKey[NameKey.fold(name)]
    }

    /// How many of an item the given stock can make right now.
    public func makeableCount(of item: Int, with inventory: Inventory) -> Int {
        var count = Int.max
        for component in items[item].recipe.components {
            count = min(count, inventory[component.ingredient] / component.quantity)
        }
        return count
    }

    /// The stock a fresh kiosk with this menu starts with.
    public var initialInventory: Inventory {
        Inventory(counts: ingredients.map(\.initialStock))
    }
}
