/// What `suggest` needs of a menu, worked out once when the menu is built, so that scoring
/// a 10,000-item menu for a group is integer work over flat arrays: no name is hashed and
/// no string compared while items are scored.
struct SuggestionIndex: Sendable {
    /// Every tag of the menu once, as first written, in menu order.
    let tags: [String]
    /// `NameKey.fold` of each tag to its position in `tags`.
    let tagsByKey: [String: Int]
    /// Per item, what scoring reads of it.
    let facts: [ItemFacts]
    /// The items with each tag, and with each ingredient.
    let itemsByTag: Postings
    let itemsByIngredient: Postings
    /// Every item's recipe, flat: item `i`'s are `recipeComponents[facts[i].recipe]`.
    let recipeComponents: [RecipeComponent]

    /// The bit that marks an item whose allergens are unknown; the 14 allergens use bits 0–13.
    static let undeclared: UInt16 = 1 << 15

    /// Built in one pass over the items, into flat arrays: the menu pays for it once, when
    /// it is built, and with no allocations per item.
    init(ingredientCount: Int, items: [Item], questions: [Question]) {
        var tags: [String] = []
        var tagsByKey: [String: Int] = [:]
        var tagStarts: [Int32] = [0]
        var tagList: [Int32] = []
        var recipeStarts: [Int32] = [0]
        var recipeIngredients: [Int32] = []
        var recipeComponents: [RecipeComponent] = []
        tagStarts.reserveCapacity(items.count + 1)
        recipeStarts.reserveCapacity(items.count + 1)
        recipeIngredients.reserveCapacity(items.count * 2)
        recipeComponents.reserveCapacity(items.count * 2)
        for index in items.indices {
            let first = tagList.count
            for tag in items[index].tags {
                let key = NameKey.fold(tag)
                let position = tagsByKey[key] ?? {
                    tagsByKey[key] = tags.count
                    tags.append(tag)
                    return tags.count - 1
                }()
                if !tagList[first...].contains(Int32(position)) { tagList.append(Int32(position)) }
            }
            tagStarts.append(Int32(tagList.count))
            for component in items[index].recipe.components {
                recipeIngredients.append(Int32(component.ingredient))
                recipeComponents.append(RecipeComponent(ingredient: Int32(component.ingredient), quantity: Int32(component.quantity)))
            }
            recipeStarts.append(Int32(recipeIngredients.count))
        }
        // Which questions each tag answers, so an item's fits are the union over its tags.
        var questionsOfTag = [UInt64](repeating: 0, count: tags.count)
        for (position, question) in questions.prefix(Question.maximumCount).enumerated() {
            for tag in question.tags {
                if let index = tagsByKey[NameKey.fold(tag)] { questionsOfTag[index] |= 1 << UInt64(position) }
            }
        }
        var fits = [UInt64](repeating: 0, count: items.count)
        if !questions.isEmpty {
            for item in items.indices {
                for tag in tagList[Int(tagStarts[item])..<Int(tagStarts[item + 1])] { fits[item] |= questionsOfTag[Int(tag)] }
            }
        }
        self.tags = tags
        self.tagsByKey = tagsByKey
        facts = items.indices.map { item in
            ItemFacts(
                fits: fits[item], allergens: items[item].allergens?.rawValue ?? SuggestionIndex.undeclared,
                recipeStart: recipeStarts[item], recipeEnd: recipeStarts[item + 1]
            )
        }
        itemsByTag = Postings(keyCount: tags.count, starts: tagStarts, keys: tagList)
        itemsByIngredient = Postings(keyCount: ingredientCount, starts: recipeStarts, keys: recipeIngredients)
        self.recipeComponents = recipeComponents
    }

    /// What scoring reads of one item, side by side: the pass over a menu reads one table
    /// an item, so one bounds check, which the loop over its indices drops, covers them all.
    struct ItemFacts {
        /// Bit `q` is set when the item has a tag of question `q`.
        let fits: UInt64
        /// Its allergens' bits, or `SuggestionIndex.undeclared` when the menu does not say.
        let allergens: UInt16
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

/// For each key (a tag, an ingredient), the items that have it, in menu order: one flat
/// array instead of an array per key.
struct Postings: Sendable {
    private let starts: [Int32]
    private let items: [Int32]

    /// From the keys of each item, flat: item `i` has `keys[starts[i]..<starts[i + 1]]`,
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

    /// The items with key `key`.
    subscript(key: Int) -> ArraySlice<Int32> {
        items[Int(starts[key])..<Int(starts[key + 1])]
    }
}
