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
        // Each group appends its picks to one array per extreme, sized once: binding a
        // menu proves every item's extremes.
        let room = groups.reduce(0) { $0 + $1.options.count }
        var cheapestPicks: [Selection.Pick] = []
        var dearestPicks: [Selection.Pick] = []
        cheapestPicks.reserveCapacity(room)
        dearestPicks.reserveCapacity(room)
        for index in groups.indices {
            guard groups[index].appendExtremePicks(of: index, dearest: false, to: &cheapestPicks),
                  groups[index].appendExtremePicks(of: index, dearest: true, to: &dearestPicks) else { return nil }
        }
        var cheapSize: (index: Int, price: Money)?
        var dearSize: (index: Int, price: Money)?
        for (index, size) in sizes.enumerated() {
            guard let price = size.price else { continue }
            if cheapSize.map({ price < $0.price }) ?? true { cheapSize = (index, price) }
            if dearSize.map({ price > $0.price }) ?? true { dearSize = (index, price) }
        }
        return (Selection(size: cheapSize?.index ?? 0, picks: cheapestPicks), Selection(size: dearSize?.index ?? 0, picks: dearestPicks))
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

    /// Appends to `picks` the options (and counts) of the group's cheapest or dearest
    /// allowed choice, as picks of group `group` in option order: the `minimum` cheapest
    /// (dearest) takings, then any more that lower (raise) the price, up to the maximum.
    /// `false` when the limits cannot be met.
    func appendExtremePicks(of group: Int, dearest: Bool, to picks: inout [Selection.Pick]) -> Bool {
        guard minimum <= maximum, capacity >= minimum else { return false }
        // The options by price, cheapest (dearest) first, ties in their order: sorted as
        // plain numbers.
        var order = options.indices.map { (hundredths: options[$0].price.hundredths, option: $0) }
        order.sort { a, b in
            a.hundredths == b.hundredths ? a.option < b.option : (dearest ? a.hundredths > b.hundredths : a.hundredths < b.hundredths)
        }
        let first = picks.count
        var taken = 0
        for (hundredths, option) in order {
            let helps = dearest ? hundredths > 0 : hundredths < 0
            var count = 0
            while count < options[option].repeatLimit, taken < maximum, taken < minimum || helps {
                count += 1
                taken += 1
            }
            if count > 0 { picks.append(Selection.Pick(group: group, option: option, count: count)) }
        }
        picks[first...].sort { $0.option < $1.option }
        return true
    }
}
