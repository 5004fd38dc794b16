import KioskCore
import KioskSimulation
import Testing

@Suite struct CustomerCSVTests {
    @Test func aLinePerCustomerWithTimesOfDay() throws {
        let menu = try Menu(
            name: "Quotes", ingredients: [Ingredient(name: "tea", initialStock: 1)],
            items: [Item(name: "Tea, \"strong\"", recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        )
        var configuration = SimulationConfiguration(menu: menu, seed: 1)
        configuration.stations = [.init(name: "bar", staff: 1)]
        let csv = CustomerCSV(menu: menu, configuration: configuration, replications: 1)
        #expect(csv.header == "customer,arrival,start,ready,left,station,item,outcome\n")
        let served = CustomerRecord(replication: 0, customer: 1, item: 0, station: 0, arrival: 41_512, start: 41_512, end: 101_512, outcome: .served)
        #expect(csv.line(served) == "1,08:00:41.512,08:00:41.512,08:01:41.512,,bar,\"Tea, \"\"strong\"\"\",served\n")
        let left = CustomerRecord(replication: 0, customer: 2, item: 0, station: 0, arrival: 3_600_000, start: nil, end: 3_780_000, outcome: .left)
        #expect(csv.line(left) == "2,09:00:00.000,,,09:03:00.000,bar,\"Tea, \"\"strong\"\"\",left\n")
        let refused = CustomerRecord(replication: 0, customer: 3, item: 0, station: 0, arrival: 5, start: nil, end: nil, outcome: .refused)
        #expect(csv.line(refused) == "3,08:00:00.005,,,,bar,\"Tea, \"\"strong\"\"\",refused\n")
    }

    @Test func replicationsGetTheirOwnColumn() throws {
        let menu = Menu.juiceMaker
        let configuration = SimulationConfiguration(menu: menu, seed: 1)
        let csv = CustomerCSV(menu: menu, configuration: configuration, replications: 2)
        #expect(csv.header == "replication,customer,arrival,start,ready,left,station,item,outcome\n")
        let record = CustomerRecord(replication: 1, customer: 9, item: 5, station: 0, arrival: 0, start: nil, end: nil, outcome: .refused)
        #expect(csv.line(record) == "2,9,08:00:00.000,,,,counter,Mango Juice,refused\n")
    }
}
