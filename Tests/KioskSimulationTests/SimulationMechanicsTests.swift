import KioskCore
import KioskSimulation
import Testing

/// Every customer's times, checked against the queueing discipline itself.
@Suite struct SimulationMechanicsTests {
    private func records(_ menu: Menu, _ configuration: SimulationConfiguration) throws -> [CustomerRecord] {
        var records: [CustomerRecord] = []
        _ = try Replications.run(menu: menu, configuration: configuration, observer: SimulationObserver(customer: { records.append($0) }))
        return records.sorted { $0.customer < $1.customer }
    }

    @Test func everyTicketStartsWhenTheFirstServerIsFreeFirstComeFirstServed() throws {
        for servers in [1, 3] {
            let (menu, configuration) = try Support.queue(servers: servers, perHour: Int64(50 * servers), customers: 5_000, seed: 7)
            let records = try records(menu, configuration)
            #expect(records.count == 5_000)
            var free = Array(repeating: Int64(0), count: servers) // when each server is next free
            var service = RunningStatistics()
            for record in records {
                let start = try #require(record.start)
                let ready = try #require(record.end)
                let earliest = try #require(free.indices.min { free[$0] < free[$1] })
                #expect(start == max(record.arrival, free[earliest]), "customer \(record.customer)")
                free[earliest] = ready
                service.add(Double(ready - start))
            }
            // Exponential with mean 60 s: the standard error over 5,000 is 0.85 s.
            #expect(abs(service.mean - 60_000) < 3_000)
        }
    }

    @Test func impatientCustomersLeaveExactlyWhenTheirPatienceRunsOut() throws {
        var (menu, configuration) = try Support.queue(servers: 1, perHour: 120, customers: 2_000, seed: 8)
        configuration.service = .fixed
        configuration.patience = .fixed(milliseconds: 120_000)
        let records = try records(menu, configuration)
        let left = records.filter { $0.outcome == .left }
        let served = records.filter { $0.outcome == .served }
        #expect(left.count > 100)
        #expect(left.allSatisfy { $0.end == $0.arrival + 120_000 && $0.start == nil })
        #expect(served.allSatisfy { ($0.start ?? .max) - $0.arrival <= 120_000 })
        #expect(served.allSatisfy { ($0.end ?? 0) - ($0.start ?? 0) == 60_000 })
    }

    @Test func doorsCloseAtTheHourButCustomersInsideAreServed() throws {
        var (menu, configuration) = try Support.queue(servers: 1, perHour: 90, customers: 1, seed: 9)
        configuration.stop = .duration(milliseconds: 2 * 3_600_000)
        var records: [CustomerRecord] = []
        let report = try Replications.run(menu: menu, configuration: configuration, observer: SimulationObserver(customer: { records.append($0) }))
        let run = try #require(report.runs.first)
        #expect(records.allSatisfy { $0.arrival < 2 * 3_600_000 })
        #expect(run.served == run.arrived)
        let lastReady = records.compactMap(\.end).max() ?? 0
        #expect(run.duration == max(lastReady, 2 * 3_600_000))
        #expect(run.hours.count == Int((run.duration + 3_599_999) / 3_600_000))
        #expect(run.hours.map(\.arrivals).reduce(0, +) == run.arrived)
    }

    @Test func aVerySlowRateStillEndsWithinAYearAndKeepsItsHoursBounded() throws {
        var (menu, configuration) = try Support.queue(servers: 1, perHour: 1, customers: 1_000_000, seed: 13)
        configuration.arrivals = .constant(try ArrivalRate.parse("0.000001/s")) // one every 11.6 days
        let run = try #require(try Replications.run(menu: menu, configuration: configuration).runs.first)
        #expect(run.arrived > 10 && run.arrived < 60) // Poisson(31.6)
        #expect(run.duration <= SimulationConfiguration.maximumDuration + 24 * 3_600_000)
        #expect(run.hours.count <= TimeWeightedCount.maximumHours)
        #expect(run.hours.map(\.arrivals).reduce(0, +) == run.arrived)
    }

    @Test func changingPatienceOrRestockLeavesArrivalsAndChoicesAlone() throws {
        let plain = Support.juiceDay(seed: 10)
        var other = plain
        other.patience = .exponential(meanMilliseconds: 60_000)
        other.restock = .low(leadMilliseconds: 0)
        let a = try records(Menu.juiceMaker, plain)
        let b = try records(Menu.juiceMaker, other)
        #expect(a.count == b.count)
        #expect(a.map(\.arrival) == b.map(\.arrival))
        #expect(a.map(\.item) == b.map(\.item))
        #expect(a.map(\.outcome) != b.map(\.outcome))
    }

    @Test func eventsCarrySimulatedTimesAndTheCoresSequence() throws {
        var configuration = Support.juiceDay(seed: 11, restock: .low(leadMilliseconds: 300_000))
        configuration.stop = .duration(milliseconds: 3_600_000)
        var events: [Event] = []
        let report = try Replications.run(menu: Menu.juiceMaker, configuration: configuration, observer: SimulationObserver(event: { events.append($0) }))
        let run = try #require(report.runs.first)
        let opening = SimulationConfiguration.defaultDay.millisecondsSince1970 + SimulationConfiguration.defaultOpeningTime
        #expect(events.first?.time.iso8601.hasPrefix("2026-01-01T08:") == true)
        // The day ends with the last ticket picked up, at its very end.
        #expect(events.allSatisfy { $0.time.millisecondsSince1970 >= opening && $0.time.millisecondsSince1970 <= opening + run.duration })
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time && $0.sequence + 1 == $1.sequence })
        #expect(events.filter { $0.type == .orderSucceeded }.count == run.served + run.left)
        #expect(events.filter { $0.type == .orderFailed }.count == run.refused)
        #expect(events.filter { $0.type == .stockChanged }.count == run.ingredients.map(\.restocks).reduce(0, +))
        #expect(events.contains { $0.type == .restockNeeded })
        for type in [EventType.ticketStarted, .ticketReady, .ticketPickedUp] {
            #expect(events.filter { $0.type == type }.count == run.served, "\(type)")
        }
    }

    @Test func steppingWithAPaceGivesTheSameDay() throws {
        let configuration = Support.juiceDay(seed: 12, restock: .every(milliseconds: 3_600_000))
        let whole = try Replications.run(menu: Menu.juiceMaker, configuration: configuration)
        var simulation = try Simulation(menu: Menu.juiceMaker, configuration: configuration, kitchen: BoardKitchen(menu: Menu.juiceMaker, configuration: configuration))
        let pace = try #require(Pace(factor: 600)) // ten simulated minutes a real second
        var real: Int64 = 0
        var steps = 0
        while try !simulation.run(until: pace.simulatedLimit(afterRealMilliseconds: real)) {
            let next = try #require(simulation.nextEventTime)
            #expect(next > pace.simulatedLimit(afterRealMilliseconds: real))
            #expect(simulation.now <= next)
            real = pace.realMilliseconds(toReach: next) // the caller would sleep until then
            #expect(pace.simulatedLimit(afterRealMilliseconds: real) >= next)
            steps += 1
        }
        #expect(steps > 100)
        #expect(simulation.report() == whole.runs[0])
    }

    @Test func badConfigurationsAreErrorsWithTheirText() throws {
        let menu = Menu.juiceMaker
        var configuration = SimulationConfiguration(menu: menu, seed: 1)
        configuration.items[2].station = 4
        #expect(throws: SimulationError.unknownStation(item: "Kiwi Juice", station: 4)) { try Simulation(menu: menu, configuration: configuration, kitchen: BoardKitchen(menu: menu, configuration: configuration)) }
        configuration = SimulationConfiguration(menu: menu, seed: 1)
        configuration.items = configuration.items.map { var item = $0; item.popularity = 0; return item }
        #expect(throws: SimulationError.nothingPopular) { try Replications.run(menu: menu, configuration: configuration) }
        configuration = SimulationConfiguration(menu: menu, seed: 1)
        configuration.stations[0].staff = 0
        #expect(throws: SimulationError.staffOutOfRange(station: "counter", staff: 0)) { try Replications.run(menu: menu, configuration: configuration) }
        #expect(throws: SimulationError.replicationsOutOfRange(0)) { try Replications.run(menu: menu, configuration: SimulationConfiguration(menu: menu, seed: 1), count: 0) }
        #expect(SimulationError.unknownStation(item: "Kiwi Juice", station: 4).message == "'Kiwi Juice' is made at station 4, which does not exist")
        #expect(SimulationError.preparationOutOfRange(item: "Tea", milliseconds: 90_000_000).message == "'Tea' takes 25h to prepare: at most 24h")
    }
}
