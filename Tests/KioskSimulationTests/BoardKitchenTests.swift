import KioskCore
import KioskSimulation
import Testing

/// The REPL's board as the simulator's kitchen, against the reference `FIFOKitchen`:
/// the same seed must give every customer the same outcome and the same times.
@Suite struct BoardKitchenTests {
    private func records(_ menu: Menu, _ configuration: SimulationConfiguration, board: Bool) throws -> [CustomerRecord] {
        var records: [CustomerRecord] = []
        let staff = configuration.stations.map(\.staff)
        let observer = SimulationObserver(customer: { records.append($0) })
        _ = try Replications.run(
            menu: menu, configuration: configuration, count: 2,
            kitchen: { _ -> any Kitchen in board ? BoardKitchen(menu: menu, configuration: configuration) : FIFOKitchen(servers: staff) }, observer: observer
        )
        return records
    }

    private func configurations() throws -> [(String, Menu, SimulationConfiguration)] {
        var result: [(String, Menu, SimulationConfiguration)] = []
        let (menu, mm3) = try Support.queue(servers: 3, perHour: 170, customers: 6_000, seed: 11)
        result.append(("M/M/3 near saturation", menu, mm3))
        var impatient = try Support.queue(servers: 2, perHour: 150, customers: 4_000, seed: 12).1
        impatient.patience = .exponential(meanMilliseconds: 90_000)
        result.append(("M/M/2 with exponential patience", menu, impatient))
        var fixed = try Support.queue(servers: 1, perHour: 70, customers: 5_000, seed: 13).1
        fixed.service = .fixed
        fixed.patience = .fixed(milliseconds: 120_000)
        result.append(("M/D/1 with fixed patience: ties at every minute", menu, fixed))
        var twoStations = Support.juiceDay(seed: 14, restock: .low(leadMilliseconds: 300_000))
        twoStations.stations = [.init(name: "blender", staff: 2), .init(name: "counter", staff: 1)]
        twoStations.items = Menu.juiceMaker.items.indices.map { .init(station: $0 % 2, preparationMilliseconds: 45_000, popularity: $0 + 1) }
        twoStations.service = .exponential
        twoStations.arrivals = .constant(ArrivalRate(perHour: 150))
        twoStations.patience = .fixed(milliseconds: 240_000)
        result.append(("two stations, stock-outs and restocks", Menu.juiceMaker, twoStations))
        return result
    }

    @Test func everyCustomerHasTheSameOutcomeAndTimesOnTheBoardAsOnTheReferenceKitchen() throws {
        for (name, menu, configuration) in try configurations() {
            let board = try records(menu, configuration, board: true)
            let reference = try records(menu, configuration, board: false)
            #expect(board.count == reference.count, "\(name)")
            #expect(Set(reference.map(\.outcome)).count > 1 || configuration.patience == .unlimited, "\(name)")
            let key = { (record: CustomerRecord) in [record.replication, record.customer] }
            let sortedBoard = board.sorted { key($0).lexicographicallyPrecedes(key($1)) }
            let sortedReference = reference.sorted { key($0).lexicographicallyPrecedes(key($1)) }
            let mismatch = zip(sortedBoard, sortedReference).first { $0 != $1 }
            #expect(mismatch == nil, "\(name): first difference \(String(describing: mismatch))")
        }
    }

    @Test func theDefaultKitchenIsTheBoard() throws {
        let (menu, configuration) = try Support.queue(servers: 2, perHour: 100, customers: 2_000, seed: 15)
        var viaDefault: [CustomerRecord] = []
        _ = try Replications.run(menu: menu, configuration: configuration, observer: SimulationObserver(customer: { viaDefault.append($0) }))
        var viaBoard: [CustomerRecord] = []
        _ = try Replications.run(
            menu: menu, configuration: configuration, count: 1, kitchen: { _ in BoardKitchen(menu: menu, configuration: configuration) },
            observer: SimulationObserver(customer: { viaBoard.append($0) })
        )
        #expect(viaDefault == viaBoard)
    }

    @Test func theBoardKeepsNothingPerTicketOnceItIsDone() {
        var kitchen = BoardKitchen(stations: [.init(name: "bar", staff: 2)], itemNames: ["Tea"])
        var started: [TicketStart] = []
        for slot in 0..<500 as Range<Int32> {
            let id = TicketID(slot: slot % 7, generation: UInt32(slot / 7))
            let time = Timestamp(millisecondsSince1970: Int64(slot) * 1_000)
            kitchen.submit(KitchenTicket(id: id, station: 0, item: 0, preparationMilliseconds: 500), at: time, started: &started)
            kitchen.finish(id, at: time.adding(milliseconds: 500), started: &started)
        }
        #expect(started.count == 500)
        #expect(kitchen.board.count(.pickedUp) == 500)
        #expect(kitchen.board.count(.queued) + kitchen.board.count(.preparing) + kitchen.board.count(.ready) == 0)
        #expect(kitchen.board.activeTickets.isEmpty)
        #expect(kitchen.board.recallable.isEmpty)
        #expect(kitchen.board.ticket(500) == nil)
        #expect(kitchen.board.state(of: 500) == .pickedUp)
    }
}
