/// The space of an item's allowed selections: how many there are, each of them in turn,
/// and the cheapest and dearest — each computed group by group, so an item with millions
/// of selections is counted and bounded without listing them.
extension ItemChoices {
    /// How many selections the item allows, or `nil` when there are more than `Int.max`.
    public var selectionCount: Int? {
        var total = sizes.count
        for group in groups {
            guard let ways = group.selectionCount else { return nil }
            let (product, overflow) = total.multipliedReportingOverflow(by: ways)
            guard !overflow else { return nil }
            total = product
        }
        return total
    }

    /// Every allowed selection, sizes first, then each group's in turn: `body` is called
    /// with each until it returns `false`. Holds one group's selections at a time per group,
    /// so call it only where `selectionCount` is small enough to list.
    public func forEachSelection(_ body: (Selection) -> Bool) {
        let perGroup = groups.enumerated().map { index, group in group.selections().map { counts in
            counts.enumerated().compactMap { option, count in count > 0 ? Selection.Pick(group: index, option: option, count: count) : nil }
        } }
        guard !perGroup.contains(where: \.isEmpty) else { return }
        for size in sizes.indices {
            var odometer = Array(repeating: 0, count: perGroup.count)
            while true {
                var picks: [Selection.Pick] = []
                for (group, position) in odometer.enumerated() { picks += perGroup[group][position] }
                guard body(Selection(size: size, picks: picks)) else { return }
                var wheel = perGroup.count - 1
                while wheel >= 0 {
                    odometer[wheel] += 1
                    if odometer[wheel] < perGroup[wheel].count { break }
                    odometer[wheel] = 0
                    wheel -= 1
                }
                if wheel < 0 { break }
            }
        }
    }

    /// The allowed selection with the lowest price and the one with the highest (the first
    /// size of an item without prices for both); `nil` when no selection is allowed.
    public var priceExtremes: (cheapest: Selection, dearest: Selection)? {
        var cheapestPicks: [Selection.Pick] = []
        var dearestPicks: [Selection.Pick] = []
        for (index, group) in groups.enumerated() {
            guard let cheap = group.extremePicks(dearest: false), let dear = group.extremePicks(dearest: true) else { return nil }
            cheapestPicks += cheap.map { Selection.Pick(group: index, option: $0.option, count: $0.count) }
            dearestPicks += dear.map { Selection.Pick(group: index, option: $0.option, count: $0.count) }
        }
        let priced = sizes.indices.compactMap { index in sizes[index].price.map { (index: index, price: $0) } }
        let cheapSize = priced.min { $0.price < $1.price }?.index ?? 0
        let dearSize = priced.max { $0.price < $1.price }?.index ?? 0
        return (Selection(size: cheapSize, picks: cheapestPicks), Selection(size: dearSize, picks: dearestPicks))
    }
}

extension OptionGroup {
    /// How many ways the group can be chosen within its limits, or `nil` past `Int.max`:
    /// the count vectors (each option 0 to its repeat limit) whose total is in the limits.
    public var selectionCount: Int? {
        guard maximum >= minimum else { return 0 }
        // ways[t]: the vectors of the options so far that total t (t up to the maximum).
        var ways = [Int?](repeating: 0, count: maximum + 1)
        ways[0] = 1
        for option in options {
            var next = [Int?](repeating: 0, count: maximum + 1)
            for total in 0...maximum {
                var sum: Int? = 0
                for count in 0...min(option.repeatLimit, total) {
                    guard let running = sum, let add = ways[total - count] else { sum = nil; break }
                    let (value, overflow) = running.addingReportingOverflow(add)
                    sum = overflow ? nil : value
                }
                next[total] = sum
            }
            ways = next
        }
        var result = 0
        for total in minimum...maximum {
            guard let add = ways[total] else { return nil }
            let (value, overflow) = result.addingReportingOverflow(add)
            guard !overflow else { return nil }
            result = value
        }
        return result
    }

    /// Every allowed count vector, one count per option, in order: the options' counts
    /// counted up like an odometer, first option fastest, so taking nothing (or the first
    /// option) comes first.
    func selections() -> [[Int]] {
        var result: [[Int]] = []
        var counts = Array(repeating: 0, count: options.count)
        while true {
            let total = counts.reduce(0, +)
            if total >= minimum, total <= maximum { result.append(counts) }
            var wheel = 0
            while wheel < options.count {
                counts[wheel] += 1
                if counts[wheel] <= options[wheel].repeatLimit, counts.reduce(0, +) <= maximum { break }
                counts[wheel] = 0
                wheel += 1
            }
            if wheel == options.count { return result }
        }
    }

    /// The options (and counts) of the group's cheapest or dearest allowed choice: the
    /// `minimum` cheapest (dearest) takings, then any more that lower (raise) the price,
    /// up to the maximum. `nil` when the limits cannot be met.
    func extremePicks(dearest: Bool) -> [(option: Int, count: Int)]? {
        guard minimum <= maximum, capacity >= minimum else { return nil }
        let order = options.indices.sorted { first, second in
            let (a, b) = (options[first].price, options[second].price)
            return a == b ? first < second : (dearest ? a > b : a < b)
        }
        var counts = Array(repeating: 0, count: options.count)
        var taken = 0
        for index in order {
            let price = options[index].price
            while counts[index] < options[index].repeatLimit, taken < maximum {
                let helps = dearest ? price > .zero : price < .zero
                guard taken < minimum || helps else { break }
                counts[index] += 1
                taken += 1
            }
        }
        return counts.indices.compactMap { counts[$0] > 0 ? ($0, counts[$0]) : nil }
    }
}
