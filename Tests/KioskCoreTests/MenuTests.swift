import KioskCore
import Testing

@Suite struct MenuTests {
    @Test(arguments: ["Strawberry Banana Juice", "strawberry banana juice", "STRAWBERRY  BANANA JUICE",
                      "strawberry-banana-juice", "Strawberry-Banana-Juice"])
    func itemsAreFoundByNameOrSlugInAnyCase(_ name: String) throws {
        let menu = try Fixtures.juiceMaker()
        #expect(menu.itemIndex(named: name) == 4)
    }

    @Test func aliasesAndKoreanNamesAreFound() throws {
        let menu = try Menu(
            name: "카페", ingredients: [Ingredient(name: "딸기", initialStock: 30)],
            items: [Item(name: "딸기우유", aliases: ["Strawberry Milk", "딸기 우유"], recipe: Recipe([.init(ingredient: 0, quantity: 8)]))]
        )
        #expect(menu.itemIndex(named: "딸기우유") == 0)
        #expect(menu.itemIndex(named: "strawberry milk") == 0)
        #expect(menu.itemIndex(named: "딸기  우유") == 0)
        #expect(menu.ingredientIndex(named: "딸기") == 0)
        #expect(menu.itemIndex(named: "바나나우유") == nil)
    }

    @Test func twoItemsMayNotShareAName() {
        let recipe = Recipe([.init(ingredient: 0, quantity: 1)])
        #expect(throws: MenuModelError.duplicateName("mango-juice", firstItem: "Mango Juice", secondItem: "mango-juice")) {
            try Menu(name: "x", ingredients: [Ingredient(name: "mango", initialStock: 1)],
                     items: [Item(name: "Mango Juice", recipe: recipe), Item(name: "mango-juice", recipe: recipe)])
        }
    }

    @Test func recipesMustBeValid() {
        #expect(throws: MenuModelError.emptyRecipe(item: "Air")) {
            try Menu(name: "x", ingredients: [], items: [Item(name: "Air", recipe: Recipe([]))])
        }
        #expect(throws: MenuModelError.unknownIngredient(item: "Ghost", index: 3)) {
            try Menu(name: "x", ingredients: [], items: [Item(name: "Ghost", recipe: Recipe([.init(ingredient: 3, quantity: 1)]))])
        }
        #expect(throws: MenuModelError.quantityOutOfRange(item: "Zero", quantity: 0)) {
            try Menu(name: "x", ingredients: [Ingredient(name: "a", initialStock: 1)],
                     items: [Item(name: "Zero", recipe: Recipe([.init(ingredient: 0, quantity: 0)]))])
        }
        #expect(throws: MenuModelError.repeatedIngredient(item: "Twice", index: 0)) {
            try Menu(name: "x", ingredients: [Ingredient(name: "a", initialStock: 5)],
                     items: [Item(name: "Twice", recipe: Recipe([.init(ingredient: 0, quantity: 3), .init(ingredient: 0, quantity: 3)]))])
        }
        #expect(throws: MenuModelError.duplicateIngredient("Mango")) {
            try Menu(name: "x", ingredients: [Ingredient(name: "mango", initialStock: 1), Ingredient(name: "Mango", initialStock: 1)], items: [])
        }
    }

    @Test func popularityAndArrivalTimesAreCheckedAndMakeTheMenuDifferent() throws {
        let mango = [Ingredient(name: "mango", initialStock: 1)]
        let recipe = Recipe([.init(ingredient: 0, quantity: 1)])
        #expect(throws: MenuModelError.popularityOutOfRange(item: "Mango", popularity: -1)) {
            try Menu(name: "x", ingredients: mango, items: [Item(name: "Mango", recipe: recipe, popularity: -1)])
        }
        let hourly = try ArrivalRate(parsing: "60/h")
        let backwards = SimulateSettings(arrivals: .timesOfDay([.init(start: 3_600_000, rate: hourly), .init(start: 3_600_000, rate: hourly)]))
        #expect(throws: MenuModelError.arrivalTimesNotIncreasing) {
            try Menu(name: "x", ingredients: mango, items: [], simulateSettings: backwards)
        }
        let plain = try Menu(name: "x", ingredients: mango, items: [Item(name: "Mango", recipe: recipe)])
        let popular = try Menu(name: "x", ingredients: mango, items: [Item(name: "Mango", recipe: recipe, popularity: 2)])
        let busy = try Menu(name: "x", ingredients: mango, items: [Item(name: "Mango", recipe: recipe)], simulateSettings: SimulateSettings(arrivals: .constant(hourly)))
        #expect(plain.items[0].popularity == 1)
        #expect(!plain.isSame(as: popular) && !plain.isSame(as: busy))
        #expect(plain.isSame(as: try Menu(name: "x", ingredients: mango, items: [Item(name: "Mango", recipe: recipe)])))
    }

    @Test func theBundledJuiceMakerIsAValidMenu() throws {
        let juice = Menu.juiceMaker
        let checked = try Menu(name: juice.name, ingredients: juice.ingredients, items: juice.items)
        #expect(checked.items == juice.items)
        #expect(juice.items.map { juice.itemIndex(named: $0.name) } == Array(0..<7))
        let fixture = try Fixtures.juiceMaker()
        #expect(juice.items == fixture.items)
        #expect(juice.ingredients == fixture.ingredients)
        #expect(juice.questions == fixture.questions)
        #expect(juice.suggestSettings == fixture.suggestSettings)
    }

    @Test func theSourceIsTheSlugOfTheNameUnlessGiven() throws {
        #expect(try Fixtures.juiceMaker().source == "/kiosk/juice-maker")
        #expect(try Menu(name: "Café 딸기", ingredients: [], items: []).source == "/kiosk/caf%C3%A9-%EB%94%B8%EA%B8%B0")
        #expect(try Menu(name: "x", source: "https://stand.example/kiosks/7", ingredients: [], items: []).source == "https://stand.example/kiosks/7")
        #expect(throws: MenuModelError.invalidSource("kiosk/Juice Maker")) {
            try Menu(name: "x", source: "kiosk/Juice Maker", ingredients: [], items: [])
        }
        #expect(throws: MenuModelError.invalidSource("")) {
            try Menu(name: "x", source: "", ingredients: [], items: [])
        }
    }

    @Test func makeableCountIsTheScarcestIngredient() throws {
        let menu = try Fixtures.juiceMaker()
        let inventory = menu.initialInventory
        #expect(menu.makeableCount(of: menu.itemIndex(named: "Strawberry Juice")!, with: inventory) == 0)
        #expect(menu.makeableCount(of: menu.itemIndex(named: "Mango Juice")!, with: inventory) == 3)
        #expect(menu.makeableCount(of: menu.itemIndex(named: "Mango Kiwi Juice")!, with: inventory) == 5)
        #expect(menu.makeableCount(of: menu.itemIndex(named: "Banana Juice")!, with: inventory) == 5)
    }
}

@Suite struct NameKeyTests {
    @Test func foldingIgnoresCaseAndExtraSpace() {
        #expect(NameKey.fold("  Mango\t JUICE ") == "mango juice")
        #expect(NameKey.fold("Ünïcode Café") == "ünïcode café")
    }

    @Test func slugsKeepLettersOfAnyScript() {
        #expect(NameKey.slug("Strawberry Banana Juice") == "strawberry-banana-juice")
        #expect(NameKey.slug("Oat & Vanilla -- Latte!") == "oat-vanilla-latte")
        #expect(NameKey.slug("딸기 우유") == "딸기-우유")
        #expect(NameKey.slug("Café au lait") == "café-au-lait")
        #expect(NameKey.slug("7 Up") == "7-up")
    }
}

@Suite struct MoneyTests {
    @Test func parsesAndPrintsExactly() {
        #expect(Money("4500")?.description == "4500")
        #expect(Money("4.5")?.description == "4.50")
        #expect(Money("4.05")?.hundredths == 405)
        #expect(Money("0.99")?.description == "0.99")
        #expect(Money("13500")?.grouped == "13,500")
        #expect(Money("1234567.5")?.grouped == "1,234,567.50")
        #expect(Money("-2.25")?.description == "-2.25")
    }

    @Test(arguments: ["", "-", ".5", "4.", "4.505", "4.5.5", "--1", "4 ", "+4", "1e3", "4,50", "abc", "99999999999999999999"])
    func rejectsWhatIsNotAnAmount(_ text: String) {
        #expect(Money(text) == nil)
    }

    @Test func arithmeticReportsOverflowInsteadOfTrapping() {
        let big = Money(hundredths: Int.max)
        #expect(big.adding(Money(hundredths: 1)) == nil)
        #expect(big.multiplied(by: 2) == nil)
        #expect(Money(units: Int.max) == nil)
        #expect(Money(hundredths: 250).multiplied(by: 4) == Money(units: 10))
    }
}
