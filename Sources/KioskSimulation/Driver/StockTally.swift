import KioskCore

/// Demand, shortages and refills per ingredient, and from them the starting stock that
/// would have avoided every stock-out of the run.
///
/// Demand counts every customer's order, refused ones included, and does not depend on
/// stock: arrivals and item choices come from their own random streams. So with the same
/// seed and a larger starting stock the same orders arrive, and whether that stock
/// suffices can be decided from the demand alone:
///
/// - `none`: the total demand.
/// - `every D`: each refill tops up to the starting stock, so the largest demand between
///   two refills (measured in the run's own order of events).
/// - `low:LEAD`: refills depend on when the low mark is reached, which depends on the
///   starting stock; each candidate is replayed against the ingredient's demand, in the
///   run's exact order of events, and the smallest found by bisection is reported. Every
///   reported value is checked by a replay; the total demand always suffices, and is what
///   is reported when the run is too long to keep its demand (past `historyLimit` needs).
struct StockTally: Sendable {
    /// One customer's need of one ingredient, kept for `low` replays.
    struct Demand: Sendable {
        let time: Int64
        let customer: Int
        let quantity: Int
    }

    /// Every variant's recipe, one after another: variant i's components are
    /// `components[recipeStarts[i]..<recipeStarts[i + 1]]` (flat, so reading one retains
    /// nothing). The first variants are the menu's items as ordered without a choice; a
    /// selection of an item with sizes or options is a variant of its own (`addVariant`).
    private var components: [Recipe.Component]
    private var recipeStarts: [Int]
    private let countsPeriods: Bool
    let starting: [Int]
    let lowMarks: [Int]
    let policy: RestockPolicy
    /// Orders of each variant, refused ones included, and orders made: demand and use are
    /// counted by variant, a bump per customer, and turned into ingredients when asked for.
    private var ordered: [Int]
    private var made: [Int]
    private(set) var firstShort: [Int64?]
    private(set) var lost: [Int]
    private(set) var restocks: [Int]
    /// A refill is scheduled and has not happened yet.
    var pending: [Bool]
    /// Orders of each item since the last refill of everything (`every` only).
    private var periodOrdered: [Int]
    private var largestPeriodDemand: [Int]
    /// Only for `low`; an optional rather than an empty array, whose shared empty storage
    /// the optimiser would copy on every customer to make it unique. `nil` too once the run
    /// has passed `historyLimit`.
    private var history: [[Demand]]?
    private var historyCount = 0

    /// Needs kept for `low` replays: 10 million, 240 MB.
    static let historyLimit = 10_000_000

    init(menu: Menu, policy: RestockPolicy) {
        let count = menu.ingredients.count
        starting = menu.ingredients.map(\.initialStock)
        lowMarks = menu.ingredients.map(\.lowMark)
        self.policy = policy
        components = menu.items.flatMap(\.recipe.components)
        var starts = [0]
        for item in menu.items { starts.append(starts[starts.count - 1] + item.recipe.components.count) }
        recipeStarts = starts
        if case .every = policy { countsPeriods = true } else { countsPeriods = false }
        ordered = Array(repeating: 0, count: menu.items.count)
        made = ordered
        periodOrdered = ordered
        lost = Array(repeating: 0, count: count)
        restocks = lost
        largestPeriodDemand = lost
        firstShort = Array(repeating: nil, count: count)
        pending = Array(repeating: false, count: count)
        if case .low = policy { history = Array(repeating: [], count: count) } else { history = nil }
    }

    /// A variant that takes `recipe`: its number, for `recordDemand` and `recordMade`.
    mutating func addVariant(_ recipe: [Recipe.Component]) -> Int {
        components += recipe
        recipeStarts.append(components.count)
        ordered.append(0)
        made.append(0)
        periodOrdered.append(0)
        return ordered.count - 1
    }

    mutating func recordDemand(of item: Int, customer: Int, at time: Int64) {
        ordered[item] += 1
        if countsPeriods { periodOrdered[item] += 1 }
        guard history != nil else { return }
        for index in recipeStarts[item]..<recipeStarts[item + 1] {
            let component = components[index]
            history?[component.ingredient].append(Demand(time: time, customer: customer, quantity: component.quantity))
        }
        historyCount += recipeStarts[item + 1] - recipeStarts[item]
        if historyCount > StockTally.historyLimit { history = nil }
    }

    mutating func recordMade(_ item: Int) {
        made[item] += 1
    }

    /// Per ingredient, what every customer's order needed, refused ones included.
    var demand: [Int] { byIngredient(ordered) }

    /// Per ingredient, what the orders made used.
    var used: [Int] { byIngredient(made) }

    /// Per ingredient, what `counts` orders of each item need. The sums are those a count
    /// per customer would reach: every term is non-negative, so none passes the total.
    private func byIngredient(_ counts: [Int]) -> [Int] {
        var needs = Array(repeating: 0, count: starting.count)
        for (item, count) in counts.enumerated() where count > 0 {
            for index in recipeStarts[item]..<recipeStarts[item + 1] {
                needs[components[index].ingredient] += components[index].quantity * count
            }
        }
        return needs
    }

    mutating func recordShort(_ ingredient: Int, at time: Int64) {
        lost[ingredient] += 1
        if firstShort[ingredient] == nil { firstShort[ingredient] = time }
    }

    /// A refill came due; `added` when the ingredient was below its starting stock.
    mutating func recordRefill(_ ingredient: Int, added: Bool) {
        if added { restocks[ingredient] += 1 }
        pending[ingredient] = false
    }

    /// A refill of every ingredient: the period between refills starts again.
    mutating func startPeriod() {
        for (index, need) in byIngredient(periodOrdered).enumerated() {
            largestPeriodDemand[index] = max(largestPeriodDemand[index], need)
        }
        for index in periodOrdered.indices { periodOrdered[index] = 0 }
    }

    /// Per ingredient, the starting stock that would have avoided every stock-out.
    func sufficientStartingStock() -> [Int] {
        switch policy {
        case .none: return demand
        case .every: return zip(largestPeriodDemand, byIngredient(periodOrdered)).map { max($0, $1) }
        case .low(let lead):
            let demand = demand
            return history == nil ? demand : demand.indices.map { smallestSufficient($0, demand: demand[$0], lead: lead) }
        }
    }

    private func smallestSufficient(_ ingredient: Int, demand: Int, lead: Int64) -> Int {
        var low = 0
        var high = demand
        guard suffices(high, ingredient, lead: lead) else { return high }
        while low < high {
            let middle = low + (high - low) / 2
            if suffices(middle, ingredient, lead: lead) { high = middle } else { low = middle + 1 }
        }
        return high
    }

    /// Replays the ingredient's demand from `stock` under `low:lead`: true when no order
    /// would have been short.
    ///
    /// The simulation schedules customer b's arrival while handling customer b − 1, before
    /// placing b − 1's order; a refill triggered by customer a is scheduled while handling a.
    /// So at equal times the refill comes first exactly when a < b − 1.
    private func suffices(_ stock: Int, _ ingredient: Int, lead: Int64) -> Bool {
        var level = stock
        var refill: (time: Int64, trigger: Int)?
        for entry in history?[ingredient] ?? [] {
            if let due = refill, due.time < entry.time || (due.time == entry.time && due.trigger < entry.customer - 1) {
                level = max(level, stock)
                refill = nil
            }
            guard entry.quantity <= level else { return false }
            level -= entry.quantity
            if level <= lowMarks[ingredient], refill == nil { refill = (entry.time + lead, entry.customer) }
        }
        return true
    }
}
