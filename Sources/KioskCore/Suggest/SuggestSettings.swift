/// A menu's `suggest { shows 3 next 2 rule average-without-misery threshold 4 }`.
public struct SuggestSettings: Sendable, Hashable {
    public static let defaults = SuggestSettings()

    public static let showsRange = 1...20
    public static let nextRange = 0...100
    public static let thresholdRange = 1...10

    /// Suggestions per page.
    public let shows: Int
    /// How many times `suggest next` may show another page.
    public let next: Int
    /// The rule for groups; one customer's score is their own under every rule, but
    /// `average-without-misery` still leaves out what they would score below the threshold.
    public let rule: GroupRule
    /// Below this score (1–10) a member is miserable, for `average-without-misery`.
    public let threshold: Int

    /// Settings with each number brought into its range (the menu language reports a number
    /// out of range with its position; this keeps the core whole whatever it is given).
    public init(shows: Int = 3, next: Int = 2, rule: GroupRule = .averageWithoutMisery, threshold: Int = 4) {
        self.shows = shows.clamped(to: SuggestSettings.showsRange)
        self.next = next.clamped(to: SuggestSettings.nextRange)
        self.rule = rule
        self.threshold = threshold.clamped(to: SuggestSettings.thresholdRange)
    }

    /// How many suggestions one request ranks: every page `suggest next` may show.
    public var ranked: Int { shows * (next + 1) }
}

extension Int {
    func clamped(to range: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
