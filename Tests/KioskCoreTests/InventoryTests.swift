import KioskCore
import Testing

@Suite struct InventoryTests {
    @Test func everyFruitStartsAtTen() throws {
        let kiosk = try Fixtures.kiosk()
        for fruit in Fixtures.fruits {
            #expect(kiosk.stock(fruit) == 10)
        }
    }

    @Test func addingOneGivesEleven() throws {
        var inventory = try Fixtures.juiceMaker().initialInventory
        try inventory.add(1, to: 0)
        #expect(inventory[0] == 11)
    }

    @Test func removingTwentyFromTenIsRefusedAndChangesNothing() throws {
        var inventory = try Fixtures.juiceMaker().initialInventory
        #expect(throws: StockError.belowZero(ingredient: 4, available: 10, requested: 20)) {
            try inventory.remove(20, from: 4)
        }
        #expect(inventory[4] == 10)
    }

    @Test func intMaxIsRefusedNotATrap() throws {
        var inventory = try Fixtures.juiceMaker().initialInventory
        #expect(throws: StockError.amountOutOfRange(Int.max)) { try inventory.add(Int.max, to: 0) }
        #expect(throws: StockError.amountOutOfRange(Int.max)) { try inventory.remove(Int.max, from: 0) }
        #expect(throws: StockError.amountOutOfRange(Int.max)) { try inventory.set(Int.max, for: 0) }
        #expect(throws: StockError.amountOutOfRange(Int.min)) { try inventory.add(Int.min, to: 0) }
        #expect(inventory[0] == 10)
    }

    @Test func stockNeverPassesTheMaximum() throws {
        var inventory = Inventory(counts: [Menu.maximumQuantity - 1])
        try inventory.add(1, to: 0)
        #expect(inventory[0] == Menu.maximumQuantity)
        #expect(throws: StockError.aboveMaximum(ingredient: 0, current: Menu.maximumQuantity, requested: 1)) {
            try inventory.add(1, to: 0)
        }
    }

    @Test func setReplacesTheCount() throws {
        var inventory = Inventory(counts: [10])
        try inventory.set(0, for: 0)
        #expect(inventory[0] == 0)
        try inventory.set(Menu.maximumQuantity, for: 0)
        #expect(inventory[0] == Menu.maximumQuantity)
    }

    @Test func carryingOverKeepsSharedIngredientsByName() throws {
        let old = try Menu(name: "Old", ingredients: [Ingredient(name: "mango", initialStock: 10), Ingredient(name: "kiwi", initialStock: 10)],
                           items: [])
        let new = try Menu(name: "New", ingredients: [Ingredient(name: "Kiwi", initialStock: 50), Ingredient(name: "lime", initialStock: 7)],
                           items: [])
        let carried = Inventory.carryingOver(Inventory(counts: [3, 4]), from: old, to: new)
        #expect(carried.counts == [4, 7])
    }
}
