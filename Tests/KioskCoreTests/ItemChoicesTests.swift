import KioskCore
import Testing

/// The space of an item's selections, counted and bounded group by group, held against
/// a brute-force walk of every count vector; and the recipe a selection takes.
@Suite struct ItemChoicesTests {
    /// espresso 0, milk 1, sugar 2, oat-milk 3, vanilla 4.
    static let latte = ItemChoices(
        sizes: [
            ItemSize(name: "small", price: Money(units: 4000), recipe: Recipe([.init(ingredient: 0, quantity: 1), .init(ingredient: 1, quantity: 200), .init(ingredient: 2, quantity: 10)])),
            ItemSize(name: "large", price: Money(units: 5000), recipe: Recipe([.init(ingredient: 0, quantity: 2), .init(ingredient: 1, quantity: 300), .init(ingredient: 2, quantity: 10)])),
        ],
        defaultSize: 1,
        groups: [
            OptionGroup(name: "Milk", minimum: 1, maximum: 1, options: [
                ItemOption(name: "Whole", isDefault: true),
                ItemOption(name: "Oat", price: Money(units: 500)!, changes: [.replace(1, with: 3)]),
            ]),
            OptionGroup(name: "Extras", minimum: 0, maximum: 3, options: [
                ItemOption(name: "Extra shot", price: Money(units: 500)!, adds: [.init(ingredient: 0, quantity: 1)], repeatLimit: 2),
                ItemOption(name: "Vanilla", price: Money(units: 300)!, adds: [.init(ingredient: 4, quantity: 10)]),
            ]),
            OptionGroup(name: "Sugar", minimum: 0, maximum: 1, options: [
                ItemOption(name: "No sugar", changes: [.remove(2)]),
                ItemOption(name: "Light sugar", changes: [.scale(2, numerator: 1, denominator: 2)]),
            ]),
        ]
    )

    /// Every selection by brute force: each option's count from 0 to its limit, kept when
    /// each group's total is within its limits.
    static func bruteForce(_ choices: ItemChoices) -> [Selection] {
        var all: [Selection] = []
        let options = choices.groups.enumerated().flatMap { group, value in value.options.indices.map { (group, $0, value.options[$0].repeatLimit) } }
        var counts = Array(repeating: 0, count: options.count)
        while true {
            var totals = Array(repeating: 0, count: choices.groups.count)
            for (index, option) in options.enumerated() { totals[option.0] += counts[index] }
            if choices.groups.indices.allSatisfy({ (choices.groups[$0].minimum...choices.groups[$0].maximum).contains(totals[$0]) }) {
                let picks = options.indices.compactMap { counts[$0] > 0 ? Selection.Pick(group: options[$0].0, option: options[$0].1, count: counts[$0]) : nil }
                for size in choices.sizes.indices { all.append(Selection(size: size, picks: picks)) }
            }
            var wheel = 0
            while wheel < options.count {
                counts[wheel] += 1
                if counts[wheel] <= options[wheel].2 { break }
                counts[wheel] = 0
                wheel += 1
            }
            if wheel == options.count { return all }
        }
    }

    @Test func theCountIsTheNumberOfSelectionsAWalkOfEveryOneFinds() {
        let brute = Self.bruteForce(Self.latte)
        #expect(Self.latte.selectionCount == brute.count)
        #expect(brute.count == 2 * 2 * 6 * 3)
        var listed: [Selection] = []
        Self.latte.forEachSelection { listed.append($0); return true }
        #expect(Set(listed) == Set(brute))
        #expect(listed.count == brute.count)
        #expect(listed.allSatisfy { Self.latte.problem(with: $0) == nil })
    }

    @Test func theCheapestAndDearestAreThoseOfEveryOne() throws {
        let prices = Self.bruteForce(Self.latte).compactMap { Self.latte.price(of: $0) }
        let (cheapest, dearest) = try #require(Self.latte.priceExtremes)
        #expect(Self.latte.price(of: cheapest) == prices.min())
        #expect(Self.latte.price(of: dearest) == prices.max())
        #expect(Self.latte.describe(dearest) == ["large", "Oat", "Extra shot ×2", "Vanilla"])
        #expect(Self.latte.price(of: dearest) == Money(units: 6800))
    }

    @Test func discountsAreTakenAtTheCheapestUpToTheGroupsMaximum() throws {
        let choices = ItemChoices(sizes: [ItemSize(name: nil, price: Money(units: 1000), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))], defaultSize: nil, groups: [
            OptionGroup(name: "Deals", minimum: 1, maximum: 2, options: [
                ItemOption(name: "A", price: Money(units: -300)!, repeatLimit: 3),
                ItemOption(name: "B", price: Money(units: 200)!),
                ItemOption(name: "C", price: Money(units: -100)!),
            ]),
        ])
        let (cheapest, dearest) = try #require(choices.priceExtremes)
        let prices = Self.bruteForce(choices).compactMap { choices.price(of: $0) }
        #expect(choices.price(of: cheapest) == prices.min())
        #expect(choices.price(of: cheapest) == Money(units: 400))
        #expect(choices.price(of: dearest) == prices.max())
        #expect(choices.selectionCount == Self.bruteForce(choices).count)
    }

    @Test func aSelectionsRecipeChangesQuantitiesThenLinesThenAdds() {
        // large, Oat, Extra shot ×2, Light sugar
        let selection = Selection(size: 1, picks: [.init(group: 0, option: 1), .init(group: 1, option: 0, count: 2), .init(group: 2, option: 1)])
        #expect(Self.latte.recipe(of: selection) == Recipe([.init(ingredient: 0, quantity: 4), .init(ingredient: 3, quantity: 300), .init(ingredient: 2, quantity: 5)]))
        #expect(Self.latte.price(of: selection) == Money(units: 6500))
        // small, Whole, No sugar
        let plain = Selection(size: 0, picks: [.init(group: 0, option: 0), .init(group: 2, option: 0)])
        #expect(Self.latte.recipe(of: plain) == Recipe([.init(ingredient: 0, quantity: 1), .init(ingredient: 1, quantity: 200)]))
    }

    @Test func theDefaultSelectionIsTheDefaultSizeAndEachGroupsDefaults() {
        #expect(Self.latte.defaultSelection == Selection(size: 1, picks: [.init(group: 0, option: 0)]))
        let item = Item(name: "Latte", choices: Self.latte)
        #expect(item.price == Money(units: 5000))
        #expect(item.recipe == Self.latte.sizes[1].recipe)
        #expect(!item.requiresChoice)
        let noDefault = ItemChoices(sizes: Self.latte.sizes, defaultSize: nil, groups: [])
        #expect(noDefault.defaultSelection == nil)
        #expect(Item(name: "Latte", choices: noDefault).requiresChoice)
    }

    @Test func selectionsOutsideTheLimitsAreNamedByGroup() {
        #expect(Self.latte.problem(with: Selection(size: 0, picks: [])) == .outsideLimits(group: 0, taken: 0))
        #expect(Self.latte.problem(with: Selection(size: 0, picks: [.init(group: 0, option: 0), .init(group: 1, option: 1, count: 2)])) == .repeatedTooOften(group: 1, option: 1))
        #expect(Self.latte.problem(with: Selection(size: 2, picks: [])) == .unknownSize)
    }

    @Test func aMillionSelectionsAreCountedWithoutListingThem() {
        // Groups of four options taking 0 to 4: 16 ways each; five of them and two sizes
        // make 2 · 16^5; forty pass what an Int counts.
        let group = OptionGroup(name: "G", minimum: 0, maximum: 4, options: (0..<4).map { ItemOption(name: "o\($0)", price: Money(units: $0)!) })
        #expect(group.selectionCount == 16)
        let choices = ItemChoices(sizes: Self.latte.sizes, defaultSize: 0, groups: Array(repeating: group, count: 5))
        #expect(choices.selectionCount == 2 * 1_048_576)
        let huge = ItemChoices(sizes: Self.latte.sizes, defaultSize: 0, groups: Array(repeating: group, count: 40))
        #expect(huge.selectionCount == nil)
        #expect(huge.priceExtremes != nil)
    }

    @Test func aComboCountsEachItemsSelections() {
        let items = [Item(name: "Latte", choices: Self.latte), Item(name: "Croissant", price: Money(units: 3000), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        let combo = Combo(name: "Set", price: Money(units: 7000), slots: [Combo.Slot(minimum: 1, maximum: 1, items: [0, 1]), Combo.Slot(minimum: 0, maximum: 2, items: [1])])
        // (72 + 1) · (1 + 1 + 1): none, one or two croissants.
        #expect(combo.selectionCount(in: items) == 73 * 3)
    }
}
