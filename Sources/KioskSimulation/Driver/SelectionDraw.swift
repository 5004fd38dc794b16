import KioskCore

/// What a simulated customer chooses of an item with sizes and options, as the menu's
/// `demand 70% large, 30% Oat` says, from the `choices` stream.
///
/// - The size: each size with a share takes it; what is left goes to the default size
///   when it has none of its own, else evenly to the sizes without one. Without any
///   share, the default size (or, when there is none, any size alike).
/// - A group that takes one option (`choose 1`, `choose 0..1`): the same, with "none" in
///   place of a default for a group that may take nothing.
/// - Any other group: its defaults, and each option with a share taken once with that
///   chance; then options dropped from the last, or the first ones added, to keep within
///   the group's limits.
///
/// The number of draws depends on the item alone, so one customer's choice never moves
/// another's.
struct SelectionDraw: Sendable {
    private let choices: ItemChoices
    private let size: WeightedChoice?
    /// For a group that takes one: its options' weights, then "none" last when it may take
    /// nothing. `nil` for the other groups.
    private let single: [WeightedChoice??]

    init(_ choices: ItemChoices) {
        self.choices = choices
        let demand = choices.demand
        size = SelectionDraw.weights(shares: demand.sizes, fallback: choices.defaultSize, none: false)
        single = choices.groups.enumerated().map { index, group -> WeightedChoice?? in
            guard group.maximum == 1, group.options.allSatisfy({ $0.repeatLimit == 1 }) else { return .none }
            let fallback = group.options.firstIndex(where: \.isDefault) ?? (group.minimum == 0 ? group.options.count : nil)
            return .some(SelectionDraw.weights(shares: demand.options[index], fallback: fallback, none: group.minimum == 0))
        }
    }

    /// Integer weights for the entries of `shares` (and "none" after them when `none`):
    /// the given shares, the rest to `fallback` when it has no share, else spread over
    /// those without one. `nil` when every weight is 0 (then the fallback is taken, or
    /// the first).
    private static func weights(shares: [Int?], fallback: Int?, none: Bool) -> WeightedChoice? {
        var weights = shares.map { $0 ?? 0 } + (none ? [0] : [])
        let rest = max(0, ChoiceDemand.whole - shares.reduce(0) { $0 + ($1 ?? 0) })
        let unshared = weights.indices.filter { $0 >= shares.count || shares[$0] == nil }
        if let fallback, unshared.contains(fallback) {
            weights[fallback] += rest
        } else if !unshared.isEmpty {
            for index in unshared { weights[index] += rest / unshared.count }
        }
        return WeightedChoice(weights: weights)
    }

    func draw(using generator: inout Xoshiro256StarStar) -> Selection {
        let sizeIndex = size?.pick(using: &generator) ?? choices.defaultSize ?? 0
        var picks: [Selection.Pick] = []
        for (index, group) in choices.groups.enumerated() {
            if let weights = single[index] {
                let option = weights?.pick(using: &generator)
                    ?? group.options.firstIndex(where: \.isDefault) ?? (group.minimum == 0 ? group.options.count : 0)
                if option < group.options.count { picks.append(Selection.Pick(group: index, option: option)) }
                continue
            }
            var counts = group.options.map { $0.isDefault ? 1 : 0 }
            for (option, share) in choices.demand.options[index].enumerated() {
                guard let share else { continue }
                counts[option] = Int(generator.nextInt(below: UInt64(ChoiceDemand.whole))) < share ? 1 : 0
            }
            var taken = counts.reduce(0, +)
            for option in counts.indices.reversed() where taken > group.maximum && counts[option] > 0 {
                let drop = min(counts[option], taken - group.maximum)
                counts[option] -= drop
                taken -= drop
            }
            for option in counts.indices where taken < group.minimum {
                let add = min(group.options[option].repeatLimit - counts[option], group.minimum - taken)
                counts[option] += add
                taken += add
            }
            for (option, count) in counts.enumerated() where count > 0 { picks.append(Selection.Pick(group: index, option: option, count: count)) }
        }
        let selection = Selection(size: sizeIndex, picks: picks)
        guard choices.problem(with: selection) != nil else { return selection }
        return choices.defaultSelection ?? choices.priceExtremes?.cheapest ?? selection
    }
}
