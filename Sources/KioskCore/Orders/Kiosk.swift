/// A running kiosk: a menu, its stock, its ledger, and the events every change makes.
///
/// Every mutating method takes the time of the command and appends the events it causes
/// to `events`; it never reads a clock, performs I/O or formats text. Callers reuse one
/// event buffer across calls. `place(_:at:)` is the order path for a caller that reads no
/// events: the same decisions and state, no events built.
public struct Kiosk: Sendable {
    public private(set) var menu: Menu
    public internal(set) var inventory: Inventory
    public internal(set) var ledger: Ledger
    /// The `seq` of the last event made.
    public internal(set) var sequence: UInt64
    /// What the last refused order was short of, for `restock` to offer.
    public internal(set) var lastShortfalls: [Shortfall] = []
    /// The menu's `source`, the `source` of every event.
    public private(set) var source: String
    /// The stock of ingredients the state knows and the menu does not (by `NameKey.fold`):
    /// kept, so an ingredient that leaves the menu and comes back keeps its count.
    public internal(set) var retainedStock: [String: IngredientCount] = [:]
    /// The order board, when the menu has one: every order made becomes a ticket.
    public internal(set) var board: Board?
    /// While the menu has no board, the number the next ticket gets once it has one again:
    /// past every ticket the state has numbered, so no number is given twice.
    public internal(set) var retainedTicketNumber = 1
    /// The profiles `suggest` reads: state, the fold of the journal's profile changes.
    public internal(set) var profiles = Profiles()
    /// What recent orders were paid and what each tender took, when the menu has a
    /// `checkout`.
    public internal(set) var payments = PaymentBook()
    /// The cash drawer's day.
    public internal(set) var drawer = DrawerBook()
    /// On a menu paid first, the orders that hold their stock until they are paid.
    public internal(set) var holds = HeldOrders()
    var ids: UUIDv7Generator
    /// The local time zone's offset from UTC at a moment, in seconds: what the windows of
    /// discounts are read in. UTC unless the caller says otherwise; the kiosk never reads
    /// the system's zone itself.
    public var utcOffset: @Sendable (Timestamp) -> Int = { _ in 0 }
    private let hasPrices: Bool
    /// Whether orders wait for their payment before they get a ticket (`checkout pay first`).
    private let paysFirst: Bool
    /// What a combo's price is shared among its lines in (`Menu.comboShareStep`).
    private let comboShareStep: Int
    /// Whether the ledger keeps each order: its sales by item, usage by ingredient and
    /// history. When not (`keepLedgerCountsOnly()`), it keeps the counts and the revenue.
    var ledgerKeepsOrders = true
    /// The line and the consumed counts of the last order of one of an item, as events name
    /// them: a run of the same order — the usual case — shares these two arrays rather than
    /// making both for every order. A plain stored value: a new menu makes a new `Kiosk`.
    private var lastUnitOrder: UnitOrder?

    /// A fresh kiosk: the menu's declared stock, an empty ledger.
    public init(menu: Menu, ids: UUIDv7Generator) {
        self.init(menu: menu, inventory: menu.initialInventory, ledger: Ledger(menu: menu), sequence: 0, ids: ids)
    }

    init(menu: Menu, inventory: Inventory, ledger: Ledger, sequence: UInt64, ids: UUIDv7Generator) {
        self.menu = menu
        self.inventory = inventory
        self.ledger = ledger
        self.sequence = sequence
        self.ids = ids
        self.source = menu.source
        self.hasPrices = menu.items.contains { $0.price != nil }
        self.paysFirst = menu.checkout?.paysFirst == true
        self.comboShareStep = menu.combos.isEmpty ? 1 : menu.comboShareStep
        self.board = menu.board == nil ? nil : Board(menu: menu)
    }

    // MARK: Orders

    /// Makes every line of `order`, or none of them.
    ///
    /// A refusal for missing stock is an outcome, not an error: it is recorded, and it
    /// emits `order.failed` and a `restock.needed` for each short ingredient.
    @discardableResult
    public mutating func place(_ order: Order, at time: Timestamp, emitting events: inout [Event]) throws(OrderError) -> OrderOutcome {
        try place(order, at: time, into: &events)
    }

    /// Makes every line of `order`, or none of them, for a caller that reads no events (a
    /// simulation without sinks): the same decision and the same state as
    /// `place(_:at:emitting:)` — stock, ledger, history with the `seq` each event would
    /// have had, tickets — without building the events.
    @discardableResult
    public mutating func place(_ order: Order, at time: Timestamp) throws(OrderError) -> OrderOutcome {
        var none = NoEventRecipient()
        return try place(order, at: time, into: &none)
    }

    /// The one order path: what is decided and applied never depends on `Recipient`; only
    /// whether the events' payloads are built does.
    private mutating func place<Recipient: EventRecipient>(
        _ order: Order, at time: Timestamp, into events: inout Recipient
    ) throws(OrderError) -> OrderOutcome {
        let requirements = try considered(order, at: time)
        // Asked here, not only inside: calling `price` copies the whole kiosk, every order.
        let pricing = hasPrices ? try price(order, at: time) : nil
        if hasBoard { advanceBoard(to: time, into: &events) }
        let shortfalls = inventory.take(requirements)
        // The lines by name are for the history and the events only: a kiosk that keeps
        // neither (a simulation without sinks) names nothing.
        let namesLines = ledgerKeepsOrders || Recipient.keepsEvents
        // One of an item, the usual order, names its line and what it uses as the last
        // order of it did.
        let unit = namesLines ? order.singleItem.map { item in unitOrder(of: item) } : nil
        let lines = namesLines ? unit?.lines ?? order.itemQuantities(in: menu) : []

        if !shortfalls.isEmpty {
            lastShortfalls = shortfalls
            let missing = namesLines ? shortfalls.map {
                Missing(ingredient: menu.ingredients[$0.ingredient].name, needed: $0.needed, available: $0.available)
            } : []
            let event = emit(.orderFailed(OrderFailed(lines: lines, missing: missing)), at: time, into: &events)
            if ledgerKeepsOrders {
                ledger.recordRefused(OrderRecord(sequence: event, time: time, lines: lines, result: .refused(missing: missing)))
            } else {
                ledger.countRefused()
            }
            for shortfall in shortfalls {
                emitRestockNeeded(shortfall.ingredient, reason: .short, needed: shortfall.needed, at: time, into: &events)
            }
            return .refused(shortfalls)
        }

        let total = pricing.map(\.total)
        // What the order used, by name: for the ticket and the event only.
        let consumed = hasBoard || Recipient.keepsEvents ? unit?.consumed ?? consumedByName(requirements) : []
        // An order paid first gets its ticket with the payment that settles it. A kiosk that
        // keeps no history (a simulator's) takes no payment: its simulator models paying.
        let held = paysFirst && ledgerKeepsOrders && (total ?? .zero) > .zero
        let opened = hasBoard && !held ? openTicket(order, consumed: consumed, lineTotals: pricing?.lines ?? [], at: time) : nil
        let event = emit(at: time, into: &events) { kiosk in
            .orderSucceeded(OrderSucceeded(
                lines: lines, consumed: consumed, stock: kiosk.stockByName(requirements), total: total,
                currency: total == nil ? nil : kiosk.menu.currency, lineTotals: pricing?.lines ?? [],
                ticket: opened?.number, promised: opened?.promised, price: pricing?.breakdown
            ))
        }
        if ledgerKeepsOrders {
            ledger.recordMade(
                order, lineTotals: pricing?.lines ?? [], total: total ?? .zero, requirements: requirements,
                record: OrderRecord(
                    sequence: event, time: time, lines: lines, result: .made(total: total), price: pricing?.breakdown, ticket: opened?.number,
                    lineTotals: pricing?.lines ?? []
                )
            )
            if let price = pricing?.breakdown { ledger.recordPrice(price, day: localDay(of: time)) }
        } else {
            ledger.countMade(total: total ?? .zero)
        }
        for need in requirements.needs {
            emitIfNewlyLow(need.ingredient, before: inventory[need.ingredient] + need.quantity, at: time, into: &events)
        }
        if held, let total { hold(event, total: total, at: time, into: &events) }
        if let opened { emit(opened.changes, into: &events) }
        return .made(total: total, price: pricing?.breakdown)
    }

    /// The day of `time` in the kiosk's local time, in days since 1970-01-01: what the
    /// ledger keeps money by.
    func localDay(of time: Timestamp) -> Int {
        Int(time.localDay(offsetSeconds: utcOffset(time)).day)
    }

    /// What `order` would cost now, without placing it: its lines' totals and, when the menu
    /// has taxes or discounts, every one of them; `nil` when the menu has no prices.
    public func quote(_ order: Order, at time: Timestamp) throws(OrderError) -> (total: Money, breakdown: PriceBreakdown?)? {
        _ = try considered(order, at: time)
        return try price(order, at: time).map { ($0.total, $0.breakdown) }
    }

    /// What `order` needs, once it is one the kiosk considers at `time`: its lines within
    /// range, its combos as they allow, and each item and option served then.
    private func considered(_ order: Order, at time: Timestamp) throws(OrderError) -> Requirements {
        let requirements = try Requirements(for: order, in: menu)
        if order.hasCombos, let problem = order.comboProblem(in: menu) { throw problem }
        if menu.hasServingWindows { try checkServed(order, at: time) }
        return requirements
    }

    /// Refuses an order with an item, or an option it takes, outside the windows it is
    /// served in.
    private func checkServed(_ order: Order, at time: Timestamp) throws(OrderError) {
        let offset = utcOffset(time)
        for line in order.lines {
            let item = menu.items[line.item]
            if let availability = item.availability, !availability.isOpen(at: time, offsetSeconds: offset) { throw .notServedNow(item: line.item) }
            guard let choices = item.choices, let selection = line.selection ?? choices.defaultSelection else { continue }
            for pick in selection.picks {
                guard let availability = choices.groups[pick.group].options[pick.option].availability else { continue }
                if !availability.isOpen(at: time, offsetSeconds: offset) { throw .notServedNow(item: line.item, pick: pick) }
            }
        }
    }

    /// Whether `item` is served at `time` (always, for one without windows).
    public func isServed(_ item: Int, at time: Timestamp) -> Bool {
        menu.items[item].availability?.isOpen(at: time, offsetSeconds: utcOffset(time)) ?? true
    }

    /// The lines of `order` by item name, as its events name them: an order of one of an
    /// item shares the line of the last such order instead of making one (a command's
    /// summary, on the order path).
    public mutating func itemQuantities(of order: Order) -> [ItemQuantity] {
        if let item = order.singleItem { return unitOrder(of: item).lines }
        return order.itemQuantities(in: menu)
    }

    /// One of `item`, as the last order of just one of it named it when it was of `item`.
    private mutating func unitOrder(of item: Int) -> UnitOrder {
        if let last = lastUnitOrder, last.item == item { return last }
        let unit = UnitOrder(item: item, in: menu)
        lastUnitOrder = unit
        return unit
    }

    private func consumedByName(_ requirements: Requirements) -> [IngredientCount] {
        requirements.needs.map { IngredientCount(ingredient: menu.ingredients[$0.ingredient].name, count: $0.quantity) }
    }

    /// The stock left of each ingredient an order used, by name.
    private func stockByName(_ requirements: Requirements) -> [IngredientCount] {
        requirements.needs.map { IngredientCount(ingredient: menu.ingredients[$0.ingredient].name, count: inventory[$0.ingredient]) }
    }

    /// The price of each line and of the whole order, or `nil` when the menu has no prices.
    /// A combo's lines share its price (see `comboLineTotals`). With the menu's taxes and
    /// discounts, each line's is what it costs after them, and `breakdown` says how.
    private func price(_ order: Order, at time: Timestamp) throws(OrderError) -> (lines: [Money], total: Money, breakdown: PriceBreakdown?)? {
        guard hasPrices else { return nil }
        var lines: [Money] = []
        var total = Money.zero
        var index = order.lines.startIndex
        while index < order.lines.endIndex {
            let line = order.lines[index]
            if let part = line.part {
                var end = index + 1
                while end < order.lines.endIndex, order.lines[end].part?.number == part.number { end += 1 }
                lines += try comboLineTotals(order.lines[index..<end], part: part)
                index = end
            } else {
                // A selection is allowed here: the requirements were made first.
                let price = (line.selection.flatMap { menu.items[line.item].choices?.price(of: $0) } ?? menu.items[line.item].price) ?? .zero
                guard let lineTotal = price.multiplied(by: line.quantity) else { throw .totalTooLarge }
                lines.append(lineTotal)
                index += 1
            }
        }
        var breakdown: PriceBreakdown?
        if let pricing = menu.pricing {
            // A line's gross is its unit price times its quantity, exactly; a combo's part has a share, not a unit price.
            let priced = zip(order.lines, lines).map { line, gross in
                PricedLine(gross: gross, tags: menu.pricingTags[line.item], unitPrice: line.part == nil ? Money(hundredths: gross.hundredths / line.quantity) : nil)
            }
            let moment = PricingMoment(time: time, offsetSeconds: utcOffset(time), asked: order.askedDiscounts)
            do {
                breakdown = try pricing.price(priced, at: moment)
            } catch {
                throw .totalTooLarge
            }
            lines = breakdown?.lines.map(\.total) ?? lines
        }
        for line in lines {
            guard let sum = total.adding(line) else { throw .totalTooLarge }
            total = sum
        }
        guard ledger.canRecord(lineTotals: lines, orderTotal: total, for: order) else { throw .totalTooLarge }
        return (lines, total, breakdown)
    }

    /// The totals of one combo's lines: the combo's price times its quantity shared among
    /// them in proportion to each line's cheapest price times its quantity (evenly by
    /// quantity when those are all 0), each share rounded down to the menu's step and the
    /// remainder to the last line, so the shares add up to the whole; then each line's own
    /// upcharge times its quantity.
    private func comboLineTotals(_ parts: ArraySlice<OrderLine>, part: ComboPart) throws(OrderError) -> [Money] {
        guard let whole = (menu.combos[part.combo].price ?? .zero).multiplied(by: part.quantity) else { throw .totalTooLarge }
        var weights: [Int] = []
        for line in parts {
            guard let weight = menu.cheapestPrice(of: line.item).multiplied(by: line.quantity) else { throw .totalTooLarge }
            weights.append(weight.hundredths)
        }
        if weights.allSatisfy({ $0 == 0 }) { weights = parts.map(\.quantity) }
        var sum = 0
        for weight in weights {
            let (next, overflow) = sum.addingReportingOverflow(weight)
            guard !overflow else { throw .totalTooLarge }
            sum = next
        }
        var totals: [Money] = []
        var shared = 0
        for (offset, line) in parts.enumerated() {
            let share: Int
            if offset == parts.count - 1 {
                share = whole.hundredths - shared
            } else {
                // steps × weight / sum without overflow: both below 2^63, their product in 128 bits.
                let product = (whole.hundredths / comboShareStep).multipliedFullWidth(by: weights[offset])
                share = sum.dividingFullWidth(product).quotient * comboShareStep
                shared += share
            }
            guard let upcharge = menu.comboUpcharge(of: line).multiplied(by: line.quantity),
                  let lineTotal = Money(hundredths: share).adding(upcharge) else { throw .totalTooLarge }
            totals.append(lineTotal)
        }
        return totals
    }

    // MARK: Stock

    /// Applies one stock edit. `restock` and `cancel` add like `add` but are reported as such.
    ///
    /// - Returns: the count before and after.
    @discardableResult
    public mutating func edit(
        _ edit: StockEdit, _ amount: Int, of ingredient: Int, at time: Timestamp, emitting events: inout [Event]
    ) throws(StockError) -> (from: Int, to: Int) {
        let before = inventory[ingredient]
        switch edit {
        case .add, .restock, .cancel, .refund: try inventory.add(amount, to: ingredient)
        case .remove: try inventory.remove(amount, from: ingredient)
        case .set: try inventory.set(amount, for: ingredient)
        }
        let after = inventory[ingredient]
        if after != before {
            let name = menu.ingredients[ingredient].name
            emit(.stockChanged(StockChanged(ingredient: name, from: before, to: after, reason: edit)), at: time, into: &events)
            emitIfNewlyLow(ingredient, before: before, at: time, into: &events)
        }
        return (before, after)
    }

    /// Ingredients at or below their low mark, or short for the last refused order, with
    /// the amount `restock` offers for each: enough to cover the shortfall, or to reach the
    /// starting stock, whichever is more.
    public var restockSuggestions: [RestockNeed] {
        var suggestions: [RestockNeed] = []
        for (index, ingredient) in menu.ingredients.enumerated() {
            let count = inventory[index]
            let short = lastShortfalls.first { $0.ingredient == index && $0.needed > count }
            guard count <= ingredient.lowMark || short != nil else { continue }
            let toInitial = max(0, ingredient.initialStock - count)
            let toNeeded = short.map { $0.needed - count } ?? 0
            let amount = min(max(toInitial, toNeeded), Menu.maximumQuantity - count)
            if amount > 0 { suggestions.append(RestockNeed(ingredient: index, amount: amount)) }
        }
        return suggestions
    }

    // MARK: Menu

    /// Swaps in a new menu. Ingredients both menus have keep their stock; ingredients the
    /// state kept from an earlier menu come back with their count; the rest start at their
    /// declared stock; totals carry over by name, and so do payments, the drawer's day and
    /// the orders held for payment.
    @discardableResult
    public mutating func replaceMenu(with newMenu: Menu, at time: Timestamp, emitting events: inout [Event]) -> MenuSwap {
        let difference = MenuDifference(from: menu, to: newMenu)
        var retained = retainedStock
        for (index, ingredient) in menu.ingredients.enumerated() where newMenu.ingredientIndex(named: ingredient.name) == nil {
            retained[NameKey.fold(ingredient.name)] = IngredientCount(ingredient: ingredient.name, count: inventory[index])
        }
        var counts = Inventory.carryingOver(inventory, from: menu, to: newMenu).counts
        var declared: [IngredientCount] = []
        for (index, ingredient) in newMenu.ingredients.enumerated() where menu.ingredientIndex(named: ingredient.name) == nil {
            if let kept = retained.removeValue(forKey: NameKey.fold(ingredient.name)) {
                counts[index] = kept.count
            } else {
                declared.append(IngredientCount(ingredient: ingredient.name, count: ingredient.initialStock))
            }
        }
        ledger.carryOver(to: newMenu)
        lastShortfalls = []
        var carried = board
        carried?.reconfigure(for: newMenu)
        let profiles = profiles
        let nextTicket = nextTicketNumber
        let utcOffset = utcOffset
        // What was paid, the drawer's day and the holds are the state's, whatever the menu.
        let (payments, drawer, holds) = (payments, drawer, holds)
        self = Kiosk(menu: newMenu, inventory: Inventory(counts: counts), ledger: ledger, sequence: sequence, ids: ids)
        self.utcOffset = utcOffset
        retainedStock = retained
        self.profiles = profiles
        self.payments = payments
        self.drawer = drawer
        self.holds = holds
        // A board goes on with its tickets and numbers; a menu without one has none, and
        // keeps the numbers for the next board.
        if newMenu.board != nil {
            board = carried ?? Board(menu: newMenu, nextNumber: nextTicket)
        } else {
            retainedTicketNumber = nextTicket
        }
        let payload = MenuReloaded(menu: newMenu.name, ingredients: newMenu.ingredients.count, items: newMenu.items.count, difference: difference)
        emit(.menuReloaded(payload), at: time, into: &events)
        return MenuSwap(difference: difference, declared: declared)
    }

    /// Says that the menu files did not compile (with `errors` errors): the menu stays.
    public mutating func reloadFailed(errors: Int, at time: Timestamp, emitting events: inout [Event]) {
        emit(.menuReloadFailed(MenuReloadFailed(menu: menu.name, errors: errors)), at: time, into: &events)
    }

    // MARK: Events

    /// Moves the event sequence on to at least `sequence` (events another process made).
    mutating func advanceSequence(to sequence: UInt64) {
        self.sequence = max(self.sequence, sequence)
    }

    @discardableResult
    mutating func emit<Recipient: EventRecipient>(_ payload: Event.Payload, at time: Timestamp, into events: inout Recipient) -> UInt64 {
        emit(at: time, into: &events) { _ in payload }
    }

    /// Numbers the next event and gives it to `events`. `payload` is asked for only when
    /// `events` keeps it: it reads the kiosk as it is once the change is made.
    @discardableResult
    mutating func emit<Recipient: EventRecipient>(
        at time: Timestamp, into events: inout Recipient, _ payload: (Kiosk) -> Event.Payload
    ) -> UInt64 {
        sequence += 1
        guard Recipient.keepsEvents else { return sequence }
        let made = payload(self)
        let event = Event(
            id: ids.next(at: time), sequence: sequence, time: time, source: source,
            payload: made, template: menu.messages[made.type]
        )
        events.append(event)
        return sequence
    }

    mutating func emitIfNewlyLow<Recipient: EventRecipient>(_ ingredient: Int, before: Int, at time: Timestamp, into events: inout Recipient) {
        let low = menu.ingredients[ingredient].lowMark
        if before > low, inventory[ingredient] <= low {
            emitRestockNeeded(ingredient, reason: .low, needed: nil, at: time, into: &events)
        }
    }

    private mutating func emitRestockNeeded<Recipient: EventRecipient>(
        _ ingredient: Int, reason: RestockNeeded.Reason, needed: Int?, at time: Timestamp, into events: inout Recipient
    ) {
        emit(at: time, into: &events) { kiosk in
            let declared = kiosk.menu.ingredients[ingredient]
            return .restockNeeded(RestockNeeded(
                ingredient: declared.name, stock: kiosk.inventory[ingredient], low: declared.lowMark, reason: reason, needed: needed
            ))
        }
    }
}

/// What `replaceMenu` did: the difference between the menus, and the ingredients the state
/// did not know, at the stock the new menu declares (facts the journal records).
public struct MenuSwap: Sendable, Equatable {
    public let difference: MenuDifference
    public let declared: [IngredientCount]
}
