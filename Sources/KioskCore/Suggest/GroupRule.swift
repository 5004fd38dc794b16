import KioskText

/// How a group's scores for an item become one score: the aggregation strategies of group
/// recommenders (Masthoff, "Group Recommender Systems: Combining Individual Models",
/// Recommender Systems Handbook, 2011).
public enum GroupRule: String, Sendable, Hashable, CaseIterable {
    /// The mean of the members' scores.
    case average
    /// The lowest member's score: a group is as happy as its least happy member.
    case leastMisery = "least-misery"
    /// The mean, over only the items no member scores below the threshold.
    case averageWithoutMisery = "average-without-misery"

    /// `average without misery`: the rule's words for sentences, in the operator's language
    /// (in English, its word with spaces).
    public var phrase: String {
        switch self {
        case .average: tr("average")
        case .leastMisery: tr("least misery")
        case .averageWithoutMisery: tr("average without misery")
        }
    }
}
