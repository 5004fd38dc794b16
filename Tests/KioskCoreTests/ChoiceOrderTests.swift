import KioskCore
import Testing

/// Orders of items with sizes and options in the domain: each line takes its selection's
/// recipe and price, all or nothing; its events, tickets and history name what it chose;
/// and a kiosk that folds those events ends where the one that made them did.
@Suite struct ChoiceOrderTests {
    /// Latte: small (espresso 1, milk 200, sugar 10; 4,000) or large (default; espresso 2,
    /// milk 300, sugar 10; 5,000); Milk: Whole (default) or Oat (+500, milk → oat-milk);
    /// Extras 0..3: Extra shot (+500, espresso 1, twice at most); Sugar 0..1: No sugar.
    private func menu(oatMilk: Int = 1_000) throws -> Menu {
        let sizes = [
            ItemSize(name: "small", price: Money(hundredths: 400_000), recipe: Recipe([.init(ingredient: 0, quantity: 1), .init(ingredient: 1, quantity: 200), .init(ingredient: 3, quantity: 10)])),
            ItemSize(name: "large", price: Money(hundredths: 500_000), recipe: Recipe([.init(ingredient: 0, quantity: 2), .init(ingredient: 1, quantity: 300), .init(ingredient: 3, quantity: 10)])),
        ]
        let groups = [
            OptionGroup(name: "Milk", minimum: 1, maximum: 1, options: [
                ItemOption(name: "Whole", isDefault: true), ItemOption(name: "Oat", price: Money(hundredths: 50_000), changes: [.replace(1, with: 2)]),
            ]),
            OptionGroup(name: "Extras", minimum: 0, maximum: 3, options: [
                ItemOption(name: "Extra shot", price: Money(hundredths: 50_000), adds: [.init(ingredient: 0, quantity: 1)], repeatLimit: 2),
            ]),
            OptionGroup(name: "Sugar", minimum: 0, maximum: 1, options: [ItemOption(name: "No sugar", changes: [.remove(3)])]),
        ]
        return try Menu(
            name: "Cafe", currency: "KRW",
            ingredients: [
                Ingredient(name: "espresso", initialStock: 100), Ingredient(name: "milk", initialStock: 5_000),
                Ingredient(name: "oat-milk", initialStock: oatMilk), Ingredient(name: "sugar", initialStock: 500), Ingredient(name: "croissant", initialStock: 10),
            ],
            items: [
                Item(name: "Latte", choices: ItemChoices(sizes: sizes, defaultSize: 1, groups: groups)),
                Item(name: "Croissant", price: Money(hundredths: 300_000), recipe: Recipe([.init(ingredient: 4, quantity: 1)]), station: 1),
            ],
            stations: [Station(name: "bar"), Station(name: "counter")], board: BoardSettings()
        )
    }

    private let time = Timestamp(millisecondsSince1970: 1_795_262_400_000)
    /// Small, Oat, Extra shot ×2, No sugar: espresso 3, oat-milk 200; 5,500.
    private let smallOat = Selection(size: 0, picks: [.init(group: 0, option: 1), .init(group: 1, option: 0, count: 2), .init(group: 2, option: 0)])

    @Test func aLineTakesItsSelectionsRecipeAndPrice() throws {
        let menu = try menu()
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        let outcome = try kiosk.place(Order([OrderLine(item: 0, quantity: 2, choosing: smallOat, in: menu)]), at: time, emitting: &events)
        #expect(outcome == .made(total: Money(hundredths: 1_100_000)))
        #expect(kiosk.inventory[0] == 94 && kiosk.inventory[1] == 5_000 && kiosk.inventory[2] == 600 && kiosk.inventory[3] == 500)
        guard case .orderSucceeded(let made) = events.first?.payload else { Issue.record("no order.succeeded"); return }
        let choice = try #require(made.lines.first?.choice)
        #expect(choice.size == "small")
        #expect(choice.options.map(\.option) == ["Oat", "Extra shot", "No sugar"])
        #expect(choice.options.map(\.count) == [1, 2, 1])
        #expect(choice.options.map(\.removes) == [false, false, true])
        #expect(choice.unitPrice == Money(hundredths: 550_000))
        #expect(choice.recipe == [IngredientCount(ingredient: "espresso", count: 3), IngredientCount(ingredient: "oat-milk", count: 200)])
        #expect(made.lineTotals == [Money(hundredths: 1_100_000)])
        #expect(made.consumed == [IngredientCount(ingredient: "espresso", count: 6), IngredientCount(ingredient: "oat-milk", count: 400)])
        #expect(events[0].message == "Latte (small, Oat, Extra shot ×2, No sugar) ×2 is ready. Enjoy!")
    }

    @Test func theDefaultSelectionIsTheLineWithoutOneAndItsEventsNameIt() throws {
        let menu = try menu()
        let defaults = try #require(menu.items[0].choices?.defaultSelection)
        #expect(OrderLine(item: 0, quantity: 1, choosing: defaults, in: menu) == OrderLine(item: 0, quantity: 1))
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        try kiosk.place(Order(item: 0), at: time, emitting: &events)
        guard case .orderSucceeded(let made) = events.first?.payload else { Issue.record("no order.succeeded"); return }
        #expect(made.lines.first?.choice?.description == "large, Whole")
        #expect(made.total == Money(hundredths: 500_000))
    }

    @Test func aSelectionTheItemDoesNotAllowIsAnError() throws {
        let menu = try menu()
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        let tooMany = Selection(size: 1, picks: [.init(group: 0, option: 0), .init(group: 1, option: 0, count: 3)])
        #expect(throws: OrderError.selectionNotAllowed(item: 0, .repeatedTooOften(group: 1, option: 0))) {
            try kiosk.place(Order([OrderLine(item: 0, quantity: 1, selection: tooMany)]), at: time)
        }
        let noMilk = Selection(size: 1, picks: [])
        #expect(throws: OrderError.selectionNotAllowed(item: 0, .outsideLimits(group: 0, taken: 0))) {
            try kiosk.place(Order([OrderLine(item: 0, quantity: 1, selection: noMilk)]), at: time)
        }
        #expect(throws: OrderError.selectionNotAllowed(item: 1, .unknownSize)) {
            try kiosk.place(Order([OrderLine(item: 1, quantity: 1, selection: noMilk)]), at: time)
        }
        #expect(kiosk.sequence == 0, "nothing was recorded")
    }

    @Test func anOptionShortOfStockRefusesTheWholeOrder() throws {
        let menu = try menu(oatMilk: 300)
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        let order = Order([OrderLine(item: 1, quantity: 1), OrderLine(item: 0, quantity: 2, choosing: smallOat, in: menu)])
        #expect(try kiosk.place(order, at: time) == .refused([Shortfall(ingredient: 2, needed: 400, available: 300)]))
        #expect(kiosk.inventory[4] == 10 && kiosk.inventory[0] == 100, "nothing was taken")
    }

    @Test func aKioskThatFoldsTheEventsHasTheSameTicketsAndHistory() throws {
        let menu = try menu()
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        try kiosk.place(Order([OrderLine(item: 0, quantity: 1, choosing: smallOat, in: menu), OrderLine(item: 1, quantity: 1)]), at: time, emitting: &events)
        try kiosk.place(Order([OrderLine(item: 0, quantity: 1, choosing: smallOat, in: menu)]), at: time, emitting: &events)
        _ = try kiosk.perform(.start(nil), at: time, emitting: &events)
        var folded = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 2))
        for event in events { folded.apply(event) }
        #expect(folded.board?.activeTickets.map(\.items) == kiosk.board?.activeTickets.map(\.items))
        #expect(folded.ledger.history.map(\.lines) == kiosk.ledger.history.map(\.lines))
        #expect(folded.inventory == kiosk.inventory)
        let lines = try #require(kiosk.board?.activeTickets.last?.items)
        #expect(lines.map { $0.choice?.description } == ["small, Oat, Extra shot ×2, No sugar"])
        #expect(kiosk.board?.allDay.map(\.item).sorted() == ["Croissant", "Latte (small)"])
        let sold = kiosk.ledger.choiceSales.map { ($0.choice, $0.quantity) }
        #expect(sold.map(\.0) == [.size("small"), .option(group: "Milk", option: "Oat"), .option(group: "Extras", option: "Extra shot"), .option(group: "Sugar", option: "No sugar")])
        #expect(sold.map(\.1) == [2, 2, 2, 2])
        #expect(folded.ledger.choiceSales == kiosk.ledger.choiceSales)
        _ = try kiosk.perform(.cancel(1), at: time, emitting: &events)
        #expect(kiosk.ledger.choiceSales.map(\.quantity) == [1, 1, 1, 1], "a cancel takes its line's choices back")
    }
}
