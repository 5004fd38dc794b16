import KioskCore

/// One simulated day: customers arrive, each orders one item through the real `Kiosk`
/// (all-or-nothing stock, refusals, `restock.needed`), the order becomes a ticket in the
/// kitchen, and the customer collects it when it is ready — or leaves when it has not
/// started within their patience.
///
/// The clock is virtual: `run(until:observer:)` handles events in time order (ties in the
/// order they were scheduled) without sleeping. A seed gives the same day on every machine.
/// Nothing is allocated per customer by the simulation itself: customers live in reused
/// slots, and buffers are kept between events. Without an observer of events, orders go
/// through the core's `place(_:at:)`, which decides and applies exactly as the REPL's
/// `place(_:at:emitting:)` but builds no event, so the order path allocates nothing either.
/// The kitchen is the REPL's board (`BoardKitchen`), held as itself: its calls are direct
/// and mutate it in place.
///
/// An observer that takes events gets the kiosk's (`order.succeeded`, `order.failed`,
/// `restock.needed`, `stock.changed`) and the kitchen's, as the REPL's `board auto` makes
/// them: `ticket.started` when a member of staff starts a ticket, `ticket.ready` then
/// `ticket.picked_up` when it is ready (the simulated customer takes it at once), and
/// `ticket.cancelled` (from `queued`) when a customer gives up. Tickets are numbered as
/// the board numbers them, from 1 for the first order made in the run, and
/// `order.succeeded` carries the same number, with the kitchen's promise. Without such an
/// observer no ticket event is made at all.
///
/// On a menu with a `checkout` (`configuration.checkout`), a customer pays when they take
/// their order: a share by card, the rest in cash (`TenderDraw`, drawn on arrival). Cash
/// is taken at once; a card queues for one of the readers (`ReaderStation`), which holds
/// it for the reader's latency, and a declined card is then paid in cash. The customer
/// leaves once paid. Without a `checkout` nothing of this runs, and no stream is drawn.
/// The simulated payments send no events yet.
public struct Simulation {
    public let configuration: SimulationConfiguration
    /// From 0; each replication has its own random streams.
    public let replication: Int
    public private(set) var kiosk: Kiosk
    /// The kitchen the day runs on.
    public private(set) var kitchen: BoardKitchen
    /// Milliseconds since opening of the last event handled.
    public private(set) var now: Int64 = 0
    public private(set) var isFinished = false

    /// Milliseconds since 1970 at opening.
    private let base: Int64
    let menuName: String
    private let profiles: [SimulationConfiguration.ItemProfile]
    /// By variant: the menu's items as ordered without a choice first, then each selection
    /// of an item with sizes or options a customer has chosen (`variant(of:)`).
    private var recipes: [[Recipe.Component]]
    private var orders: [Order]
    /// For each item with sizes or options, how customers choose them; `nil` for the others.
    private let draws: [SelectionDraw?]
    /// For each item, the variant of each selection chosen so far.
    private var variants: [[Selection: Int]]
    private let choice: WeightedChoice
    private var streams: RandomStreams
    private var sampler: ArrivalSampler
    private var agenda = EventQueue()
    private var events: [Event] = []
    /// Each item's ticket lines and refund, made the first time a ticket event is.
    private var ticketLines: [[ItemQuantity]] = []
    private var ticketTotals: [Money?] = []
    private var started: [TicketStart] = []
    private var customers: [Customer] = []
    private var freeSlots: [Int32] = []
    private(set) var stations: [StationTally]
    private(set) var stock: StockTally
    /// How customers pay; `nil` without a `checkout`.
    private let checkout: SimulationConfiguration.Checkout?
    /// The card readers; unused without a `checkout`.
    private(set) var reader: ReaderStation
    private(set) var checkoutTally = CheckoutTally()
    /// By customer slot, how the customer in it will pay and what their order is due;
    /// kept only with a `checkout`.
    private var pendingPayments: [PendingPayment] = []
    private var arrivalsOpen = true
    /// Whether the observer of the current `run` takes events: asked once a run, since
    /// asking the observer copies its closure (a retain and a release) each time.
    private var observesEvents = false
    private var scheduledArrivals = 0
    private(set) var arrived = 0
    private(set) var served = 0
    private(set) var refused = 0
    private(set) var left = 0
    private(set) var admitted = 0
    /// Milliseconds admitted customers who have left spent in the system, summed: the
    /// area under the count of customers in the system, less what those still in it have
    /// spent so far (see `areaInSystem(at:)`). Each term is a whole number, so the sum is
    /// exact (below 2^53) in any order: the same double as summing the count over time.
    private(set) var sojourn: Double = 0
    /// The last arrival or departure, in milliseconds since opening.
    private(set) var lastCustomerEvent: Int64 = 0
    private(set) var waiting = TimeWeightedCount(byHour: true)
    private(set) var arrivalsByHour: [Int] = []
    /// The hour of the run the last arrival was in, and when it ends: arrivals are counted
    /// by hour without a division per customer.
    private var arrivalHour = 0
    private var arrivalHourEnd: Int64 = 0

    /// A day of `menu` under `configuration`, with `kitchen` fresh for it.
    public init(menu: Menu, configuration: SimulationConfiguration, kitchen: BoardKitchen, replication: Int = 0) throws(SimulationError) {
        try self.init(menu: menu, configuration: configuration, kitchen: kitchen, replication: replication,
                      streams: RandomStreams(seed: configuration.seed, replication: replication))
    }

    init(menu: Menu, configuration: SimulationConfiguration, kitchen: BoardKitchen, replication: Int, streams: RandomStreams) throws(SimulationError) {
        try configuration.validate(for: menu)
        guard let choice = WeightedChoice(weights: configuration.items.map(\.popularity)) else { throw .nothingPopular }
        var streams = streams
        self.configuration = configuration
        self.replication = replication
        self.kitchen = kitchen
        self.choice = choice
        kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: streams.ids.next()))
        kiosk.detachBoard()
        kiosk.keepLedgerCountsOnly()
        self.streams = streams
        base = configuration.day.millisecondsSince1970 + configuration.opening
        menuName = menu.name
        profiles = configuration.items
        recipes = menu.items.map(\.recipe.components)
        orders = menu.items.indices.map { Order(item: $0) }
        draws = menu.items.map { item in item.choices.map(SelectionDraw.init) }
        variants = Array(repeating: [:], count: menu.items.count)
        sampler = ArrivalSampler(arrivals: configuration.arrivals, opening: configuration.opening)
        stations = configuration.stations.map { StationTally(name: $0.name, staff: $0.staff) }
        stock = StockTally(menu: menu, policy: configuration.restock)
        checkout = configuration.checkout
        reader = ReaderStation(
            readers: configuration.checkout?.readers ?? 1, latency: configuration.checkout?.latencyMilliseconds ?? 0, name: "reader"
        )
        scheduleNextArrival()
        if case .every(let period) = configuration.restock { agenda.schedule(.restockAll, at: period) }
    }

    /// When the next event happens, in milliseconds since opening; `nil` when the day is over.
    public var nextEventTime: Int64? { agenda.nextTime }

    /// Handles every event up to and including `limit` (milliseconds since opening), or to
    /// the end of the day without one.
    ///
    /// - Returns: whether the day is over: the doors have closed and the last customer is gone.
    @discardableResult
    public mutating func run(until limit: Int64? = nil, observer: SimulationObserver = SimulationObserver()) throws(SimulationError) -> Bool {
        observesEvents = observer.event != nil
        while true {
            if let limit, let time = agenda.nextTime, time > limit {
                now = max(now, limit)
                return false
            }
            guard let entry = agenda.popFirst() else { break }
            now = entry.time
            switch entry.payload {
            case .arrival: try arrive(observer)
            case .ready(let customer): ready(customer, observer)
            case .patience(let customer): giveUp(customer, observer)
            case .refill(let ingredient): refill(ingredient, observer)
            case .restockAll: restockAll(observer)
            case .paid(let customer): paid(customer)
            }
        }
        isFinished = true
        return true
    }

    // MARK: Customers

    private mutating func arrive(_ observer: SimulationObserver) throws(SimulationError) {
        arrived += 1
        lastCustomerEvent = now
        if now >= arrivalHourEnd { enterArrivalHour() }
        arrivalsByHour[arrivalHour] += 1
        // Every draw is made for every customer, whatever happens next, so no outcome
        // shifts a stream; each purpose has its own stream, so no option shifts another.
        let item = choice.pick(using: &streams.items)
        let preparation = drawPreparation(of: item)
        let patience = drawPatience()
        let tender = checkout.map { TenderDraw.draw($0, using: &streams.payments) } ?? .cash
        // Before the order: `StockTally`'s replay relies on this order of scheduling.
        scheduleNextArrival()
        let variant = draws[item] == nil ? item : variant(of: item)
        stock.recordDemand(of: variant, customer: arrived, at: now)

        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        let outcome: OrderOutcome
        do {
            // Without an observer of events the kiosk builds none: the same order, the
            // same state.
            if !observesEvents {
                outcome = try kiosk.place(orders[variant], at: timestamp(now))
            } else {
                outcome = try kiosk.place(orders[variant], at: timestamp(now), emitting: &events)
            }
        } catch .notServedNow {
            // Outside the item's serving windows the customer is turned away, as for stock.
            refused += 1
            observer.customer?(CustomerRecord(
                replication: replication, customer: arrived, item: item, station: profiles[item].station,
                arrival: now, start: nil, end: nil, outcome: .refused
            ))
            return
        } catch {
            throw .order(item: kiosk.menu.items[item].name, error)
        }
        switch outcome {
        case .refused(let shortfalls):
            deliverEvents(observer)
            refused += 1
            for shortfall in shortfalls {
                stock.recordShort(shortfall.ingredient, at: now)
                requestRefill(of: shortfall.ingredient)
            }
            observer.customer?(CustomerRecord(
                replication: replication, customer: arrived, item: item, station: profiles[item].station,
                arrival: now, start: nil, end: nil, outcome: .refused
            ))
        case .made(let total, _):
            stock.recordMade(variant)
            if case .low = configuration.restock {
                for component in recipes[variant] where kiosk.inventory[component.ingredient] <= stock.lowMarks[component.ingredient] {
                    requestRefill(of: component.ingredient)
                }
            }
            admit(item: item, preparation: preparation, patience: patience, payment: PendingPayment(tender: tender, due: total?.hundredths ?? 0), observer)
        }
    }

    /// What this customer chooses of `item`, an item with sizes or options: its variant,
    /// made the first time a selection is chosen. The default selection is the item's own.
    private mutating func variant(of item: Int) -> Int {
        guard let draw = draws[item], let choices = kiosk.menu.items[item].choices else { return item }
        let selection = draw.draw(using: &streams.choices)
        let line = OrderLine(item: item, quantity: 1, choosing: selection, in: kiosk.menu)
        guard let chosen = line.selection else { return item }
        if let known = variants[item][chosen] { return known }
        let recipe = choices.recipe(of: chosen).components
        let variant = stock.addVariant(recipe)
        orders.append(Order([line]))
        recipes.append(recipe)
        variants[item][chosen] = variant
        return variant
    }

    /// Makes room to count the arrivals of the hour `now` is in.
    private mutating func enterArrivalHour() {
        let hour = min(Int(now / TimeWeightedCount.hour), TimeWeightedCount.maximumHours - 1)
        if hour >= arrivalsByHour.count { arrivalsByHour.append(contentsOf: repeatElement(0, count: hour + 1 - arrivalsByHour.count)) }
        arrivalHour = hour
        arrivalHourEnd = hour == TimeWeightedCount.maximumHours - 1 ? .max : (Int64(hour) + 1) * TimeWeightedCount.hour
    }

    private mutating func admit(item: Int, preparation: Int64, patience: Int64?, payment: PendingPayment, _ observer: SimulationObserver) {
        let station = profiles[item].station
        let id = allocateSlot()
        let slot = Int(id.slot)
        admitted += 1
        if checkout != nil {
            if slot == pendingPayments.count { pendingPayments.append(payment) } else { pendingPayments[slot] = payment }
        }
        customers[slot] = Customer(
            generation: id.generation, state: .queued, isWaiting: false, item: Int32(item), station: Int32(station),
            number: arrived, ticket: admitted, arrival: now, start: 0
        )

        let ticket = KitchenTicket(id: id, station: station, item: item, preparationMilliseconds: preparation)
        kitchen.submit(ticket, at: timestamp(now), started: &started)
        // The order's events wait for the kitchen's promise, and go before its start.
        if observesEvents {
            deliverEvents(observer, ticket: (admitted, kitchen.promise(of: id) ?? timestamp(now + preparation)))
        }
        handleStarts(observer)
        guard customers[slot].state == .queued else { return }
        customers[slot].isWaiting = true
        stations[station].enqueue()
        waiting.change(by: 1, at: now)
        // A fixed patience times customers out in the order they came: a lane, not the heap.
        if let patience { agenda.scheduleInOrder(.patience(id), at: now + patience) }
    }

    /// Takes the tickets the kitchen just started off the queue and schedules their pickup.
    private mutating func handleStarts(_ observer: SimulationObserver) {
        guard !started.isEmpty else { return }
        // By index: a `for` over `started` would hold a copy of it (a retain and a release
        // every customer) while the loop changes the rest of `self`.
        var index = 0
        while index < started.count {
            let start = started[index]
            index += 1
            guard let id = kitchen.ticketID(ofNumber: start.ticket), let slot = slotIndex(id, in: .queued) else { continue }
            let ready = max(start.ready - base, now)
            var customer = customers[slot]
            let wasWaiting = customer.isWaiting
            customer.state = .preparing
            customer.start = now
            customer.isWaiting = false
            customers[slot] = customer
            let station = Int(customer.station)
            stations[station].busy += ready - now
            if wasWaiting {
                stations[station].waiting -= 1
                waiting.change(by: -1, at: now)
            }
            agenda.schedule(.ready(id), at: ready)
            if observesEvents {
                let item = Int(customer.item)
                let begun = TicketStarted(ticket: customer.ticket, station: configuration.stations[station].name, prep: ready - now, lines: lines(of: item))
                announce(.ticketStarted(begun), observer)
            }
        }
        // Usually one start: `removeLast` is cheaper than emptying by a range.
        while !started.isEmpty { started.removeLast() }
    }

    private mutating func ready(_ id: TicketID, _ observer: SimulationObserver) {
        guard let slot = slotIndex(id, in: .preparing) else { return }
        let customer = customers[slot]
        let station = Int(customer.station)
        let wait = customer.start - customer.arrival
        let total = now - customer.arrival
        stations[station].recordServed(wait: wait, total: total)
        served += 1
        if observesEvents {
            let moved = TicketChanged(ticket: customer.ticket, lines: lines(of: Int(customer.item)))
            announce(.ticketReady(moved), observer)
            announce(.ticketPickedUp(moved), observer)
        }
        if checkout == nil { depart(slot) } else { pay(slot, id) }
        observer.customer?(CustomerRecord(
            replication: replication, customer: customer.number, item: Int(customer.item), station: station,
            arrival: customer.arrival, start: customer.start, end: now, outcome: .served
        ))
        kitchen.finish(id, at: timestamp(now), started: &started)
        handleStarts(observer)
    }

    private mutating func giveUp(_ id: TicketID, _ observer: SimulationObserver) {
        guard let slot = slotIndex(id, in: .queued), kitchen.withdraw(id) else { return }
        let customer = customers[slot]
        let station = Int(customer.station)
        stations[station].left += 1
        stations[station].waiting -= 1
        waiting.change(by: -1, at: now)
        left += 1
        if observesEvents {
            let item = Int(customer.item)
            let total = total(of: item)
            let cancelled = TicketCancelled(
                ticket: customer.ticket, lines: lines(of: item), from: .queued, total: total, currency: total == nil ? nil : kiosk.menu.currency
            )
            announce(.ticketCancelled(cancelled), observer)
        }
        depart(slot)
        observer.customer?(CustomerRecord(
            replication: replication, customer: customer.number, item: Int(customer.item), station: station,
            arrival: customer.arrival, start: nil, end: now, outcome: .left
        ))
    }

    // MARK: Checkout

    /// The customer in `slot` has their order and pays: at once in cash, or at a reader.
    private mutating func pay(_ slot: Int, _ id: TicketID) {
        let payment = pendingPayments[slot]
        guard payment.due > 0 else {
            checkoutTally.unpaid += 1
            depart(slot)
            return
        }
        guard payment.tender.usesReader else {
            checkoutTally.recordCash(payment.due, step: checkout?.cashStep ?? 1)
            depart(slot)
            return
        }
        customers[slot].state = .paying
        if reader.arrive(id, at: now) { agenda.scheduleInOrder(.paid(id), at: now + reader.latency) }
    }

    /// A reader answered the customer's card: approved, or declined and then paid in cash.
    /// The reader takes the next customer waiting.
    private mutating func paid(_ id: TicketID) {
        guard let slot = slotIndex(id, in: .paying) else { return }
        let payment = pendingPayments[slot]
        if payment.tender == .declinedCard {
            checkoutTally.declines += 1
            checkoutTally.recordCash(payment.due, step: checkout?.cashStep ?? 1)
        } else {
            checkoutTally.recordCard(payment.due)
        }
        depart(slot)
        if let next = reader.finish(at: now) { agenda.scheduleInOrder(.paid(next), at: now + reader.latency) }
    }

    private mutating func depart(_ slot: Int) {
        sojourn += Double(now - customers[slot].arrival)
        lastCustomerEvent = max(lastCustomerEvent, now)
        customers[slot] = Customer(generation: customers[slot].generation &+ 1)
        freeSlots.append(Int32(slot))
    }

    // MARK: Stock

    private mutating func requestRefill(of ingredient: Int) {
        guard case .low(let lead) = configuration.restock, !stock.pending[ingredient] else { return }
        stock.pending[ingredient] = true
        agenda.scheduleInOrder(.refill(ingredient: ingredient), at: now + lead)
    }

    private mutating func refill(_ ingredient: Int, _ observer: SimulationObserver) {
        let missing = stock.starting[ingredient] - kiosk.inventory[ingredient]
        stock.recordRefill(ingredient, added: missing > 0)
        guard missing > 0 else { return }
        events.removeAll(keepingCapacity: true)
        // Never throws: the result is the starting stock, which is within range.
        _ = try? kiosk.edit(.restock, missing, of: ingredient, at: timestamp(now), emitting: &events)
        deliverEvents(observer)
    }

    private mutating func restockAll(_ observer: SimulationObserver) {
        stock.startPeriod()
        for ingredient in stock.starting.indices { refill(ingredient, observer) }
        if arrivalsOpen, case .every(let period) = configuration.restock {
            agenda.schedule(.restockAll, at: now + period)
        }
    }

    // MARK: Draws and scheduling

    private mutating func scheduleNextArrival() {
        guard arrivalsOpen else { return }
        if case .customers(let count) = configuration.stop, scheduledArrivals >= count {
            arrivalsOpen = false
            return
        }
        guard let time = sampler.next(using: &streams.arrivals) else {
            arrivalsOpen = false
            return
        }
        // Whatever the stop, no one arrives past the longest run: a very slow rate with a
        // large customer count would otherwise run for centuries.
        let closing = if case .duration(let duration) = configuration.stop { duration } else { SimulationConfiguration.maximumDuration }
        if time >= closing {
            arrivalsOpen = false
            return
        }
        scheduledArrivals += 1
        agenda.scheduleArrival(.arrival, at: time)
    }

    /// One draw per customer when preparation times are random, refused or not, so each
    /// customer's draw depends only on their number.
    private mutating func drawPreparation(of item: Int) -> Int64 {
        let mean = profiles[item].preparationMilliseconds
        switch configuration.service {
        case .fixed: return mean
        case .exponential: return PortableMath.roundedToInteger(Double(mean) * streams.service.nextExponential())
        }
    }

    private mutating func drawPatience() -> Int64? {
        switch configuration.patience {
        case .unlimited: return nil
        case .fixed(let milliseconds): return milliseconds
        case .exponential(let mean): return PortableMath.roundedToInteger(Double(mean) * streams.patience.nextExponential())
        }
    }

    private func timestamp(_ time: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: base + time)
    }

    /// Hands the kiosk's events to the observer. `ticket` is the number and promise of the
    /// order just made, which its `order.succeeded` is given: the kiosk's board is
    /// detached, so the core leaves them out.
    private func deliverEvents(_ observer: SimulationObserver, ticket: (number: Int, promised: Timestamp)? = nil) {
        guard let deliver = observer.event else { return }
        for event in events {
            guard let ticket, case .orderSucceeded(let made) = event.payload else {
                deliver(event)
                continue
            }
            let numbered = OrderSucceeded(
                lines: made.lines, consumed: made.consumed, stock: made.stock, total: made.total, currency: made.currency,
                lineTotals: made.lineTotals, ticket: ticket.number, promised: ticket.promised
            )
            deliver(Event(id: event.id, sequence: event.sequence, time: event.time, source: event.source, payload: .orderSucceeded(numbered), template: event.template))
        }
    }

    // MARK: Ticket events

    /// One ticket event now, numbered on from the kiosk's events. Callers check that the
    /// observer takes events before they make the payload: without sinks nothing is made.
    private mutating func announce(_ payload: Event.Payload, _ observer: SimulationObserver) {
        guard let deliver = observer.event else { return }
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        kiosk.emitSimulated(payload, at: timestamp(now), into: &events)
        for event in events { deliver(event) }
    }

    /// A ticket's lines: one of the item.
    private mutating func lines(of item: Int) -> [ItemQuantity] {
        prepareTicketEvents()
        return ticketLines[item]
    }

    /// What a cancelled ticket refunds, as the REPL's cancel says it: the item's price
    /// (0 for an item without one) when the menu has prices, else `nil`.
    private mutating func total(of item: Int) -> Money? {
        prepareTicketEvents()
        return ticketTotals[item]
    }

    private mutating func prepareTicketEvents() {
        guard ticketLines.isEmpty else { return }
        let items = kiosk.menu.items
        let priced = items.contains { $0.price != nil }
        ticketLines = items.map { [ItemQuantity(item: $0.name, quantity: 1)] }
        ticketTotals = items.map { priced ? $0.price ?? .zero : nil }
    }

    /// The area under the count of customers in the system up to `time`, in customer ×
    /// milliseconds: what those who left spent in it, and what those still in it have
    /// spent so far.
    func areaInSystem(at time: Int64) -> Double {
        var area = sojourn
        for customer in customers where customer.state != .free { area += Double(time - customer.arrival) }
        return area
    }

    // MARK: Slots

    private mutating func allocateSlot() -> TicketID {
        if let slot = freeSlots.popLast() {
            return TicketID(slot: slot, generation: customers[Int(slot)].generation)
        }
        customers.append(Customer())
        return TicketID(slot: Int32(customers.count - 1), generation: 0)
    }

    private func slotIndex(_ id: TicketID, in state: Customer.State) -> Int? {
        let slot = Int(id.slot)
        guard slot >= 0, slot < customers.count, customers[slot].generation == id.generation, customers[slot].state == state else { return nil }
        return slot
    }
}
