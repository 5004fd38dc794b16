/// What a customer chooses when ordering an item: its size, and options from groups.
///
/// A size is a variation with its own price and recipe. Each group of options says how
/// many of its options a selection takes (`choose 1`, `choose 0..3`); an option changes the
/// price by an amount and the recipe by lines it adds and by changes to the size's lines
/// (a substitution, a removal, light or extra). An item without sizes has one unnamed size:
/// its own price and recipe.
///
/// The menu language proves every rule below before it builds one (see `kiosk check`):
/// the limits can be met, defaults keep within them, every change names a line of every
/// size, no two changes to one line can be chosen together, no allowed selection costs less
/// than nothing, and every quantity a selection can make is whole and at most
/// `Menu.maximumQuantity`.
public struct ItemChoices: Sendable, Hashable {
    /// At least one; a single size without a name when the item has none.
    public let sizes: [ItemSize]
    /// The size an order that names none takes, or `nil` when it must name one.
    public let defaultSize: Int?
    public let groups: [OptionGroup]
    /// How often `kiosk simulate`'s customers choose each size and option; the REPL
    /// ignores it.
    public let demand: ChoiceDemand

    public init(sizes: [ItemSize], defaultSize: Int?, groups: [OptionGroup], demand: ChoiceDemand? = nil) {
        precondition(!sizes.isEmpty, "an item has at least one size")
        self.sizes = sizes
        self.defaultSize = sizes.count == 1 ? 0 : defaultSize
        self.groups = groups
        self.demand = demand ?? ChoiceDemand(sizes: sizes.count, groups: groups.map(\.options.count))
    }

    /// Whether the item has named sizes to choose from.
    public var hasSizes: Bool { sizes.count > 1 || sizes[0].name != nil }
}

/// `demand 70% large, 30% Oat`: the share of customers who choose a size, or take an
/// option, in basis points (10,000 is 100%); `nil` where the menu gives none.
public struct ChoiceDemand: Sendable, Hashable {
    public static let whole = 10_000

    public var sizes: [Int?]
    /// By group, then option.
    public var options: [[Int?]]

    /// No share given for any of `sizes` sizes and the groups' options.
    public init(sizes: Int, groups: [Int]) {
        self.sizes = Array(repeating: nil, count: sizes)
        self.options = groups.map { Array(repeating: nil, count: $0) }
    }

    public var isEmpty: Bool { sizes.allSatisfy { $0 == nil } && options.allSatisfy { $0.allSatisfy { $0 == nil } } }
}

/// A variation of an item: `size large price 5000 needs espresso 2, milk 300`.
public struct ItemSize: Sendable, Hashable {
    /// `nil` for the one size of an item that has none.
    public let name: String?
    public let price: Money?
    public let recipe: Recipe

    public init(name: String?, price: Money?, recipe: Recipe) {
        self.name = name
        self.price = price
        self.recipe = recipe
    }
}

/// `options "Milk" choose 1 { … }`: options and how many of them a selection takes,
/// counting an option taken twice as two.
public struct OptionGroup: Sendable, Hashable {
    public let name: String
    public let minimum: Int
    public let maximum: Int
    public let options: [ItemOption]

    public init(name: String, minimum: Int, maximum: Int, options: [ItemOption]) {
        self.name = name
        self.minimum = minimum
        self.maximum = maximum
        self.options = options
    }

    /// A group a selection must take something from.
    public var isRequired: Bool { minimum > 0 }

    /// `1` or `0..3`: limits as the menu language writes them after `choose`.
    public static func limitsText(_ minimum: Int, _ maximum: Int) -> String {
        minimum == maximum ? String(minimum) : "\(minimum)..\(maximum)"
    }

    /// The most a selection could take from it: each option as often as it may repeat.
    public var capacity: Int { options.reduce(0) { $0 + $1.repeatLimit } }
}

/// One option of a group: `option "Oat" price +500 replaces milk with oat-milk`.
public struct ItemOption: Sendable, Hashable {
    /// The repeat limits a menu may give.
    public static let repeatRange = 1...100

    public let name: String
    /// What taking it once adds to the price; may be negative.
    public let price: Money
    /// Lines it adds to the recipe, once per time it is taken.
    public let adds: [Recipe.Component]
    /// Changes to the size's own lines; an option with changes is taken at most once.
    public let changes: [RecipeChange]
    /// How many times one selection may take it: `repeat 2`; 1 unless given.
    public let repeatLimit: Int
    public let isDefault: Bool
    /// Words questions and profiles refer to, as an item's `tags`: a selection with the
    /// option has them.
    public let tags: [String]
    /// Allergens the option itself brings (`allergens nuts`), beyond its ingredients'.
    public let allergens: Allergens
    /// When it is served, on the kiosk's clock; `nil`: whenever its item is.
    public var availability: Availability?

    public init(
        name: String, price: Money = .zero, adds: [Recipe.Component] = [], changes: [RecipeChange] = [], repeatLimit: Int = 1,
        isDefault: Bool = false, tags: [String] = [], allergens: Allergens = []
    ) {
        self.name = name
        self.price = price
        self.adds = adds
        self.changes = changes
        self.repeatLimit = repeatLimit
        self.isDefault = isDefault
        self.tags = tags
        self.allergens = allergens
    }
}

/// How an option changes a line of the size's recipe, named by its ingredient.
public enum RecipeChange: Sendable, Hashable {
    /// `replaces milk with oat-milk`: the same quantity of another ingredient.
    case replace(Int, with: Int)
    /// `removes sugar`: the line is left out.
    case remove(Int)
    /// `light sugar` (×1/2) or `extra sugar` (×3/2): the line's quantity times a factor,
    /// which the menu language proves whole for every size.
    case scale(Int, numerator: Int, denominator: Int)
    /// `light sugar 5` or `extra sugar 5`: the line's quantity less or more by an amount.
    case adjust(Int, by: Int)

    /// The ingredient whose line it changes.
    public var ingredient: Int {
        switch self {
        case .replace(let ingredient, _), .remove(let ingredient), .scale(let ingredient, _, _), .adjust(let ingredient, _): ingredient
        }
    }

    /// The ingredient it takes out of the recipe: the one replaced or removed.
    public var takesOut: Int? {
        switch self {
        case .replace(let ingredient, _), .remove(let ingredient): ingredient
        case .scale, .adjust: nil
        }
    }

    /// The ingredient it brings into the recipe: the replacement.
    public var bringsIn: Int? {
        if case .replace(_, let other) = self { other } else { nil }
    }

    public static let light = (numerator: 1, denominator: 2)
    public static let extra = (numerator: 3, denominator: 2)
}

/// One allowed way to order an item: a size and how many of each option.
public struct Selection: Sendable, Hashable {
    /// An option taken: by its group's index and its index in the group, and how often.
    public struct Pick: Sendable, Hashable {
        public let group: Int
        public let option: Int
        public let count: Int

        public init(group: Int, option: Int, count: Int = 1) {
            self.group = group
            self.option = option
            self.count = count
        }
    }

    public let size: Int
    /// In group order, then option order; never a count of 0.
    public let picks: [Pick]

    public init(size: Int, picks: [Pick]) {
        self.size = size
        self.picks = picks
    }
}

extension ItemChoices {
    /// What an order that names no choice leaves open: the size, when there is no default
    /// one, and the required groups (by index) whose defaults are fewer than they take.
    public var openChoices: (size: Bool, groups: [Int]) {
        (defaultSize == nil, groups.indices.filter { groups[$0].options.filter(\.isDefault).count < groups[$0].minimum })
    }

    /// The selection an order that names no choice takes: the default size and each
    /// group's defaults; `nil` when a size or a required group has no default to take.
    public var defaultSelection: Selection? {
        let open = openChoices
        guard let size = defaultSize, open.groups.isEmpty else { return nil }
        var picks: [Selection.Pick] = []
        for (index, group) in groups.enumerated() {
            picks += group.options.indices.filter { group.options[$0].isDefault }.map { Selection.Pick(group: index, option: $0) }
        }
        return Selection(size: size, picks: picks)
    }

    /// What is wrong with `selection`, group by group, or `nil` when it is allowed.
    public func problem(with selection: Selection) -> SelectionProblem? {
        guard sizes.indices.contains(selection.size) else { return .unknownSize }
        var taken = Array(repeating: 0, count: groups.count)
        for pick in selection.picks {
            guard groups.indices.contains(pick.group), groups[pick.group].options.indices.contains(pick.option) else { return .unknownOption }
            let option = groups[pick.group].options[pick.option]
            guard (1...option.repeatLimit).contains(pick.count) else { return .repeatedTooOften(group: pick.group, option: pick.option) }
            taken[pick.group] += pick.count
        }
        for (index, group) in groups.enumerated() where !(group.minimum...group.maximum).contains(taken[index]) {
            return .outsideLimits(group: index, taken: taken[index])
        }
        return nil
    }

    /// The price of `selection`, added with checks: `nil` when its size has none, or when
    /// the sum does not fit an amount (which the menu language proves of no allowed
    /// selection of a menu it binds).
    public func price(of selection: Selection) -> Money? {
        guard var price = sizes[selection.size].price else { return nil }
        for pick in selection.picks {
            guard let line = groups[pick.group].options[pick.option].price.multiplied(by: pick.count), let sum = price.adding(line) else { return nil }
            price = sum
        }
        return price
    }

    /// The recipe `selection` (allowed) takes: the size's lines, changed by its options
    /// (quantities first, then removals and substitutions), then the lines the options add.
    /// Each ingredient once, in the order the size lists them, added ones after.
    public func recipe(of selection: Selection) -> Recipe {
        var lines = sizes[selection.size].recipe.components.map { (ingredient: $0.ingredient, quantity: $0.quantity) }
        var changes: [RecipeChange] = []
        var adds: [Recipe.Component] = []
        for pick in selection.picks {
            let option = groups[pick.group].options[pick.option]
            changes += option.changes
            for add in option.adds { adds.append(Recipe.Component(ingredient: add.ingredient, quantity: add.quantity * pick.count)) }
        }
        for change in changes {
            guard let line = lines.firstIndex(where: { $0.ingredient == change.ingredient }) else { continue }
            switch change {
            case .scale(_, let numerator, let denominator): lines[line].quantity = lines[line].quantity * numerator / denominator
            case .adjust(_, let amount): lines[line].quantity += amount
            case .remove, .replace: break
            }
        }
        for change in changes {
            guard let line = lines.firstIndex(where: { $0.ingredient == change.ingredient }) else { continue }
            switch change {
            case .remove: lines[line].quantity = 0
            case .replace(_, let other): lines[line].ingredient = other
            case .scale, .adjust: break
            }
        }
        for add in adds { lines.append((add.ingredient, add.quantity)) }
        var merged: [Recipe.Component] = []
        merged.reserveCapacity(lines.count)
        for line in lines where line.quantity > 0 {
            if let same = merged.firstIndex(where: { $0.ingredient == line.ingredient }) {
                merged[same] = Recipe.Component(ingredient: line.ingredient, quantity: merged[same].quantity + line.quantity)
            } else {
                merged.append(Recipe.Component(ingredient: line.ingredient, quantity: line.quantity))
            }
        }
        return Recipe(merged)
    }

    /// `large, Oat, Extra shot ×2`: the size (when the item has sizes) and the options taken.
    public func describe(_ selection: Selection) -> [String] {
        var words: [String] = []
        if let name = sizes[selection.size].name { words.append(name) }
        for pick in selection.picks {
            let name = groups[pick.group].options[pick.option].name
            words.append(pick.count > 1 ? "\(name) ×\(pick.count)" : name)
        }
        return words
    }
}

/// Why a selection is not one the item allows.
public enum SelectionProblem: Sendable, Hashable {
    case unknownSize
    case unknownOption
    case repeatedTooOften(group: Int, option: Int)
    /// The group's options were taken `taken` times, outside its limits.
    case outsideLimits(group: Int, taken: Int)
}
