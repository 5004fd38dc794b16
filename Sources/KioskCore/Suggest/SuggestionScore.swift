/// A group's score for an item on the 1–10 scale, kept exact: the sum of the members'
/// scores over their number (for `average` and `average-without-misery`) or the lowest
/// score over 1 (for `least-misery`, and for one customer).
public struct SuggestionScore: Sendable, Hashable, CustomStringConvertible {
    public let total: Int
    public let count: Int

    public init(total: Int, count: Int) {
        self.total = total
        self.count = max(1, count)
    }

    /// The score in tenths, rounded half up: 22/3 is 73.
    public var tenths: Int {
        (total * 20 + count) / (count * 2)
    }

    /// `7`, or `7.3` when the score is not whole to a tenth.
    public var description: String { SuggestionScore.text(tenths: tenths) }

    /// `7` for 70 tenths, `7.3` for 73.
    public static func text(tenths: Int) -> String {
        let whole = tenths / 10
        let fraction = tenths % 10
        return fraction == 0 ? String(whole) : "\(whole).\(fraction)"
    }
}
