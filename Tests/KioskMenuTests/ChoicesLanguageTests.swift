import KioskCore
@testable import KioskMenu
import KioskTestSupport
import Testing

/// Sizes, options and combos in the language: what compiles to what, and every rule
/// `kiosk check` proves, each broken in a menu of its own and named by its code.
@Suite struct ChoicesLanguageTests {
    static let ingredients = """
    ingredient espresso stock 10
    ingredient milk stock 1000
    ingredient sugar stock 100
    ingredient oat-milk stock 1000
    ingredient vanilla stock 100

    """

    @Test func theCoffeeBarCompilesToItsSizesGroupsAndCombo() throws {
        let compiled = try #require(Compile(try Repository.text("menus/coffee-bar.kiosk")).menu)
        let menu = compiled.menu
        #expect(compiled.summary == "8 ingredients, 5 items, 1 combo, 2 stations, 0 sinks")
        let latte = menu.items[try #require(menu.itemIndex(named: "라떼"))]
        let choices = try #require(latte.choices)
        #expect(choices.sizes.map(\.name) == ["small", "large"])
        #expect(choices.sizes.map(\.price) == [Money(units: 4000), Money(units: 5000)])
        #expect(choices.defaultSize == 1)
        #expect(choices.groups.map(\.name) == ["Milk", "Extras", "Sugar"])
        #expect(choices.groups.map { [$0.minimum, $0.maximum] } == [[1, 1], [0, 3], [0, 1]])
        let oat = choices.groups[0].options[1]
        let oatMilk = try #require(menu.ingredientIndex(named: "oat-milk"))
        #expect(oat.price == Money(units: 500))
        #expect(oat.changes == [.replace(try #require(menu.ingredientIndex(named: "milk")), with: oatMilk)])
        #expect(choices.groups[1].options[0].repeatLimit == 2)
        #expect(choices.groups[2].options[1].changes == [.scale(try #require(menu.ingredientIndex(named: "sugar")), numerator: 1, denominator: 2)])
        // Without a choice, an order takes the large whole-milk latte.
        #expect(latte.price == Money(units: 5000))
        #expect(latte.recipe == choices.sizes[1].recipe)
        #expect(!latte.requiresChoice)
        let combo = menu.combos[try #require(menu.comboIndex(named: "breakfast"))]
        #expect(combo.name == "Breakfast Set")
        #expect(combo.price == Money(units: 7000))
        #expect(combo.slots.map(\.items).map { $0.map { menu.items[$0].name } } == [["Latte", "Americano"], ["Croissant", "Muffin"]])
    }

    @Test func aMenuWithoutChoicesHasNone() throws {
        let menu = try #require(Compile(juiceMakerSource).menu).menu
        #expect(menu.items.allSatisfy { $0.choices == nil && !$0.requiresChoice })
        #expect(menu.combos.isEmpty)
    }

    @Test func signedAmountsAndLimitsRead() throws {
        let menu = try #require(Compile(Self.ingredients + """
        item A price 1000 needs espresso 1, milk 10 {
          options "Deals" choose 1.. { option "Half" price -200
            option "More" price +0.50 extra milk 5 }
        }
        """).menu).menu
        let group = try #require(menu.items[0].choices?.groups.first)
        #expect(group.minimum == 1)
        #expect(group.maximum == 2)
        #expect(group.options.map(\.price) == [Money(units: -200), Money(units: 0, hundredths: 50)])
        #expect(group.options[1].changes == [.adjust(1, by: 5)])
        #expect(menu.items[0].requiresChoice)
    }

    /// Each rule, broken alone: the code of the one error it gives.
    @Test(arguments: [
        ("item A needs espresso 1 { options G choose 2 { option X } }", "limits_above_options"),
        ("item A needs espresso 1 { options G choose 2..1 { option X\n option Y } }", "limits_reversed"),
        ("item A needs espresso 1 { options G choose 0 { option X } }", "limits_take_nothing"),
        ("item A needs espresso 1 { options G choose one { option X } }", "invalid_limits"),
        ("item A needs espresso 1 { options G { option X } }", "group_without_choose"),
        ("item A needs espresso 1 { options G choose 1 { option X default\n option Y default } }", "too_many_defaults"),
        ("item A { size s needs espresso 1 default\n size l needs espresso 2 default }", "duplicate_default_size"),
        ("item A { size s needs espresso 1\n size S needs espresso 2 }", "duplicate_choice"),
        ("item A needs espresso 1 { options G choose 0..2 { option X\n option x } }", "duplicate_choice"),
        ("item A price 5 needs espresso 1 { size s price 4 needs espresso 1 }", "price_or_needs_with_sizes"),
        ("item A { size s price 4 }", "size_without_needs"),
        ("item A { size s price 4 needs espresso 1\n size l needs espresso 2 }", "sizes_priced_unevenly"),
        ("item A needs espresso 1 { options G choose 0..1 { option X price +5 } }", "option_price_without_item_price"),
        ("item A needs espresso 1 { options G choose 0..1 { option X removes milk } }", "change_not_in_recipe"),
        ("item A { size s needs espresso 1, milk 5\n size l needs espresso 2\n options G choose 0..1 { option X removes milk } }", "change_not_in_recipe"),
        ("item A needs espresso 1, milk 5 { options G choose 0..1 { option X replaces milk with milk } }", "replacement_is_same"),
        ("item A needs espresso 1, milk 5 { options G choose 0..1 { option X replaces milk with soy } }", "unknown_ingredient"),
        ("item A needs espresso 1, milk 5 { options G choose 0..1 { option X replaces milk oat-milk } }", "invalid_substitution"),
        ("item A needs espresso 1, milk 5 { options G choose 0..2 { option X removes milk\n option Y light milk 1 } }", "conflicting_changes"),
        ("item A needs espresso 1, milk 4 { options G choose 0..1 { option X removes milk }\n options H choose 0..1 { option Y extra milk } }", "conflicting_changes"),
        ("item A needs espresso 1, milk 4 { options G choose 0..2 { option X removes milk repeat 2 } }", "repeat_with_changes"),
        ("item A needs espresso 1, milk 5 { options G choose 0..1 { option X light milk } }", "unwhole_quantity"),
        ("item A needs espresso 1, milk 5 { options G choose 0..1 { option X light milk 5 } }", "change_takes_all"),
        ("item A needs milk 5 { options G choose 0..1 { option X removes milk } }", "recipe_can_be_empty"),
        ("item A price 100 needs milk 5 { options G choose 0..2 { option X price -60 repeat 2 } }", "price_below_zero"),
        ("item A needs milk 5 { options G choose 0..2 { option X needs espresso 600000000 repeat 2 } }", "selection_too_large"),
        ("item A needs espresso 1 { option X }", "misplaced_statement"),
        ("size s needs espresso 1", "misplaced_statement"),
        ("item A needs espresso 1\ncombo C { choose 1 from A, B }", "unknown_combo_item"),
        ("item A needs espresso 1\ncombo C { choose 1 from A, a }", "duplicate_combo_item"),
        ("item A needs espresso 1\ncombo C price 5", "combo_without_choices"),
        ("item A needs espresso 1\ncombo a { choose 1 from A }", "duplicate_item"),
        ("item A needs espresso 1\ncombo C { choose 0 from A }", "invalid_slot_limits"),
        ("item A needs espresso 1 demand 50% s", "demand_without_choices"),
        ("item A demand 101% s { size s needs espresso 1\n size l needs espresso 2 }", "invalid_share"),
        ("item A demand 12.345% s { size s needs espresso 1\n size l needs espresso 2 }", "invalid_share"),
        ("item A demand 70% m { size s needs espresso 1\n size l needs espresso 2 }", "unknown_demand_choice"),
        ("item A demand 70% s, 40% L { size s needs espresso 1\n size l needs espresso 2 }", "shares_above_whole"),
        ("item A needs espresso 1 demand 60% X, 60% Y { options G choose 0..1 { option X\n option Y } }", "shares_above_whole"),
    ])
    func eachBrokenRuleIsReported(source: String, code: String) {
        let codes = Compile(Self.ingredients + source).compilation.diagnostics.map(\.problem.code)
        #expect(codes == [code], "\(source)")
    }

    /// `demand` shares sizes and options by name, as percentages to the hundredth.
    @Test func demandGivesSharesOfSizesAndOptions() throws {
        let menu = try #require(Compile(Self.ingredients + """
        item "Latte" demand 70% large, 12.5% oat, 0.25% Vanilla, 100% "No sugar" {
          size small price 4000 needs espresso 1, milk 200
          size large price 5000 needs espresso 2, milk 300 default
          options "Milk" choose 1 { option "Whole" default
            option "Oat" price +500 replaces milk with oat-milk }
          options "Extras" choose 0..2 { option "Vanilla" price +300 needs vanilla 10 repeat 2 }
          options "Sugar" choose 0..1 { option "No sugar" }
        }
        item "Tea" { size cup price 1000 needs milk 10 }
        """).menu).menu
        let demand = try #require(menu.items[0].choices?.demand)
        #expect(demand.sizes == [nil, 7000])
        #expect(demand.options == [[nil, 1250], [25], [10_000]])
        #expect(menu.items[1].choices?.demand.isEmpty == true)
    }

    /// What suggesting reads of options: an ingredient's allergens, an option's tags and
    /// its own allergens; a question may ask about an option's tag.
    @Test func ingredientsAndOptionsSayWhatTheyCarry() throws {
        let menu = try #require(Compile("""
        ingredient milk stock 10 allergens milk
        ingredient oat-milk stock 10 allergens none
        ingredient syrup stock 10
        item Latte needs milk 2 allergens milk {
          options Milk choose 1 { option Whole default
            option Oat replaces milk with oat-milk tags vegan }
          options Syrup choose 0..1 { option Hazelnut needs syrup 1 allergens nuts, peanuts }
        }
        question vegan "Something vegan?" tags vegan
        """).menu).menu
        #expect(menu.ingredients.map(\.allergens) == [Allergens(.milk), Allergens(), nil])
        let groups = try #require(menu.items[0].choices?.groups)
        #expect(groups[0].options[1].tags == ["vegan"])
        #expect(groups[1].options[0].allergens == Allergens([.nuts, .peanuts]))
        #expect(menu.tags == ["vegan"])
    }

    @Test(arguments: [
        ("ingredient x stock 1 allergens milkk", "unknown_allergen"),
        ("item A needs espresso 1 { options G choose 0..1 { option X allergens shellfish } }", "ambiguous_allergen"),
        ("item A needs espresso 1 { options G choose 0..1 { option X tags cold }\n}\nquestion hot \"Hot?\" tags hot", "unused_question_tag"),
    ])
    func whatAnIngredientOrOptionCarriesIsChecked(source: String, code: String) {
        let codes = Compile(Self.ingredients + source).compilation.diagnostics.map(\.problem.code)
        #expect(codes == [code], "\(source)")
    }

    @Test func aDemandErrorSaysWhereAndWhatItMeant() {
        let rendered = Compile(Self.ingredients + """
        item "Latte" demand 70% larg { size small needs espresso 1
          size large needs espresso 2 }
        """).rendered
        #expect(rendered.contains("menu.kiosk:6:25: error: 'Latte' has no size or option 'larg'"), "\(rendered)")
        #expect(rendered.contains("= help: did you mean 'large'?"))
    }

    @Test func everyErrorAtOnceWithItsPlaceAndDidYouMean() {
        let rendered = Compile(Self.ingredients + """
        item "Latte" {
          size small price 4000 needs espresso 1, milk 200
          options "Milk" choose 3 { option "Whole" }
          options "Sugar" choose 0..1 { option "No sugar" removes suger }
        }
        combo "Set" { choose 1 from "Lattee" }
        """).rendered
        #expect(rendered.contains("menu.kiosk:8:25: error: group 'Milk' takes 3, but its options give only 1"))
        #expect(rendered.contains("menu.kiosk:9:59: error: unknown ingredient 'suger'"))
        #expect(rendered.contains("= help: did you mean 'sugar'?"))
        #expect(rendered.contains("menu.kiosk:11:29: error: unknown item 'Lattee' in the combo"))
        #expect(rendered.contains("= help: did you mean 'Latte'?"))
    }
}
