import KioskCore
import KioskText

/// Sizes, groups of options and combos: bound from the statements nested in an item's or a
/// combo's block, with every rule `ItemChoices` relies on proved here, each broken one
/// reported where it is written.
extension Binder {
    /// The choices of an item whose block nests `size` or `options` statements, or `nil`
    /// when they have errors (reported). `price` and `recipe` are the item's own, for an
    /// item without sizes.
    mutating func bindChoices(of statement: Statement, item: String, price: Money?, recipe: Recipe?) -> ItemChoices? {
        var complete = true
        guard let (sizes, defaultSize) = bindSizes(of: statement, item: item, price: price, recipe: recipe, complete: &complete) else { return nil }
        // Every table sized once: an item of many options would grow each a few times.
        let groupStatements = statement.children.filter { $0.kind == .options }
        var groups: [OptionGroup] = []
        groups.reserveCapacity(groupStatements.count)
        var groupNames: [String: SourceRange] = [:]
        groupNames.reserveCapacity(groupStatements.count)
        var optionNames: [String: SourceRange] = [:]
        optionNames.reserveCapacity(groupStatements.reduce(0) { $0 + $1.children.count })
        var changes: [(group: Int, option: String, ingredient: Int, range: SourceRange)] = []
        for child in groupStatements {
            let properties = readProperties(of: child)
            guard let name = nameText(child.head(0), property: "options", file: child.file) else { complete = false; continue }
            complete = unique(name, at: child.headRange, item: item, in: &groupNames) && complete
            var options: [ItemOption] = []
            options.reserveCapacity(child.children.count)
            var optionsComplete = true
            for optionStatement in child.children {
                guard let option = bindOption(optionStatement, item: item, sizes: sizes, names: &optionNames) else { optionsComplete = false; continue }
                for change in option.changes {
                    changes.append((groups.count, option.name, change.ingredient, optionStatement.headRange))
                }
                options.append(option)
            }
            // Limits are checked against every option, so not when one has errors.
            guard optionsComplete, let group = bindLimits(of: child, name: name, properties: properties, options: options) else { complete = false; continue }
            groups.append(group)
        }
        complete = checkConflicts(changes, groups: groups) && complete
        guard complete else { return nil }
        let choices = ItemChoices(sizes: sizes, defaultSize: defaultSize, groups: groups)
        return checkSelections(of: choices, item: item, at: statement.headRange) ? choices : nil
    }

    /// `choices` with the shares `demand 70% large, 30% Oat` gives its sizes and options,
    /// each name found among the item's own, the sizes' shares and those of a group that
    /// takes one adding up to at most 100%; `nil` (reported) when one does not.
    mutating func bindDemand(_ demand: BoundProperty, of choices: ItemChoices, item: String, statement: Statement) -> ItemChoices? {
        var shares = choices.demand
        var complete = true
        let names = choices.sizes.compactMap(\.name) + choices.groups.flatMap { $0.options.map(\.name) }
        for (value, tokens) in demand.elements {
            guard case .share(let points, let name) = value else { continue }
            let key = NameKey.fold(name)
            let at = range(tokens[tokens.startIndex + 1], in: statement)
            if let size = choices.sizes.firstIndex(where: { $0.name.map(NameKey.fold) == key }) {
                shares.sizes[size] = points
            } else if let (group, option) = choices.groups.indices.lazy.compactMap({ group in
                choices.groups[group].options.firstIndex { NameKey.fold($0.name) == key }.map { (group, $0) }
            }).first {
                shares.options[group][option] = points
            } else {
                report(.unknownDemandChoice(name, item: item, suggestion: Suggestions.closest(to: name, among: names)), at)
                complete = false
            }
        }
        let whole = ChoiceDemand.whole
        func percent(_ points: Int) -> String {
            points % 100 == 0 ? "\(points / 100)%" : "\(points / 100).\(points % 100 < 10 ? "0" : "")\(points % 100)%"
        }
        let sizeTotal = shares.sizes.reduce(0) { $0 + ($1 ?? 0) }
        if sizeTotal > whole {
            report(.sharesAboveWhole(item: item, what: tr("its sizes"), total: percent(sizeTotal)), range(demand.name, in: statement))
            complete = false
        }
        for (index, group) in choices.groups.enumerated() where group.maximum == 1 {
            let total = shares.options[index].reduce(0) { $0 + ($1 ?? 0) }
            guard total > whole else { continue }
            report(.sharesAboveWhole(item: item, what: tr("group '{group}'", ["group": group.name]), total: percent(total)), range(demand.name, in: statement))
            complete = false
        }
        guard complete else { return nil }
        return ItemChoices(sizes: choices.sizes, defaultSize: choices.defaultSize, groups: choices.groups, demand: shares)
    }

    /// The item's sizes and its default one; one unnamed size (the item's own price and
    /// recipe) when it declares none. `nil` when there is nothing to make.
    private mutating func bindSizes(
        of statement: Statement, item: String, price: Money?, recipe: Recipe?, complete: inout Bool
    ) -> (sizes: [ItemSize], defaultSize: Int?)? {
        var sizes: [ItemSize] = []
        var defaultSize: (index: Int, range: SourceRange)?
        var names: [String: SourceRange] = [:]
        var unpriced: String?
        var priced: String?
        for child in statement.children where child.kind == .size {
            let properties = readProperties(of: child)
            guard let name = nameText(child.head(0), property: "size", file: child.file) else { complete = false; continue }
            complete = unique(name, at: child.headRange, item: item, in: &names) && complete
            guard let needs = properties["needs"] else {
                report(.sizeWithoutNeeds(size: name, item: item), child.headRange)
                complete = false
                continue
            }
            guard let sizeRecipe = bindRecipe(needs, of: item, statement: child) else { complete = false; continue }
            var sizePrice: Money?
            if case .amount(let amount)? = properties["price"]?.elements.first?.value { sizePrice = amount }
            if sizePrice == nil { unpriced = unpriced ?? name } else { priced = priced ?? name }
            if properties["default"] != nil {
                if let first = defaultSize {
                    report(.duplicateDefaultSize(name), child.headRange, related: first.range)
                    complete = false
                } else {
                    defaultSize = (sizes.count, child.headRange)
                }
            }
            sizes.append(ItemSize(name: name, price: sizePrice, recipe: sizeRecipe))
        }
        if let priced, let unpriced {
            report(.sizesPricedUnevenly(item: item, priced: priced, unpriced: unpriced), statement.headRange)
            complete = false
        }
        if sizes.isEmpty, !statement.children.contains(where: { $0.kind == .size }) {
            guard let recipe else { return nil }
            sizes = [ItemSize(name: nil, price: price, recipe: recipe)]
        }
        return sizes.isEmpty ? nil : (sizes, defaultSize?.index)
    }

    /// One option, its changes checked against every size's recipe.
    private mutating func bindOption(_ statement: Statement, item: String, sizes: [ItemSize], names: inout [String: SourceRange]) -> ItemOption? {
        let properties = readProperties(of: statement)
        guard let name = nameText(statement.head(0), property: "option", file: statement.file) else { return nil }
        var complete = unique(name, at: statement.headRange, item: item, in: &names)
        var price = Money.zero
        if case .amount(let amount)? = properties["price"]?.elements.first?.value { price = amount }
        if price != .zero, sizes[0].price == nil {
            report(.optionPriceWithoutItemPrice(option: name, item: item), statement.headRange)
            complete = false
        }
        var adds: [Recipe.Component] = []
        if let needs = properties["needs"] {
            if let recipe = bindRecipe(needs, of: item, statement: statement) { adds = recipe.components } else { complete = false }
        }
        var changes: [RecipeChange] = []
        for (value, tokens) in properties["replaces"]?.elements ?? [] {
            guard case .substitution(let from, let to) = value,
                  let old = ingredient(from, at: tokens[tokens.startIndex], in: statement),
                  let new = ingredient(to, at: tokens[tokens.endIndex - 1], in: statement) else { complete = false; continue }
            guard old != new else {
                report(.replacementIsSame(option: name, ingredient: from), range(tokens[tokens.startIndex], in: statement))
                complete = false
                continue
            }
            changes.append(.replace(old, with: new))
        }
        for (value, tokens) in properties["removes"]?.elements ?? [] {
            guard case .text(let text) = value, let index = ingredient(text.value, at: tokens[tokens.startIndex], in: statement) else { complete = false; continue }
            changes.append(.remove(index))
        }
        for (word, factor) in Binder.adjustments {
            for (value, tokens) in properties[word]?.elements ?? [] {
                guard case .nameAndOptionalQuantity(let text, let amount) = value,
                      let index = ingredient(text, at: tokens[tokens.startIndex], in: statement) else { complete = false; continue }
                if let amount {
                    changes.append(.adjust(index, by: word == "light" ? -amount : amount))
                } else {
                    changes.append(.scale(index, numerator: factor.numerator, denominator: factor.denominator))
                }
            }
        }
        let repeatLimit = integer(properties["repeat"]) ?? 1
        if repeatLimit > 1, !changes.isEmpty {
            report(.repeatWithChanges(name), statement.headRange)
            complete = false
        }
        var changed: [Int] = []
        for change in changes {
            if changed.contains(change.ingredient) {
                report(.conflictingChanges(option: name, other: name, ingredient: ingredients[change.ingredient].name), statement.headRange)
                complete = false
            }
            changed.append(change.ingredient)
            complete = check(change, of: name, item: item, sizes: sizes, at: statement.headRange) && complete
        }
        let tags = bindTags(properties["tags"])
        let allergens = bindAllergens(properties["allergens"], statement: statement) ?? []
        guard complete else { return nil }
        var option = ItemOption(
            name: name, price: price, adds: adds, changes: changes, repeatLimit: repeatLimit, isDefault: properties["default"] != nil,
            tags: tags, allergens: allergens
        )
        option.availability = Binder.availability(properties["available"])
        return option
    }

    /// Whether `change` names a line of every size, and leaves each a whole quantity of at
    /// least 1 that fits.
    private mutating func check(_ change: RecipeChange, of option: String, item: String, sizes: [ItemSize], at range: SourceRange) -> Bool {
        let ingredient = ingredients[change.ingredient].name
        for size in sizes {
            let label = size.name.map { "\(item) (\($0))" } ?? item
            guard let quantity = size.recipe.components.first(where: { $0.ingredient == change.ingredient })?.quantity else {
                report(.changeNotInRecipe(option: option, ingredient: ingredient, item: label), range)
                return false
            }
            switch change {
            case .scale(_, let numerator, let denominator):
                let scaled = quantity * numerator
                if scaled % denominator != 0 {
                    // The factors are halves: the fraction is always .5.
                    report(.unwholeQuantity(option: option, ingredient: ingredient, item: label, quantity: "\(scaled / denominator).5"), range)
                    return false
                }
                if scaled / denominator > Menu.maximumQuantity {
                    report(.selectionTooLarge(item: label, what: ingredient), range)
                    return false
                }
            case .adjust(_, let amount):
                if quantity + amount < 1 {
                    report(.changeTakesAll(option: option, ingredient: ingredient, item: label), range)
                    return false
                }
                if quantity + amount > Menu.maximumQuantity {
                    report(.selectionTooLarge(item: label, what: ingredient), range)
                    return false
                }
            case .remove, .replace:
                break
            }
        }
        return true
    }

    /// A group with its limits checked against its options; `nil` when they cannot be met.
    private mutating func bindLimits(of statement: Statement, name: String, properties: BoundProperties, options: [ItemOption]) -> OptionGroup? {
        guard let choose = properties["choose"] else {
            report(.groupWithoutChoose(name), statement.headRange)
            return nil
        }
        guard let (value, tokens) = choose.elements.first, case .limits(let minimum, let written) = value else { return nil }
        let at = range(tokens[tokens.startIndex], in: statement)
        let text = tokens[tokens.startIndex].text
        let capacity = options.reduce(0) { $0 + $1.repeatLimit }
        let maximum = written ?? capacity
        if let written, minimum > written {
            report(.limitsReversed(group: name, text: text), at)
            return nil
        }
        if written == 0 || (written == nil && capacity == 0 && minimum == 0) {
            report(.limitsTakeNothing(group: name), at)
            return nil
        }
        if max(minimum, maximum) > capacity {
            report(.limitsAboveOptions(group: name, text: text, capacity: capacity), at)
            return nil
        }
        let defaults = options.filter(\.isDefault).count
        if defaults > maximum {
            report(.tooManyDefaults(group: name, count: defaults, maximum: maximum), statement.headRange)
            return nil
        }
        return OptionGroup(name: name, minimum: minimum, maximum: maximum, options: options)
    }

    /// Whether no two options that can be chosen together change the same ingredient:
    /// options of two groups can, and two of one group that takes more than one.
    private mutating func checkConflicts(_ changes: [(group: Int, option: String, ingredient: Int, range: SourceRange)], groups: [OptionGroup]) -> Bool {
        var complete = true
        for (position, later) in changes.enumerated() {
            guard let earlier = changes[..<position].first(where: { earlier in
                earlier.ingredient == later.ingredient && earlier.option != later.option
                    && (earlier.group != later.group || (groups.indices.contains(later.group) && groups[later.group].maximum > 1))
            }) else { continue }
            report(.conflictingChanges(option: later.option, other: earlier.option, ingredient: ingredients[later.ingredient].name), later.range, related: earlier.range)
            complete = false
        }
        return complete
    }

    /// What needs every allowed selection at once: none costs less than nothing or more
    /// than a price holds, none needs nothing, none needs more of an ingredient than fits.
    private mutating func checkSelections(of choices: ItemChoices, item: String, at range: SourceRange) -> Bool {
        var complete = true
        if let (cheapest, dearest) = choices.priceExtremes, choices.sizes[0].price != nil {
            if let price = choices.price(of: cheapest), price < .zero {
                let selection = choices.describe(cheapest).joined(separator: ", ")
                report(.priceBelowZero(item: item, selection: selection.isEmpty ? item : selection, price: price.grouped), range)
                complete = false
            }
            if !(choices.price(of: dearest).map { $0 <= Binder.largestPrice } ?? false) {
                report(.selectionTooLarge(item: item, what: tr("a price")), range)
                complete = false
            }
        }
        if mostNeeded.count < ingredients.count { mostNeeded = Array(repeating: nil, count: ingredients.count) }
        var needed: [Int] = []
        var removes: [Int] = []
        for size in choices.sizes {
            func label() -> String { size.name.map { "\(item) (\($0))" } ?? item }
            // Every line of the size, at the most any option can make it, and every line
            // the options add, each as often as it may be taken.
            func raise(_ ingredient: Int, to quantity: Int) {
                if mostNeeded[ingredient] == nil { needed.append(ingredient) }
                mostNeeded[ingredient] = quantity
            }
            for line in size.recipe.components { raise(line.ingredient, to: line.quantity) }
            var removable = 0
            for group in choices.groups {
                removes.removeAll(keepingCapacity: true)
                for option in group.options {
                    var lines = 0
                    for change in option.changes {
                        guard let quantity = size.recipe.components.first(where: { $0.ingredient == change.ingredient })?.quantity else { continue }
                        switch change {
                        case .scale(let ingredient, let numerator, let denominator):
                            raise(ingredient, to: max(mostNeeded[ingredient] ?? 0, quantity * numerator / denominator))
                        case .adjust(let ingredient, let amount): raise(ingredient, to: max(mostNeeded[ingredient] ?? 0, quantity + amount))
                        case .replace(let old, let new): raise(new, to: (mostNeeded[new] ?? 0) + (mostNeeded[old] ?? quantity))
                        case .remove: lines += 1
                        }
                    }
                    for add in option.adds { raise(add.ingredient, to: (mostNeeded[add.ingredient] ?? 0) + add.quantity * option.repeatLimit) }
                    removes.append(lines)
                }
                // Changes to one line cannot be chosen together (proved above), so the
                // most lines a group leaves out are those of its `maximum` best options.
                removes.sort(by: >)
                removable += removes.prefix(group.maximum).reduce(0, +)
            }
            if let ingredient = needed.first(where: { (mostNeeded[$0] ?? 0) > Menu.maximumQuantity }) {
                report(.selectionTooLarge(item: label(), what: ingredients[ingredient].name), range)
                complete = false
            }
            for ingredient in needed { mostNeeded[ingredient] = nil }
            needed.removeAll(keepingCapacity: true)
            if removable >= size.recipe.components.count, !choices.groups.contains(where: { $0.isRequired && $0.options.allSatisfy { !$0.adds.isEmpty } }) {
                report(.recipeCanBeEmpty(item: label()), range)
                complete = false
            }
        }
        return complete
    }

    /// The properties that make less or more of a line, and by how much when they give no quantity.
    private static let adjustments = [("light", RecipeChange.light), ("extra", RecipeChange.extra)]

    /// The most a selection may cost.
    private static let largestPrice = Money(hundredths: Menu.maximumQuantity * 100)

    /// The ingredient `name` names, or `nil` with the error at `token`.
    private mutating func ingredient(_ name: String, at token: Token, in statement: Statement) -> Int? {
        if let index = ingredientIndex(NameKey.fold(name)) { return index }
        let suggestion = Suggestions.closest(to: name, among: ingredients.map(\.name))
        report(.unknownIngredient(name, suggestion: suggestion), range(token, in: statement))
        return nil
    }

    /// Whether `name` is the first of its kind in the item; a second is reported at both.
    private mutating func unique(_ name: String, at range: SourceRange, item: String, in names: inout [String: SourceRange]) -> Bool {
        let key = NameKey.fold(name)
        if let first = names[key] {
            report(.duplicateChoice(name, item: item), range, related: first)
            return false
        }
        names[key] = range
        return true
    }

    // MARK: Combos

    mutating func bindCombo(_ statement: Statement) {
        let name = nameText(statement.head(0), property: "combo", file: statement.file)
        let properties = readProperties(of: statement)
        var price: Money?
        if case .amount(let amount)? = properties["price"]?.elements.first?.value { price = amount }
        var slots: [Combo.Slot] = []
        var complete = true
        for child in statement.children where child.kind == .choose {
            let choose = readProperties(of: child)
            let limitsToken = child.head(0)
            guard case .limits(let minimum, let written)? = limitsValue(limitsToken, file: child.file) else { complete = false; continue }
            guard let from = choose["from"] else {
                report(.missingValue(property: "choose", expected: trNoop("'from' and the items to choose from")), child.headRange)
                complete = false
                continue
            }
            var choices: [Int] = []
            var firstAt: [Int: SourceRange] = [:]
            for (value, tokens) in from.elements {
                guard case .text(let text) = value else { continue }
                let at = range(tokens[tokens.startIndex], in: child)
                guard let index = itemClaims[NameKey.fold(text.value)]?.index ?? itemClaims[NameKey.slug(text.value)]?.index else {
                    let suggestion = Suggestions.closest(to: text.value, among: Array(Set(itemClaims.values.map(\.owner))).sorted())
                    report(.unknownComboItem(text.value, suggestion: suggestion), at)
                    complete = false
                    continue
                }
                if let first = firstAt[index] {
                    report(.duplicateComboItem(text.value), at, related: first)
                    complete = false
                    continue
                }
                firstAt[index] = at
                choices.append(index)
            }
            let maximum = written ?? choices.count
            let at = range(limitsToken, in: child)
            if maximum == 0 || minimum > maximum {
                report(.invalidSlotLimits(combo: name ?? "", text: limitsToken.text, items: choices.count), at)
                complete = false
            }
            slots.append(Combo.Slot(minimum: minimum, maximum: maximum, items: choices))
        }
        guard let name else { return }
        if !statement.children.contains(where: { $0.kind == .choose }) {
            report(.comboWithoutChoices(name), statement.headRange)
            complete = false
        }
        let nameRange = range(statement.head(0), in: statement)
        var keys = [NameKey.fold(name)]
        if NameKey.slug(name) != keys[0] { keys.append(NameKey.slug(name)) }
        var aliases: [String] = []
        for (value, _) in properties["alias"]?.elements ?? [] {
            guard case .text(let alias) = value, !keys.contains(NameKey.fold(alias.value)) else { continue }
            keys.append(NameKey.fold(alias.value))
            aliases.append(alias.value)
        }
        let claim = Claim(index: combos.count, owner: name, range: nameRange)
        for key in keys {
            if let first = itemClaims[key] ?? comboClaims[key] {
                report(.duplicateItem(name, existing: first.owner), nameRange, related: first.range)
                return
            }
            comboClaims[key] = claim
        }
        if complete { combos.append(Combo(name: name, aliases: aliases, price: price, slots: slots)) }
    }
}
