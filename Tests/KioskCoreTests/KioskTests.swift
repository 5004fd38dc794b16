import KioskCore
import Testing

@Suite struct KioskTests {
    @Test func anOrdersLinesByNameAreTheOnesItsEventNames() throws {
        let menu = try Menu(
            name: "Juice", ingredients: [Ingredient(name: "mango", initialStock: 1_000), Ingredient(name: "딸기", initialStock: 1_000)],
            items: [
                Item(name: "Mango Juice", recipe: Recipe([.init(ingredient: 0, quantity: 3)])),
                Item(name: "딸기 Juice", recipe: Recipe([.init(ingredient: 1, quantity: 2), .init(ingredient: 0, quantity: 1)])),
            ]
        )
        var kiosk = try Fixtures.kiosk(menu)
        for order in [Order(item: 0), Order(item: 1), Order(item: 0), Order(item: 0, quantity: 2), Order([OrderLine(item: 0, quantity: 1), OrderLine(item: 1, quantity: 3)])] {
            var events: [Event] = []
            #expect(try kiosk.place(order, at: Fixtures.noon, emitting: &events).isMade)
            guard case .orderSucceeded(let made)? = events.first?.payload else {
                Issue.record("no order.succeeded: \(events)")
                continue
            }
            let lines = kiosk.itemQuantities(of: order)
            #expect(lines == made.lines)
            #expect(lines == order.itemQuantities(in: kiosk.menu))
            #expect(lines == order.lines.map { ItemQuantity(item: kiosk.menu.items[$0.item].name, quantity: $0.quantity) })
        }
    }

    @Test func threeMangoJuicesAreMadeAndTheFourthIsRefused() throws {
        var kiosk = try Fixtures.kiosk()
        for _ in 0..<3 {
            #expect(try kiosk.order("Mango Juice").0 == .made(total: nil))
        }
        let (outcome, events) = try kiosk.order("Mango Juice")
        let mango = kiosk.menu.ingredientIndex(named: "mango")!
        #expect(outcome == .refused([Shortfall(ingredient: mango, needed: 3, available: 1)]))
        #expect(kiosk.stock("mango") == 1)
        #expect(events.map(\.type) == [.orderFailed, .restockNeeded])
        guard case .orderFailed(let failed) = events[0].payload else { Issue.record("not order.failed"); return }
        #expect(failed.missing == [Missing(ingredient: "mango", needed: 3, available: 1)])
    }

    @Test func aTwoFruitJuiceWithOneFruitShortTakesNothing() throws {
        var kiosk = try Fixtures.kiosk()
        var events: [Event] = []
        try kiosk.edit(.set, 0, of: kiosk.menu.ingredientIndex(named: "banana")!, at: Fixtures.noon, emitting: &events)
        let (outcome, _) = try kiosk.order("Strawberry Banana Juice")
        #expect(!outcome.isMade)
        #expect(kiosk.stock("strawberry") == 10)
        #expect(kiosk.stock("banana") == 0)
    }

    @Test func aMultiLineOrderIsRefusedWhole() throws {
        var kiosk = try Fixtures.kiosk()
        var events: [Event] = []
        let order = Order([OrderLine(item: kiosk.item("mango juice"), quantity: 3), OrderLine(item: kiosk.item("mango kiwi juice"), quantity: 1)])
        let outcome = try kiosk.place(order, at: Fixtures.noon, emitting: &events)
        let mango = kiosk.menu.ingredientIndex(named: "mango")!
        #expect(outcome == .refused([Shortfall(ingredient: mango, needed: 11, available: 10)]))
        #expect(kiosk.stock("mango") == 10)
        #expect(kiosk.stock("kiwi") == 10)
    }

    @Test func aMultiLineOrderThatFitsTakesEveryLine() throws {
        var kiosk = try Fixtures.kiosk()
        var events: [Event] = []
        let order = Order([OrderLine(item: kiosk.item("mango juice"), quantity: 2), OrderLine(item: kiosk.item("mango kiwi juice"), quantity: 2)])
        #expect(try kiosk.place(order, at: Fixtures.noon, emitting: &events).isMade)
        #expect(kiosk.stock("mango") == 0)
        #expect(kiosk.stock("kiwi") == 8)
        guard case .orderSucceeded(let made) = events[0].payload else { Issue.record("not order.succeeded"); return }
        #expect(made.consumed == [IngredientCount(ingredient: "mango", count: 10), IngredientCount(ingredient: "kiwi", count: 2)])
        #expect(made.stock == [IngredientCount(ingredient: "mango", count: 0), IngredientCount(ingredient: "kiwi", count: 8)])
    }

    @Test func quantitiesOutsideOneToABillionAreErrorsNotTraps() throws {
        var kiosk = try Fixtures.kiosk()
        #expect(throws: OrderError.quantityOutOfRange(Int.max)) { try kiosk.order("Mango Juice", Int.max) }
        #expect(throws: OrderError.quantityOutOfRange(0)) { try kiosk.order("Mango Juice", 0) }
        #expect(throws: OrderError.quantityOutOfRange(-1)) { try kiosk.order("Mango Juice", -1) }
        var events: [Event] = []
        #expect(throws: OrderError.empty) { try kiosk.place(Order([]), at: Fixtures.noon, emitting: &events) }
        #expect(events.isEmpty)
        #expect(kiosk.sequence == 0)
    }

    @Test func requirementsThatOverflowAreRefused() throws {
        let ingredient = Ingredient(name: "x", initialStock: 1)
        let item = Item(name: "X", recipe: Recipe([.init(ingredient: 0, quantity: Menu.maximumQuantity)]))
        var kiosk = try Fixtures.kiosk(Menu(name: "Big", ingredients: [ingredient], items: [item]))
        let lines = Array(repeating: OrderLine(item: 0, quantity: Menu.maximumQuantity), count: 10)
        var events: [Event] = []
        #expect(throws: OrderError.requirementTooLarge(ingredient: 0)) {
            try kiosk.place(Order(lines), at: Fixtures.noon, emitting: &events)
        }
    }

    @Test func aLargeRefusalReportsWhatWasNeeded() throws {
        var kiosk = try Fixtures.kiosk()
        let (outcome, _) = try kiosk.order("Strawberry Juice", Menu.maximumQuantity)
        let strawberry = kiosk.menu.ingredientIndex(named: "strawberry")!
        #expect(outcome == .refused([Shortfall(ingredient: strawberry, needed: 16 * Menu.maximumQuantity, available: 10)]))
    }

    @Test func eventsAreNumberedOneByOneWithIncreasingIds() throws {
        var kiosk = try Fixtures.kiosk()
        var all: [Event] = []
        for _ in 0..<4 { all += try kiosk.order("Mango Juice").1 }
        #expect(all.map(\.sequence) == Array(1...UInt64(all.count)))
        #expect(all.map(\.id) == all.map(\.id).sorted())
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(all.allSatisfy { $0.source == "/kiosk/juice-maker" && $0.time == Fixtures.noon })
    }

    @Test func restockNeededGoesOutWhenStockFallsToTheLowMark() throws {
        let menu = try Menu(
            name: "Café", ingredients: [Ingredient(name: "milk", initialStock: 7, lowMark: 5)],
            items: [Item(name: "Milk", recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        )
        var kiosk = try Fixtures.kiosk(menu)
        #expect(try kiosk.order("milk").1.map(\.type) == [.orderSucceeded])
        let (_, events) = try kiosk.order("milk")
        #expect(events.map(\.type) == [.orderSucceeded, .restockNeeded])
        guard case .restockNeeded(let low) = events[1].payload else { Issue.record("not restock.needed"); return }
        #expect(low == RestockNeeded(ingredient: "milk", stock: 5, low: 5, reason: .low, needed: nil))
        // Already low: no second alert for the next order.
        #expect(try kiosk.order("milk").1.map(\.type) == [.orderSucceeded])
    }

    @Test func stockEditsEmitStockChangedAndNeverGoBelowZero() throws {
        var kiosk = try Fixtures.kiosk()
        let mango = kiosk.menu.ingredientIndex(named: "mango")!
        var events: [Event] = []
        let change = try kiosk.edit(.add, 5, of: mango, at: Fixtures.noon, emitting: &events)
        #expect(change == (10, 15))
        #expect(events.map(\.payload) == [.stockChanged(StockChanged(ingredient: "mango", from: 10, to: 15, reason: .add))])
        #expect(throws: StockError.belowZero(ingredient: mango, available: 15, requested: 16)) {
            try kiosk.edit(.remove, 16, of: mango, at: Fixtures.noon, emitting: &events)
        }
        #expect(kiosk.stock("mango") == 15)
        events.removeAll()
        try kiosk.edit(.set, 15, of: mango, at: Fixtures.noon, emitting: &events)
        #expect(events.isEmpty, "an edit that changes nothing sends nothing")
        try kiosk.edit(.remove, 15, of: mango, at: Fixtures.noon, emitting: &events)
        #expect(events.map(\.type) == [.stockChanged, .restockNeeded])
    }

    @Test func restockSuggestsTheShortfallOrTheStartingStock() throws {
        var kiosk = try Fixtures.kiosk()
        _ = try kiosk.order("Strawberry Juice")
        let strawberry = kiosk.menu.ingredientIndex(named: "strawberry")!
        #expect(kiosk.restockSuggestions.map(\.ingredient) == [strawberry])
        #expect(kiosk.restockSuggestions.map(\.amount) == [6])
        var events: [Event] = []
        try kiosk.edit(.set, 0, of: kiosk.menu.ingredientIndex(named: "kiwi")!, at: Fixtures.noon, emitting: &events)
        #expect(kiosk.restockSuggestions.map(\.amount) == [6, 10])
    }

    @Test func anOrderOfOneAndAnOrderOfTwoEachNameTheirLinesUseAndStock() throws {
        var kiosk = try Fixtures.kiosk()
        var made: [OrderSucceeded] = []
        for quantity in [1, 2, 1] {
            let (outcome, events) = try kiosk.order("Mango Kiwi Juice", quantity)
            #expect(outcome.isMade)
            guard case .orderSucceeded(let succeeded) = events.first?.payload else { Issue.record("not order.succeeded"); return }
            made.append(succeeded)
        }
        #expect(made.map(\.lines) == [1, 2, 1].map { [ItemQuantity(item: "Mango Kiwi Juice", quantity: $0)] })
        #expect(made.map(\.consumed) == [
            [IngredientCount(ingredient: "mango", count: 2), IngredientCount(ingredient: "kiwi", count: 1)],
            [IngredientCount(ingredient: "mango", count: 4), IngredientCount(ingredient: "kiwi", count: 2)],
            [IngredientCount(ingredient: "mango", count: 2), IngredientCount(ingredient: "kiwi", count: 1)],
        ])
        #expect(made.map(\.stock) == [
            [IngredientCount(ingredient: "mango", count: 8), IngredientCount(ingredient: "kiwi", count: 9)],
            [IngredientCount(ingredient: "mango", count: 4), IngredientCount(ingredient: "kiwi", count: 7)],
            [IngredientCount(ingredient: "mango", count: 2), IngredientCount(ingredient: "kiwi", count: 6)],
        ])
        #expect(kiosk.ledger.sales[kiosk.item("mango kiwi juice")].quantity == 4)
        #expect(kiosk.ledger.usage[kiosk.menu.ingredientIndex(named: "mango")!].used == 8)
        #expect(kiosk.ledger.usage[kiosk.menu.ingredientIndex(named: "kiwi")!].used == 4)
        #expect(kiosk.ledger.history.elements.map(\.lines) == made.map(\.lines))
    }

    @Test func theLedgerKeepsHistoryAndTotals() throws {
        var kiosk = try Fixtures.kiosk()
        for _ in 0..<4 { _ = try kiosk.order("Mango Juice") }
        #expect(kiosk.ledger.madeOrders == 3)
        #expect(kiosk.ledger.refusedOrders == 1)
        #expect(kiosk.ledger.sales[kiosk.item("mango juice")].quantity == 3)
        #expect(kiosk.ledger.usage[kiosk.menu.ingredientIndex(named: "mango")!].used == 9)
        let history = kiosk.ledger.history.elements
        #expect(history.count == 4)
        #expect(history.last?.result == .refused(missing: [Missing(ingredient: "mango", needed: 3, available: 1)]))
        #expect(history.first?.lines == [ItemQuantity(item: "Mango Juice", quantity: 1)])
    }

    @Test func pricesAddUpExactly() throws {
        let menu = try Menu(
            name: "Café", currency: "KRW", ingredients: [Ingredient(name: "espresso", initialStock: 100)],
            items: [Item(name: "Latte", price: Money("4.50"), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        )
        var kiosk = try Fixtures.kiosk(menu)
        #expect(try kiosk.order("latte", 3).0 == .made(total: Money("13.50")))
        #expect(kiosk.ledger.revenue == Money("13.50"))
        #expect(kiosk.ledger.sales[0].revenue == Money("13.50"))
    }

    @Test func aTotalThatWouldOverflowIsRefusedBeforeAnyStockIsTaken() throws {
        let menu = try Menu(
            name: "Dear", ingredients: [Ingredient(name: "gold", initialStock: Menu.maximumQuantity)],
            items: [Item(name: "Bar", price: Money(units: Menu.maximumQuantity), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        )
        var kiosk = try Fixtures.kiosk(menu)
        #expect(throws: OrderError.totalTooLarge) { try kiosk.order("bar", Menu.maximumQuantity) }
        #expect(kiosk.stock("gold") == Menu.maximumQuantity)
    }

    @Test func replacingTheMenuKeepsStockAndTotalsByName() throws {
        var kiosk = try Fixtures.kiosk()
        _ = try kiosk.order("Mango Juice")
        let newMenu = try Menu(
            name: "Juice Maker II",
            ingredients: [Ingredient(name: "mango", initialStock: 10), Ingredient(name: "lime", initialStock: 4)],
            items: [
                Item(name: "Mango Juice", recipe: Recipe([.init(ingredient: 0, quantity: 3)])),
                Item(name: "Lime Juice", recipe: Recipe([.init(ingredient: 1, quantity: 2)])),
            ]
        )
        var events: [Event] = []
        let swap = kiosk.replaceMenu(with: newMenu, at: Fixtures.noon, emitting: &events)
        #expect(kiosk.stock("mango") == 7)
        #expect(kiosk.stock("lime") == 4)
        #expect(swap.difference.addedItems == ["Lime Juice"])
        #expect(swap.difference.removedIngredients == ["strawberry", "banana", "pineapple", "kiwi"])
        #expect(swap.declared == [IngredientCount(ingredient: "lime", count: 4)])
        #expect(kiosk.retainedStock.values.map(\.ingredient).sorted() == ["banana", "kiwi", "pineapple", "strawberry"])
        #expect(kiosk.ledger.sales[kiosk.item("mango juice")].quantity == 1)
        #expect(events.map(\.type) == [.menuReloaded])
        #expect(events[0].sequence == 2)
        #expect(kiosk.source == "/kiosk/juice-maker-ii")
        #expect(kiosk.ledger.history.count == 1)
    }
    @Test func placingWithoutEventsLeavesTheSameKioskAsPlacingWithThem() throws {
        // Little stock with low marks, prices and an auto board: refusals, restock.needed
        // and tickets all happen. Stock is topped up now and then so refusals come and go.
        let fruits = Fixtures.fruits
        let items = (0..<7).map { index in
            Item(
                name: "Juice \(index)", price: Money(units: 3 + index % 3),
                recipe: Recipe([.init(ingredient: index % 5, quantity: 1 + index % 3)] + (index >= 5 ? [.init(ingredient: (index + 2) % 5, quantity: 2)] : [])),
                prep: .seconds(Int64(30 + 30 * (index % 3))), station: index % 2
            )
        }
        let menu = try Menu(
            name: "Juice Bar", currency: "USD", ingredients: fruits.map { Ingredient(name: $0, initialStock: 30, lowMark: 8) },
            items: items, messages: MessageCatalog(templates: [:], board: true),
            stations: [Station(name: "blender", staff: 2), Station(name: "counter")], board: BoardSettings(auto: true)
        )
        var emitting = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 3))
        var silent = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 3))
        var events: [Event] = []
        var random = SplitMix(state: 15)
        var refused = 0
        for step in 0..<600 {
            let time = Fixtures.noon.adding(milliseconds: Int64(step) * 20_000)
            if step % 97 == 96 {
                let ingredient = random.below(5)
                var ignored: [Event] = []
                try emitting.edit(.restock, 25, of: ingredient, at: time, emitting: &events)
                try silent.edit(.restock, 25, of: ingredient, at: time, emitting: &ignored)
                continue
            }
            let lines = (0...random.below(2)).map { _ in OrderLine(item: random.below(7), quantity: 1 + random.below(3) / 2) }
            let order = Order(lines)
            let made = try emitting.place(order, at: time, emitting: &events)
            #expect(try silent.place(order, at: time) == made)
            if !made.isMade { refused += 1 }
        }
        #expect(refused > 50)
        #expect(events.contains { $0.type == .restockNeeded })
        #expect(events.count == Int(emitting.sequence))
        #expect(silent.sequence == emitting.sequence)
        #expect(silent.inventory == emitting.inventory)
        #expect(silent.ledger.snapshot == emitting.ledger.snapshot)
        #expect(silent.lastShortfalls == emitting.lastShortfalls)
        #expect(silent.board == emitting.board)
        #expect(silent.restockSuggestions == emitting.restockSuggestions)
    }
}

/// SplitMix64, for a test's reproducible random choices.
private struct SplitMix {
    var state: UInt64

    mutating func below(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
