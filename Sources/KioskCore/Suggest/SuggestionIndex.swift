/// What `suggest` needs of a menu, worked out once when the menu is built, so that scoring
/// a 10,000-item menu for a group is integer work over flat arrays: no name is hashed and
/// no string compared while items are scored.
///
/// Scoring goes row by row. An item is one row; an item with options has, after the row
/// of its default selection, a row for each selection that swaps in or adds one option
/// that can change a veto or a fit — one with tags or allergens of its own, or that takes
/// an ingredient out (an oat latte for someone who avoids milk) — and so differs in what
/// suggesting reads. An item's rows are side by side, in menu order.
struct SuggestionIndex: Sendable {
    /// Every tag of the menu once, as first written, in menu order (an item's, then its
    /// options').
    let tags: [String]
    /// `NameKey.fold` of each tag to its position in `tags`.
    let tagsByKey: [String: Int]
    /// Per row, what scoring reads of it.
    let facts: [RowFacts]
    /// The rows with each tag, and with each ingredient.
    let rowsByTag: Postings
    let rowsByIngredient: Postings
    /// Every row's recipe, flat: row `r`'s are `recipeComponents[facts[r].recipe]`.
    let recipeComponents: [RecipeComponent]
    /// Item `i`'s rows are `rowStarts[i]..<rowStarts[i + 1]`.
    let rowStarts: [Int32]
    /// The selection of each row that is not its item's default one.
    let selections: [Int32: Selection]

    /// The bit that marks an item whose allergens are unknown; the 14 allergens use bits 0–13.
    static let undeclared: UInt16 = 1 << 15

    /// Whether some item has more than one row.
    var hasVariants: Bool { !selections.isEmpty }

    /// The rows of `item`.
    func rows(of item: Int) -> Range<Int> { Int(rowStarts[item])..<Int(rowStarts[item + 1]) }

    /// Built in one pass over the items, into flat arrays: the menu pays for it once, when
    /// it is built, and with no allocations per item without options.
    init(ingredients: [Ingredient], items: [Item], questions: [Question]) {
        var tags: [String] = []
        var tagsByKey: [String: Int] = [:]
        var tagStarts: [Int32] = [0]
        var tagList: [Int32] = []
        var recipeStarts: [Int32] = [0]
        var recipeIngredients: [Int32] = []
        var recipeComponents: [RecipeComponent] = []
        var allergens: [UInt16] = []
        var rowItems: [Int32] = []
        var rowStarts: [Int32] = [0]
        var selections: [Int32: Selection] = [:]
        tagStarts.reserveCapacity(items.count + 1)
        recipeStarts.reserveCapacity(items.count + 1)
        recipeIngredients.reserveCapacity(items.count * 2)
        recipeComponents.reserveCapacity(items.count * 2)
        allergens.reserveCapacity(items.count)
        rowItems.reserveCapacity(items.count)
        rowStarts.reserveCapacity(items.count + 1)

        func position(of tag: String) -> Int32 {
            let key = NameKey.fold(tag)
            if let known = tagsByKey[key] { return Int32(known) }
            tagsByKey[key] = tags.count
            tags.append(tag)
            return Int32(tags.count - 1)
        }
        /// Appends a row; `false` (and nothing appended) when it reads as the item's first row.
        func appendRow(item: Int, tagged: [String], recipe: Recipe, allergenBits: UInt16, compareWith first: Int?) -> Bool {
            var rowTags: [Int32] = []
            for tag in tagged {
                let tag = position(of: tag)
                if !rowTags.contains(tag) { rowTags.append(tag) }
            }
            if let first {
                let firstTags = tagList[Int(tagStarts[first])..<Int(tagStarts[first + 1])]
                let firstIngredients = recipeIngredients[Int(recipeStarts[first])..<Int(recipeStarts[first + 1])]
                if allergens[first] == allergenBits, Set(firstTags) == Set(rowTags),
                   Set(firstIngredients) == Set(recipe.components.map { Int32($0.ingredient) }) { return false }
            }
            tagList += rowTags
            tagStarts.append(Int32(tagList.count))
            for component in recipe.components {
                recipeIngredients.append(Int32(component.ingredient))
                recipeComponents.append(RecipeComponent(ingredient: Int32(component.ingredient), quantity: Int32(component.quantity)))
            }
            recipeStarts.append(Int32(recipeIngredients.count))
            allergens.append(allergenBits)
            rowItems.append(Int32(item))
            return true
        }

        for index in items.indices {
            let item = items[index]
            let first = rowItems.count
            if let choices = item.choices, let base = choices.defaultSelection {
                let facts = SelectionFacts(item: item, choices: choices, base: base, ingredients: ingredients)
                _ = appendRow(item: index, tagged: facts.tags(of: base), recipe: item.recipe, allergenBits: facts.allergens(of: base), compareWith: nil)
                for selection in facts.variants() {
                    let recipe = choices.recipe(of: selection)
                    if appendRow(item: index, tagged: facts.tags(of: selection), recipe: recipe, allergenBits: facts.allergens(of: selection), compareWith: first) {
                        selections[Int32(rowItems.count - 1)] = selection
                    }
                }
            } else {
                _ = appendRow(
                    item: index, tagged: item.tags, recipe: item.recipe,
                    allergenBits: item.allergens?.rawValue ?? SuggestionIndex.undeclared, compareWith: nil
                )
            }
            // Every option's tags are the menu's, a row of their own or not.
            for group in item.choices?.groups ?? [] {
                for option in group.options { for tag in option.tags { _ = position(of: tag) } }
            }
            rowStarts.append(Int32(rowItems.count))
        }
        // Which questions each tag answers, so a row's fits are the union over its tags.
        var questionsOfTag = [UInt64](repeating: 0, count: tags.count)
        for (position, question) in questions.prefix(Question.maximumCount).enumerated() {
            for tag in question.tags {
                if let index = tagsByKey[NameKey.fold(tag)] { questionsOfTag[index] |= 1 << UInt64(position) }
            }
        }
        var fits = [UInt64](repeating: 0, count: rowItems.count)
        if !questions.isEmpty {
            for row in rowItems.indices {
                for tag in tagList[Int(tagStarts[row])..<Int(tagStarts[row + 1])] { fits[row] |= questionsOfTag[Int(tag)] }
            }
        }
        self.tags = tags
        self.tagsByKey = tagsByKey
        facts = rowItems.indices.map { row in
            RowFacts(
                fits: fits[row], allergens: allergens[row], item: rowItems[row],
                recipeStart: recipeStarts[row], recipeEnd: recipeStarts[row + 1]
            )
        }
        rowsByTag = Postings(keyCount: tags.count, starts: tagStarts, keys: tagList)
        rowsByIngredient = Postings(keyCount: ingredients.count, starts: recipeStarts, keys: recipeIngredients)
        self.recipeComponents = recipeComponents
        self.rowStarts = rowStarts
        self.selections = selections
    }

    /// What scoring reads of one row, side by side: the pass over a menu reads one table
    /// a row, so one bounds check, which the loop over its indices drops, covers them all.
    struct RowFacts {
        /// Bit `q` is set when the row has a tag of question `q`.
        let fits: UInt64
        /// Its allergens' bits, or `SuggestionIndex.undeclared` when the menu does not say.
        let allergens: UInt16
        /// The item it is a selection of.
        let item: Int32
        /// Where its recipe's components are in `recipeComponents`.
        let recipeStart: Int32
        let recipeEnd: Int32

        var recipe: Range<Int> { Int(recipeStart)..<Int(recipeEnd) }
    }

    /// One ingredient of a recipe and how much of it one item takes: side by side, so a
    /// stock check reads one table, not two.
    struct RecipeComponent {
        let ingredient: Int32
        let quantity: Int32
    }
}

/// The tags and allergens of an item's selections, and the selections worth a row.
///
/// A selection has the item's tags and those of its options. Its allergens are the item's
/// (unknown stays unknown), its options' own, and those its ingredients declare; less an
/// allergen of the item that only an ingredient it no longer has brought — which takes
/// every ingredient it has declaring its allergens, none of them that one (so an oat latte
/// is free of milk only when oat milk, espresso and sugar say what they carry).
private struct SelectionFacts {
    let item: Item
    let choices: ItemChoices
    let base: Selection
    let ingredients: [Ingredient]
    /// The default selection's ingredients.
    let baseIngredients: [Int]

    init(item: Item, choices: ItemChoices, base: Selection, ingredients: [Ingredient]) {
        self.item = item
        self.choices = choices
        self.base = base
        self.ingredients = ingredients
        baseIngredients = item.recipe.components.map(\.ingredient)
    }

    func tags(of selection: Selection) -> [String] {
        item.tags + selection.picks.flatMap { choices.groups[$0.group].options[$0.option].tags }
    }

    func allergens(of selection: Selection) -> UInt16 {
        guard let declared = item.allergens else { return SuggestionIndex.undeclared }
        let recipe = selection == base ? baseIngredients : choices.recipe(of: selection).components.map(\.ingredient)
        var brought = Allergens()
        var everyDeclared = true
        for ingredient in recipe {
            if let carried = ingredients[ingredient].allergens { brought.formUnion(carried) } else { everyDeclared = false }
        }
        for pick in selection.picks { brought.formUnion(choices.groups[pick.group].options[pick.option].allergens) }
        var result = declared.union(brought)
        if everyDeclared, selection != base {
            var left = Allergens()
            for ingredient in baseIngredients where !recipe.contains(ingredient) {
                left.formUnion(ingredients[ingredient].allergens ?? [])
            }
            result.subtract(left.intersection(declared).subtracting(brought))
        }
        return result.rawValue
    }

    /// The default selection with one option more: in a group that takes one, in place of
    /// the one it takes; in another, added while the group has room. Only those allowed,
    /// and only where the option coming in or going out can change a veto or a fit: an
    /// option that only adds a line or a price reads as the selection without it, and a
    /// row for it would cost a menu of many options its start-up.
    func variants() -> [Selection] {
        var variants: [Selection] = []
        for (index, group) in choices.groups.enumerated() {
            let taken = base.picks.filter { $0.group == index }
            let swapped = group.maximum == 1 && taken.contains { SelectionFacts.matters(group.options[$0.option]) }
            for option in group.options.indices where !taken.contains(where: { $0.option == option }) {
                guard swapped || SelectionFacts.matters(group.options[option]) else { continue }
                var picks = base.picks
                if group.maximum == 1 {
                    picks.removeAll { $0.group == index }
                } else if taken.reduce(0, { $0 + $1.count }) >= group.maximum {
                    continue
                }
                picks.append(Selection.Pick(group: index, option: option))
                picks.sort { ($0.group, $0.option) < ($1.group, $1.option) }
                let selection = Selection(size: base.size, picks: picks)
                if choices.problem(with: selection) == nil { variants.append(selection) }
            }
        }
        return variants
    }

    /// Whether taking `option` or not can change a veto or a fit: it has tags or allergens
    /// of its own, or takes an ingredient out of the recipe.
    private static func matters(_ option: ItemOption) -> Bool {
        !option.tags.isEmpty || !option.allergens.isEmpty || option.changes.contains { $0.takesOut != nil }
    }
}

/// A recipe's components checked against a stock (ingredient counts). As methods of a span,
/// so the pass over a menu passes a base and a count, not an array to retain and look into.
extension Span where Element == SuggestionIndex.RecipeComponent {
    /// Whether `stock` can make the recipe `times` times: products instead of quotients,
    /// since a division costs tens of cycles. Both factors are at most 10^9.
    @inline(__always)
    func canBeMade(times: Int, from stock: Span<Int>) -> Bool {
        for component in indices {
            let part = self[component]
            if stock[Int(part.ingredient)] < Int(part.quantity) * times { return false }
        }
        return true
    }

    /// How many times `stock` can make the recipe, as `Menu.makeableCount`.
    func makeableCount(from stock: Span<Int>) -> Int {
        var count = Int.max
        for component in indices {
            let part = self[component]
            count = min(count, stock[Int(part.ingredient)] / Int(part.quantity))
        }
        return count
    }
}

/// For each key (a tag, an ingredient), the rows that have it, in menu order: one flat
/// array instead of an array per key.
struct Postings: Sendable {
    private let starts: [Int32]
    private let items: [Int32]

    /// From the keys of each row, flat: row `i` has `keys[starts[i]..<starts[i + 1]]`,
    /// each once.
    init(keyCount: Int, starts itemStarts: [Int32], keys: [Int32]) {
        var counts = [Int32](repeating: 0, count: keyCount + 1)
        for key in keys { counts[Int(key) + 1] += 1 }
        for key in 0..<keyCount { counts[key + 1] += counts[key] }
        var next = counts
        var items = [Int32](repeating: 0, count: keys.count)
        for item in 0..<(itemStarts.count - 1) {
            for key in keys[Int(itemStarts[item])..<Int(itemStarts[item + 1])] {
                items[Int(next[Int(key)])] = Int32(item)
                next[Int(key)] += 1
            }
        }
        self.starts = counts
        self.items = items
    }

    /// The rows with key `key`.
    subscript(key: Int) -> ArraySlice<Int32> {
        items[Int(starts[key])..<Int(starts[key + 1])]
    }
}
