/// What `suggest` needs of a menu, worked out once when the menu is built, so that scoring
/// a 10,000-item menu for a group is integer work over flat arrays: no name is hashed and
/// no string compared while items are scored.
struct SuggestionIndex: Sendable {
    /// Every tag of the menu once, as first written, in menu order.
    let tags: [String]
    /// `NameKey.fold` of each tag to its position in `tags`.
    let tagsByKey: [String: Int]
    /// Per item: bit `q` is set when the item has a tag of question `q`.
    let fits: [UInt64]
    /// Per item: its allergens' bits, or `AllergenBits.undeclared` when the menu does not say.
    let allergens: [UInt16]
    /// The items with each tag, and with each ingredient.
    let itemsByTag: Postings
    let itemsByIngredient: Postings
    /// Each item's recipe, flat: components `recipeStarts[i]..<recipeStarts[i + 1]`.
    let recipeStarts: [Int32]
    let recipeIngredients: [Int32]
    let recipeQuantities: [Int32]

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
        var recipeQuantities: [Int32] = []
        var allergens: [UInt16] = []
        tagStarts.reserveCapacity(items.count + 1)
        recipeStarts.reserveCapacity(items.count + 1)
        recipeIngredients.reserveCapacity(items.count * 2)
        recipeQuantities.reserveCapacity(items.count * 2)
        allergens.reserveCapacity(items.count)
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
                recipeQuantities.append(Int32(component.quantity))
            }
            recipeStarts.append(Int32(recipeIngredients.count))
            allergens.append(items[index].allergens?.rawValue ?? SuggestionIndex.undeclared)
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
        self.fits = fits
        self.allergens = allergens
        itemsByTag = Postings(keyCount: tags.count, starts: tagStarts, keys: tagList)
        itemsByIngredient = Postings(keyCount: ingredientCount, starts: recipeStarts, keys: recipeIngredients)
        self.recipeStarts = recipeStarts
        self.recipeIngredients = recipeIngredients
        self.recipeQuantities = recipeQuantities
    }

    /// Runs `body` with the flat recipes and the stock `counts` as buffers: the stock
    /// checks of a whole menu, without bounds checks or reference counting per item.
    func withRecipes<Result>(stock counts: [Int], _ body: (Recipes) -> Result) -> Result {
        counts.withUnsafeBufferPointer { counts in
            recipeStarts.withUnsafeBufferPointer { starts in
                recipeIngredients.withUnsafeBufferPointer { ingredients in
                    recipeQuantities.withUnsafeBufferPointer { quantities in
                        body(Recipes(counts: counts, starts: starts, ingredients: ingredients, quantities: quantities))
                    }
                }
            }
        }
    }

    /// Every item's recipe against one stock.
    struct Recipes {
        let counts: UnsafeBufferPointer<Int>
        let starts: UnsafeBufferPointer<Int32>
        let ingredients: UnsafeBufferPointer<Int32>
        let quantities: UnsafeBufferPointer<Int32>

        /// Whether the stock can make `item` `times` times: products instead of quotients,
        /// since a division costs tens of cycles. Both factors are at most 10^9.
        @inline(__always)
        func canMake(_ item: Int, times: Int) -> Bool {
            for component in Int(starts[item])..<Int(starts[item + 1])
            where counts[Int(ingredients[component])] < Int(quantities[component]) * times {
                return false
            }
            return true
        }

        /// How many of `item` the stock can make, as `Menu.makeableCount`.
        func makeableCount(of item: Int) -> Int {
            var count = Int.max
            for component in Int(starts[item])..<Int(starts[item + 1]) {
                count = min(count, counts[Int(ingredients[component])] / Int(quantities[component]))
            }
            return count
        }
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
