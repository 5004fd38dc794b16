import KioskCore
import Testing

/// Combos in the domain: a combo's parts are lines that share its price exactly, whose
/// choices add what they cost above the item's cheapest; parts its slots do not allow are
/// refused; and its events name the combo, so a kiosk that folds them ends the same.
@Suite struct ComboOrderTests {
    private let time = Timestamp(millisecondsSince1970: 1_795_262_400_000)

    /// Latte (small 4,000 or large 5,000, Milk: Whole or Oat +500), Americano 3,500,
    /// Croissant 3,000, Muffin 3,000; "Breakfast Set" at `price` takes one drink and one to
    /// two pastries.
    private func menu(price: Int = 7_000, pastries: Int = 2) throws -> Menu {
        let latte = ItemChoices(
            sizes: [
                ItemSize(name: "small", price: Money(hundredths: 400_000), recipe: Recipe([.init(ingredient: 0, quantity: 1), .init(ingredient: 1, quantity: 200)])),
                ItemSize(name: "large", price: Money(hundredths: 500_000), recipe: Recipe([.init(ingredient: 0, quantity: 2), .init(ingredient: 1, quantity: 300)])),
            ],
            defaultSize: 1,
            groups: [OptionGroup(name: "Milk", minimum: 1, maximum: 1, options: [
                ItemOption(name: "Whole", isDefault: true), ItemOption(name: "Oat", price: Money(hundredths: 50_000), changes: [.replace(1, with: 2)]),
            ])]
        )
        let items = [
            Item(name: "Latte", choices: latte),
            Item(name: "Americano", price: Money(hundredths: 350_000), recipe: Recipe([.init(ingredient: 0, quantity: 2)])),
            Item(name: "Croissant", price: Money(hundredths: 300_000), recipe: Recipe([.init(ingredient: 3, quantity: 1)])),
            Item(name: "Muffin", price: Money(hundredths: 300_000), recipe: Recipe([.init(ingredient: 4, quantity: 1)])),
        ]
        let combo = Combo(name: "Breakfast Set", price: Money(hundredths: price * 100), slots: [
            Combo.Slot(minimum: 1, maximum: 1, items: [0, 1]), Combo.Slot(minimum: 1, maximum: pastries, items: [2, 3]),
        ])
        let ingredients = ["espresso", "milk", "oat-milk", "croissant", "muffin"].map { Ingredient(name: $0, initialStock: 100_000) }
        let plain = try Menu(name: "Cafe", currency: "KRW", ingredients: ingredients, items: items)
        return Menu(
            trusting: plain.name, currency: plain.currency, ingredients: ingredients, items: items, messages: .defaults,
            itemsByKey: ["latte": 0, "americano": 1, "croissant": 2, "muffin": 3],
            ingredientsByKey: Dictionary(uniqueKeysWithValues: ingredients.indices.map { (ingredients[$0].name, $0) }),
            combos: [combo], combosByKey: ["breakfast set": 0]
        )
    }

    private func part(_ slot: Int, number: Int = 1, quantity: Int = 1) -> ComboPart {
        ComboPart(combo: 0, number: number, slot: slot, quantity: quantity)
    }

    private let largeOat = Selection(size: 1, picks: [.init(group: 0, option: 1)])

    @Test func aCombosLinesShareItsPriceAndItsChoicesAddWhatTheyCostAboveTheCheapest() throws {
        let menu = try menu()
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        let order = Order([
            OrderLine(item: 0, quantity: 1, choosing: largeOat, in: menu, part: part(0)),
            OrderLine(item: 2, quantity: 1, part: part(1)),
        ])
        #expect(try kiosk.place(order, at: time, emitting: &events) == .made(total: Money(hundredths: 850_000)))
        guard case .orderSucceeded(let made) = events.first?.payload else { Issue.record("no order.succeeded"); return }
        // 7,000 shared 4,000 : 3,000 (the small latte is the cheapest), then large and Oat: +1,500.
        #expect(made.lineTotals == [Money(hundredths: 550_000), Money(hundredths: 300_000)])
        #expect(made.lines.map { $0.choice?.unitPrice } == [Money(hundredths: 150_000), .zero])
        #expect(made.lines.map { $0.choice?.combo } == Array(repeating: LineChoice.Combo(name: "Breakfast Set", number: 1, quantity: 1, price: Money(hundredths: 700_000)), count: 2))
        #expect(made.lines[1].choice?.recipe == [IngredientCount(ingredient: "croissant", count: 1)])
        #expect(events[0].message == "Breakfast Set (Latte (large, Oat) + Croissant) is ready. Enjoy!")
        #expect(kiosk.ledger.revenue == Money(hundredths: 850_000))
    }

    @Test func sharesAreWholeWonsAndAddUpToThePriceWhateverTheProportions() throws {
        for (price, pastries) in [(1_000, 2), (7_001, 2), (1, 2), (0, 2), (999_999, 2)] {
            let menu = try menu(price: price, pastries: pastries)
            for quantity in [1, 3, 7] {
                var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
                var events: [Event] = []
                let order = Order([
                    OrderLine(item: 1, quantity: quantity, part: part(0, quantity: quantity)),
                    OrderLine(item: 2, quantity: quantity, part: part(1, quantity: quantity)),
                    OrderLine(item: 3, quantity: quantity, part: part(1, quantity: quantity)),
                ])
                try kiosk.place(order, at: time, emitting: &events)
                guard case .orderSucceeded(let made) = events.first?.payload else { Issue.record("no order.succeeded"); return }
                #expect(made.lineTotals.reduce(0) { $0 + $1.hundredths } == price * 100 * quantity, "\(price) × \(quantity)")
                #expect(made.lineTotals.allSatisfy { $0.hundredths % 100 == 0 && $0.hundredths >= 0 }, "\(made.lineTotals)")
                #expect(made.total == Money(hundredths: price * 100 * quantity))
            }
        }
    }

    @Test func twoCombosInOneOrderAreEachPricedAndNamedApart() throws {
        let menu = try menu()
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        let order = Order([
            OrderLine(item: 1, quantity: 2, part: part(0, quantity: 2)), OrderLine(item: 3, quantity: 2, part: part(1, quantity: 2)),
            OrderLine(item: 0, quantity: 1, part: part(0, number: 2)), OrderLine(item: 2, quantity: 2, part: part(1, number: 2)),
            OrderLine(item: 2, quantity: 1),
        ])
        // 2 × 7,000; 7,000 + large (+1,000); a croissant on its own, 3,000.
        #expect(try kiosk.place(order, at: time, emitting: &events) == .made(total: Money(hundredths: 2_500_000)))
        #expect(events[0].message.hasPrefix("Breakfast Set ×2 (Americano + Muffin), Breakfast Set (Latte (large, Whole) + Croissant ×2), Croissant "), "\(events[0].message)")
    }

    @Test func partsTheCombosChoicesDoNotAllowAreRefused() throws {
        let menu = try menu()
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        let cases: [([OrderLine], OrderError)] = [
            ([OrderLine(item: 1, quantity: 1, part: part(0))], .comboNotAllowed(combo: 0, slot: 1)),
            ([OrderLine(item: 1, quantity: 1, part: part(0)), OrderLine(item: 0, quantity: 1, part: part(0)), OrderLine(item: 2, quantity: 1, part: part(1))], .comboNotAllowed(combo: 0, slot: 0)),
            ([OrderLine(item: 2, quantity: 1, part: part(0)), OrderLine(item: 3, quantity: 1, part: part(1))], .comboNotAllowed(combo: 0, slot: 0)),
            ([OrderLine(item: 1, quantity: 1, part: part(0)), OrderLine(item: 2, quantity: 3, part: part(1))], .comboNotAllowed(combo: 0, slot: 1)),
            ([OrderLine(item: 1, quantity: 2, part: part(0, quantity: 2)), OrderLine(item: 2, quantity: 3, part: part(1, quantity: 2))], .comboNotAllowed(combo: 0, slot: 1)),
            ([OrderLine(item: 1, quantity: 1, part: part(0)), OrderLine(item: 2, quantity: 1), OrderLine(item: 3, quantity: 1, part: part(1))], .comboNotAllowed(combo: 0, slot: 1)), // parts apart: the first run lacks a pastry
        ]
        for (lines, error) in cases {
            #expect(throws: error, "\(lines)") { try kiosk.place(Order(lines), at: time) }
        }
        #expect(kiosk.inventory[0] == 100_000 && kiosk.ledger.madeOrders == 0, "nothing taken")
    }

    @Test func aKioskThatFoldsACombosEventEndsWhereTheOneThatMadeItDid() throws {
        let menu = try menu()
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        try kiosk.place(Order([
            OrderLine(item: 0, quantity: 1, choosing: largeOat, in: menu, part: part(0)), OrderLine(item: 3, quantity: 1, part: part(1)),
        ]), at: time, emitting: &events)
        var folded = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 2))
        for event in events { folded.apply(event) }
        #expect(folded.inventory == kiosk.inventory)
        #expect(folded.ledger.revenue == kiosk.ledger.revenue)
        #expect(Array(folded.ledger.history) == Array(kiosk.ledger.history))
    }
}
