import KioskCore
import KioskSimulation
import Testing

/// Stock-outs, lost sales, restocks, and the starting stock that would have avoided them.
@Suite struct SimulationStockTests {
    private func run(_ menu: Menu, _ configuration: SimulationConfiguration) throws -> RunReport {
        try #require(try Replications.run(menu: menu, configuration: configuration).runs.first)
    }

    @Test(arguments: [RestockPolicy.none, .every(milliseconds: 3_600_000), .low(leadMilliseconds: 900_000), .low(leadMilliseconds: 0)])
    func theRecommendedStartingStockAvoidsEveryStockOut(policy: RestockPolicy) throws {
        let configuration = Support.juiceDay(seed: 42, restock: policy)
        let first = try run(Menu.juiceMaker, configuration)
        #expect(first.refused > 0)
        #expect(first.ingredients.contains { $0.firstShort != nil && $0.lostOrders > 0 })
        let recommended = first.ingredients.map(\.sufficientStartingStock)
        let second = try run(try Support.menu(Menu.juiceMaker, startingStock: recommended), configuration)
        #expect(second.refused == 0)
        #expect(second.arrived == first.arrived)
        #expect(second.ingredients.allSatisfy { $0.firstShort == nil && $0.lostOrders == 0 })
        #expect(second.ingredients.map(\.sufficientStartingStock) == recommended)
    }

    @Test(arguments: [RestockPolicy.none, .every(milliseconds: 3_600_000)])
    func oneLessOfAnyUsedIngredientRunsOut(policy: RestockPolicy) throws {
        let configuration = Support.juiceDay(seed: 42, restock: policy)
        let recommended = try run(Menu.juiceMaker, configuration).ingredients.map(\.sufficientStartingStock)
        for index in recommended.indices where recommended[index] > 0 {
            var less = recommended
            less[index] -= 1
            let shorter = try run(try Support.menu(Menu.juiceMaker, startingStock: less), configuration)
            #expect(shorter.ingredients[index].lostOrders > 0, "ingredient \(index)")
        }
    }

    @Test func withoutRestockDemandIsWhatWasUsedPlusWhatWasRefused() throws {
        var demanded = Array(repeating: 0, count: Menu.juiceMaker.ingredients.count)
        var refusedNeeds = demanded
        var records: [CustomerRecord] = []
        let configuration = Support.juiceDay(seed: 5)
        let report = try Replications.run(menu: Menu.juiceMaker, configuration: configuration, observer: SimulationObserver(customer: { records.append($0) }))
        let run = try #require(report.runs.first)
        for record in records {
            for component in Menu.juiceMaker.items[record.item].recipe.components {
                demanded[component.ingredient] += component.quantity
                if record.outcome == .refused { refusedNeeds[component.ingredient] += component.quantity }
            }
        }
        #expect(run.ingredients.map(\.demand) == demanded)
        #expect(run.ingredients.map { $0.demand - $0.used } == refusedNeeds)
        #expect(run.ingredients.map(\.used).allSatisfy { $0 <= 10 })
        #expect(records.filter { $0.outcome == .refused }.count == run.refused)
    }

    @Test func refillsBringStockBackToTheStart() throws {
        var events: [Event] = []
        let configuration = Support.juiceDay(seed: 6, restock: .every(milliseconds: 3_600_000))
        let report = try Replications.run(menu: Menu.juiceMaker, configuration: configuration, observer: SimulationObserver(event: { events.append($0) }))
        let restocks = events.compactMap { event -> StockChanged? in
            if case .stockChanged(let change) = event.payload { change } else { nil }
        }
        #expect(!restocks.isEmpty)
        #expect(restocks.allSatisfy { $0.reason == .restock && $0.to == 10 && $0.from < 10 })
        // Refills come on the hour, from opening, while the doors are open.
        let opening = SimulationConfiguration.defaultDay.millisecondsSince1970 + SimulationConfiguration.defaultOpeningTime
        #expect(events.filter { $0.type == .stockChanged }.allSatisfy { ($0.time.millisecondsSince1970 - opening) % 3_600_000 == 0 })
        #expect(report.runs[0].ingredients.map(\.restocks).reduce(0, +) == restocks.count)
    }
}
