/// One suggested item, with why.
public struct Suggestion: Sendable, Hashable {
    /// The item's index in `Menu.items`, for the menu the suggestion was made on.
    public let item: Int
    public let name: String
    public let score: SuggestionScore
    /// How many the stock could make when the suggestion was made.
    public let makeable: Int
    /// The keys of the answered questions the item fits: a yes to a question whose tags it
    /// has, or a no to one whose tags it has not.
    public let fits: [String]
    /// Each named member's score, in the order of the request; empty for the anonymous
    /// customer.
    public let memberScores: [MemberScore]
    /// The menu does not declare the item's allergens; shown only with `lenient`, to a
    /// group where someone avoids an allergen.
    public let undeclaredAllergens: Bool
    /// The size and options suggested, when they are not the item's default ones: an oat
    /// latte for someone who avoids milk.
    public let choice: LineChoice?

    public init(
        item: Int, name: String, score: SuggestionScore, makeable: Int, fits: [String], memberScores: [MemberScore],
        undeclaredAllergens: Bool, choice: LineChoice? = nil
    ) {
        self.item = item
        self.name = name
        self.score = score
        self.makeable = makeable
        self.fits = fits
        self.memberScores = memberScores
        self.undeclaredAllergens = undeclaredAllergens
        self.choice = choice
    }

    /// For a group, the member the item pleases least (the first of equals); `nil` for one
    /// person.
    public var leastPleased: MemberScore? {
        guard memberScores.count > 1 else { return nil }
        return memberScores.min { $0.score < $1.score }
    }
}

/// One member's score for one item.
public struct MemberScore: Sendable, Hashable {
    public let name: String
    public let score: Int

    public init(name: String, score: Int) {
        self.name = name
        self.score = score
    }
}
