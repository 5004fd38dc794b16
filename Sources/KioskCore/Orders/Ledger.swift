/// What the kiosk has done: recent orders and sales totals.
///
/// Totals are kept by index for speed and carried over by name when the menu changes;
/// items and ingredients that leave the menu keep their totals as `retired` lines.
public struct Ledger: Sendable {
    public static let historyCapacity = 1_000

    public struct Sales: Sendable, Hashable {
        public let item: String
        public internal(set) var quantity: Int
        public internal(set) var revenue: Money

        public init(item: String, quantity: Int = 0, revenue: Money = .zero) {
            self.item = item
            self.quantity = quantity
            self.revenue = revenue
        }
    }

    public struct Usage: Sendable, Hashable {
        public let ingredient: String
        public internal(set) var used: Int

        public init(ingredient: String, used: Int = 0) {
            self.ingredient = ingredient
            self.used = used
        }
    }

    /// How many of an item were sold in a size, or with an option: `Latte (large)`,
    /// `Latte, Milk: Oat`. Kept by name, whatever the menu.
    public struct ChoiceSales: Sendable, Hashable {
        public let item: String
        public let choice: Choice
        public internal(set) var quantity: Int

        public enum Choice: Sendable, Hashable {
            case size(String)
            case option(group: String, option: String)
        }

        public init(item: String, choice: Choice, quantity: Int = 0) {
            self.item = item
            self.choice = choice
            self.quantity = quantity
        }

        /// The line's identity: its names folded as the menu matches names.
        var key: String {
            switch choice {
            case .size(let size): NameKey.fold(item) + "\u{1F}" + NameKey.fold(size)
            case .option(let group, let option): NameKey.fold(item) + "\u{1F}" + NameKey.fold(group) + "\u{1F}" + NameKey.fold(option)
            }
        }
    }

    /// One day's money, in the kiosk's local time: what the orders made that day came to
    /// before and after their discounts, each tax, and what cancellations took back. Kept
    /// for the orders of a menu with taxes or discounts, which carry their price.
    public struct MoneyDay: Sendable, Hashable {
        public struct TaxTotal: Sendable, Hashable {
            public let name: String
            public let included: Bool
            public internal(set) var amount: Money

            public init(name: String, included: Bool, amount: Money) {
                self.name = name
                self.included = included
                self.amount = amount
            }
        }

        /// Days since 1970-01-01.
        public let day: Int
        public internal(set) var orders = 0
        /// The orders' subtotals, before discounts.
        public internal(set) var gross = Money.zero
        public internal(set) var discounts = Money.zero
        /// What the orders came to less their included taxes: the supply value.
        public internal(set) var net = Money.zero
        /// What customers paid.
        public internal(set) var total = Money.zero
        /// The totals of orders cancelled this day, taken back.
        public internal(set) var cancelled = Money.zero
        /// Each tax collected, in the order first met.
        public internal(set) var taxes: [TaxTotal] = []

        public init(
            day: Int, orders: Int = 0, gross: Money = .zero, discounts: Money = .zero, net: Money = .zero, total: Money = .zero,
            cancelled: Money = .zero, taxes: [TaxTotal] = []
        ) {
            self.day = day
            self.orders = orders
            self.gross = gross
            self.discounts = discounts
            self.net = net
            self.total = total
            self.cancelled = cancelled
            self.taxes = taxes
        }
    }

    public private(set) var history = RingBuffer<OrderRecord>(capacity: Ledger.historyCapacity)
    /// By item index. Chunked, so the copy a transaction keeps costs little whatever the menu.
    public private(set) var sales: ChunkedArray<Sales>
    /// By ingredient index.
    public private(set) var usage: ChunkedArray<Usage>
    public private(set) var retiredSales: [Sales] = []
    public private(set) var retiredUsage: [Usage] = []
    /// Where each retired line is, by `NameKey.fold` of its name.
    private var retiredSalesIndex: [String: Int] = [:]
    private var retiredUsageIndex: [String: Int] = [:]
    /// Sales by size and by option, in the order they were first sold.
    public private(set) var choiceSales: [ChoiceSales] = []
    private var choiceSalesIndex: [String: Int] = [:]
    public private(set) var revenue: Money = .zero
    /// By day, oldest first.
    public private(set) var moneyDays: [MoneyDay] = []
    public private(set) var madeOrders = 0
    public private(set) var refusedOrders = 0

    public init(menu: Menu) {
        sales = ChunkedArray(menu.items.lazy.map { Sales(item: $0.name) })
        usage = ChunkedArray(menu.ingredients.lazy.map { Usage(ingredient: $0.name) })
    }

    /// A ledger restored from saved totals, lined up with `menu` by name.
    public init(menu: Menu, snapshot: LedgerSnapshot) {
        self.init(menu: menu)
        let byItem = Dictionary(snapshot.sales.map { (NameKey.fold($0.item), $0) }, uniquingKeysWith: { a, _ in a })
        let byIngredient = Dictionary(snapshot.usage.map { (NameKey.fold($0.ingredient), $0) }, uniquingKeysWith: { a, _ in a })
        for index in sales.indices {
            if let saved = byItem[NameKey.fold(sales[index].item)] {
                sales[index].quantity = saved.quantity
                sales[index].revenue = saved.revenue
            }
        }
        for index in usage.indices {
            if let saved = byIngredient[NameKey.fold(usage[index].ingredient)] { usage[index].used = saved.used }
        }
        let itemKeys = Set(sales.map { NameKey.fold($0.item) })
        let ingredientKeys = Set(usage.map { NameKey.fold($0.ingredient) })
        for line in snapshot.sales where !itemKeys.contains(NameKey.fold(line.item)) {
            Ledger.add(line.quantity, line.revenue, toRetired: line.item, in: &retiredSales, index: &retiredSalesIndex)
        }
        for line in snapshot.usage where !ingredientKeys.contains(NameKey.fold(line.ingredient)) {
            Ledger.add(line.used, toRetired: line.ingredient, in: &retiredUsage, index: &retiredUsageIndex)
        }
        for line in snapshot.choiceSales { count(line.item, line.choice, by: line.quantity) }
        revenue = snapshot.revenue
        moneyDays = snapshot.moneyDays.sorted { $0.day < $1.day }
        madeOrders = snapshot.madeOrders
        refusedOrders = snapshot.refusedOrders
        for record in snapshot.history.suffix(Ledger.historyCapacity) { history.append(record) }
    }

    public var snapshot: LedgerSnapshot {
        LedgerSnapshot(
            history: Array(history),
            sales: Array(sales) + retiredSales,
            usage: Array(usage) + retiredUsage,
            revenue: revenue,
            madeOrders: madeOrders,
            refusedOrders: refusedOrders,
            choiceSales: choiceSales,
            moneyDays: moneyDays
        )
    }

    /// Adds a made order's price to its day's money.
    mutating func recordPrice(_ price: PriceBreakdown, day: Int) {
        let index = moneyDayIndex(day)
        var entry = moneyDays[index]
        entry.orders = entry.orders.saturatingAdding(1)
        entry.gross = entry.gross.adding(price.subtotal) ?? entry.gross
        entry.discounts = entry.discounts.adding(price.discountTotal) ?? entry.discounts
        entry.net = entry.net.adding(price.net) ?? entry.net
        entry.total = entry.total.adding(price.total) ?? entry.total
        for tax in price.taxes {
            if let at = entry.taxes.firstIndex(where: { $0.name == tax.name && $0.included == tax.included }) {
                entry.taxes[at].amount = entry.taxes[at].amount.adding(tax.amount) ?? entry.taxes[at].amount
            } else {
                entry.taxes.append(MoneyDay.TaxTotal(name: tax.name, included: tax.included, amount: tax.amount))
            }
        }
        moneyDays[index] = entry
    }

    /// Notes what a cancellation took back on `day`, when the ledger keeps money by day.
    mutating func recordCancelled(_ lineTotals: [Money], day: Int) {
        guard !moneyDays.isEmpty else { return }
        let index = moneyDayIndex(day)
        let sum = lineTotals.reduce(0) { $0 &+ $1.hundredths }
        moneyDays[index].cancelled = moneyDays[index].cancelled.adding(Money(hundredths: sum)) ?? moneyDays[index].cancelled
    }

    /// The place of `day` in `moneyDays`, made when it is not there: nearly always the last.
    private mutating func moneyDayIndex(_ day: Int) -> Int {
        if let last = moneyDays.last, last.day == day { return moneyDays.count - 1 }
        if let at = moneyDays.firstIndex(where: { $0.day >= day }) {
            if moneyDays[at].day == day { return at }
            moneyDays.insert(MoneyDay(day: day), at: at)
            return at
        }
        moneyDays.append(MoneyDay(day: day))
        return moneyDays.count - 1
    }

    /// Whether the totals `recordMade` would produce fit, checked before any stock is taken.
    func canRecord(lineTotals: [Money], orderTotal: Money, for order: Order) -> Bool {
        guard revenue.adding(orderTotal) != nil else { return false }
        for (line, total) in zip(order.lines, lineTotals) where sales[line.item].revenue.adding(total) == nil {
            return false
        }
        return true
    }

    mutating func recordMade(_ order: Order, lineTotals: [Money], total: Money, requirements: Requirements, record: OrderRecord) {
        // One access to each line: each access to a chunked element checks its chunk.
        for (index, line) in order.lines.enumerated() {
            Ledger.add(line.quantity, index < lineTotals.count ? lineTotals[index] : nil, to: &sales[line.item])
        }
        for need in requirements.needs {
            Ledger.add(need.quantity, to: &usage[need.ingredient])
        }
        revenue = revenue.adding(total) ?? revenue
        madeOrders = madeOrders.saturatingAdding(1)
        countChoices(of: record.lines, sign: 1)
        history.append(record)
    }

    /// Counts the sizes and options of `lines` (`sign` 1), or takes them back (−1).
    private mutating func countChoices(of lines: [ItemQuantity], sign: Int) {
        for line in lines {
            guard let choice = line.choice else { continue }
            if let size = choice.size { count(line.item, .size(size), by: sign * line.quantity) }
            for option in choice.options { count(line.item, .option(group: option.group, option: option.option), by: sign * line.quantity) }
        }
    }

    private mutating func count(_ item: String, _ choice: ChoiceSales.Choice, by quantity: Int) {
        let line = ChoiceSales(item: item, choice: choice)
        if let position = choiceSalesIndex[line.key] {
            choiceSales[position].quantity = max(0, choiceSales[position].quantity.saturatingAdding(quantity))
        } else if quantity > 0 {
            choiceSalesIndex[line.key] = choiceSales.count
            choiceSales.append(ChoiceSales(item: item, choice: choice, quantity: quantity))
        }
    }

    /// A made order counted without being kept: the count and the revenue move on, the
    /// sales by item, the usage and the history do not. The revenue is what
    /// `canRecord` checks, so an order is refused for a total too large exactly when
    /// `recordMade` would have refused it (a line's sales never pass the revenue).
    mutating func countMade(total: Money) {
        revenue = revenue.adding(total) ?? revenue
        madeOrders = madeOrders.saturatingAdding(1)
    }

    /// A refused order counted without being kept in the history.
    mutating func countRefused() {
        refusedOrders = refusedOrders.saturatingAdding(1)
    }

    private static func add(_ quantity: Int, _ revenue: Money?, to sales: inout Sales) {
        sales.quantity = sales.quantity.saturatingAdding(quantity)
        if let revenue, let sum = sales.revenue.adding(revenue) { sales.revenue = sum }
    }

    private static func add(_ used: Int, to usage: inout Usage) {
        usage.used = usage.used.saturatingAdding(used)
    }

    /// Takes a cancelled order's sale back out of the totals, by item name in `menu`.
    /// `restocked` ingredients went back to stock and so were not used after all.
    mutating func reverse(_ lines: [ItemQuantity], lineTotals: [Money], restocked: [IngredientCount], menu: Menu) {
        countChoices(of: lines, sign: -1)
        for (index, line) in lines.enumerated() {
            guard let item = menu.itemIndex(named: line.item), sales.indices.contains(item) else { continue }
            sales[item].quantity = max(0, sales[item].quantity - line.quantity)
            if index < lineTotals.count {
                sales[item].revenue = Money(hundredths: max(0, sales[item].revenue.hundredths - lineTotals[index].hundredths))
                revenue = Money(hundredths: max(0, revenue.hundredths - lineTotals[index].hundredths))
            }
        }
        for entry in restocked {
            guard let ingredient = menu.ingredientIndex(named: entry.ingredient), usage.indices.contains(ingredient) else { continue }
            usage[ingredient].used = max(0, usage[ingredient].used - entry.count)
        }
    }

    /// Gives made order `order` of the history its ticket: an order paid first gets it
    /// with its payment.
    mutating func recordTicket(_ ticket: Int, of order: UInt64) {
        history.updateLast(where: { $0.sequence == order }) { $0.ticket = ticket }
    }

    mutating func recordRefused(_ record: OrderRecord) {
        refusedOrders = refusedOrders.saturatingAdding(1)
        history.append(record)
    }

    /// Lines the totals up with a new menu, by name.
    mutating func carryOver(to menu: Menu) {
        var snapshot = self.snapshot
        snapshot.history = []
        let history = self.history
        self = Ledger(menu: menu, snapshot: snapshot)
        self.history = history
    }
}

/// The ledger as saved in a state file, with names instead of indices.
public struct LedgerSnapshot: Sendable, Hashable {
    public var history: [OrderRecord]
    public var sales: [Ledger.Sales]
    public var usage: [Ledger.Usage]
    public var revenue: Money
    public var madeOrders: Int
    public var refusedOrders: Int
    public var choiceSales: [Ledger.ChoiceSales]
    public var moneyDays: [Ledger.MoneyDay]

    public init(
        history: [OrderRecord] = [], sales: [Ledger.Sales] = [], usage: [Ledger.Usage] = [],
        revenue: Money = .zero, madeOrders: Int = 0, refusedOrders: Int = 0, choiceSales: [Ledger.ChoiceSales] = [],
        moneyDays: [Ledger.MoneyDay] = []
    ) {
        self.choiceSales = choiceSales
        self.moneyDays = moneyDays
        self.history = history
        self.sales = sales
        self.usage = usage
        self.revenue = revenue
        self.madeOrders = madeOrders
        self.refusedOrders = refusedOrders
    }
}

/// One order as `history` shows it.
public struct OrderRecord: Sendable, Hashable {
    public enum Result: Sendable, Hashable {
        case made(total: Money?)
        case refused(missing: [Missing])
    }

    /// The `seq` of the order's event.
    public let sequence: UInt64
    public let time: Timestamp
    public let lines: [ItemQuantity]
    public let result: Result
    /// How a made order's total was reached, when the menu had taxes or discounts: what
    /// its receipt prints.
    public let price: PriceBreakdown?
    /// The made order's ticket, when the menu had a board: on a menu paid first, once the
    /// order was paid.
    public internal(set) var ticket: Int?
    /// What each line of a made order cost, when the menu gave prices (after its taxes and
    /// discounts): what a refund of one line gives back.
    public let lineTotals: [Money]

    public init(
        sequence: UInt64, time: Timestamp, lines: [ItemQuantity], result: Result, price: PriceBreakdown? = nil, ticket: Int? = nil,
        lineTotals: [Money] = []
    ) {
        self.lineTotals = lineTotals
        self.sequence = sequence
        self.time = time
        self.lines = lines
        self.result = result
        self.price = price
        self.ticket = ticket
    }
}

extension Int {
    /// `self + other`, stopping at `Int.max` instead of trapping.
    func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

extension Ledger {
    /// Records an order another process made, from its event: by name, so items and
    /// ingredients this menu does not have keep their totals as retired lines.
    mutating func recordMade(_ made: OrderSucceeded, record: OrderRecord, menu: Menu) {
        for (index, line) in made.lines.enumerated() {
            let revenue = index < made.lineTotals.count ? made.lineTotals[index] : .zero
            if let item = menu.itemIndex(named: line.item), NameKey.fold(menu.items[item].name) == NameKey.fold(line.item) {
                sales[item].quantity = sales[item].quantity.saturatingAdding(line.quantity)
                sales[item].revenue = sales[item].revenue.adding(revenue) ?? sales[item].revenue
            } else {
                Ledger.add(line.quantity, revenue, toRetired: line.item, in: &retiredSales, index: &retiredSalesIndex)
            }
        }
        for entry in made.consumed {
            if let ingredient = menu.ingredientIndex(named: entry.ingredient) {
                usage[ingredient].used = usage[ingredient].used.saturatingAdding(entry.count)
            } else {
                Ledger.add(entry.count, toRetired: entry.ingredient, in: &retiredUsage, index: &retiredUsageIndex)
            }
        }
        revenue = revenue.adding(made.total ?? .zero) ?? revenue
        madeOrders = madeOrders.saturatingAdding(1)
        countChoices(of: made.lines, sign: 1)
        history.append(record)
    }

    private static func add(_ quantity: Int, _ revenue: Money, toRetired item: String, in retired: inout [Sales], index: inout [String: Int]) {
        let key = NameKey.fold(item)
        if let position = index[key] {
            retired[position].quantity = retired[position].quantity.saturatingAdding(quantity)
            retired[position].revenue = retired[position].revenue.adding(revenue) ?? retired[position].revenue
        } else {
            index[key] = retired.count
            retired.append(Sales(item: item, quantity: quantity, revenue: revenue))
        }
    }

    private static func add(_ used: Int, toRetired ingredient: String, in retired: inout [Usage], index: inout [String: Int]) {
        let key = NameKey.fold(ingredient)
        if let position = index[key] {
            retired[position].used = retired[position].used.saturatingAdding(used)
        } else {
            index[key] = retired.count
            retired.append(Usage(ingredient: ingredient, used: used))
        }
    }
}
