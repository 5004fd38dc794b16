/// `suggestion.made`: what was asked, and the page of items suggested with their scores.
public struct SuggestionMade: Sendable, Hashable {
    /// An item as the event names it, with its score in tenths (`73` is 7.3).
    public struct ScoredItem: Sendable, Hashable {
        public let item: String
        public let tenths: Int
        /// Shown with `lenient` though its allergens are not declared.
        public let undeclaredAllergens: Bool
        /// The size and options suggested, when not the item's default ones.
        public let choice: LineChoice?

        public init(item: String, tenths: Int, undeclaredAllergens: Bool = false, choice: LineChoice? = nil) {
            self.item = item
            self.tenths = tenths
            self.undeclaredAllergens = undeclaredAllergens
            self.choice = choice
        }

        /// `7` or `7.3`: the score's text, which is also its JSON number.
        public var score: String { SuggestionScore.text(tenths: tenths) }
    }

    /// Profile names; empty for one anonymous customer.
    public let profiles: [String]
    public let partySize: Int
    public let answers: [AnsweredQuestion]
    public let rule: GroupRule
    public let lenient: Bool
    /// 1 for the first page, 2 after one `suggest next`, ….
    public let page: Int
    public let items: [ScoredItem]

    public init(profiles: [String], partySize: Int, answers: [AnsweredQuestion], rule: GroupRule, lenient: Bool, page: Int, items: [ScoredItem]) {
        self.profiles = profiles
        self.partySize = partySize
        self.answers = answers
        self.rule = rule
        self.lenient = lenient
        self.page = page
        self.items = items
    }

    /// The event of one page of suggestions.
    public init(context: SuggestionContext, page: Int, suggestions: [Suggestion]) {
        self.init(
            profiles: context.profiles, partySize: context.partySize, answers: context.answers, rule: context.rule,
            lenient: context.lenient, page: page,
            items: suggestions.map { ScoredItem(item: $0.name, tenths: $0.score.tenths, undeclaredAllergens: $0.undeclaredAllergens, choice: $0.choice) }
        )
    }
}
