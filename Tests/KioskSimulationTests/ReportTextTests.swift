import Foundation
import KioskCore
import KioskSimulation
import Testing

@Suite struct ReportTextTests {
    /// Two stations (one person at the juicer, two at the blender), a rising profile,
    /// exponential preparation, 3 minutes' patience and refills 20 minutes after a low
    /// mark: every part of the report has something to show.
    static func day(seed: UInt64) throws -> SimulationConfiguration {
        var configuration = SimulationConfiguration(menu: Menu.juiceMaker, seed: seed)
        configuration.stations = [.init(name: "juicer", staff: 1), .init(name: "blender", staff: 2)]
        configuration.items = (0..<7).map { .init(station: $0 % 2, preparationMilliseconds: $0 % 2 == 0 ? 60_000 : 90_000, popularity: $0 + 1) }
        configuration.arrivals = try Arrivals.parse("08:00 60/h, 09:00 90/h")
        configuration.stop = .duration(milliseconds: 2 * 3_600_000)
        configuration.service = .exponential
        configuration.patience = .fixed(milliseconds: 180_000)
        configuration.restock = .low(leadMilliseconds: 1_200_000)
        return configuration
    }

    @Test func aDayReadsAsThis() throws {
        let report = try Replications.run(menu: Menu.juiceMaker, configuration: Self.day(seed: 42))
        #expect(ReportText.render(report) == Self.single)
    }

    @Test func replicationsReadAsThis() throws {
        let report = try Replications.run(menu: Menu.juiceMaker, configuration: Self.day(seed: 42), count: 3)
        #expect(ReportText.render(report) == Self.replicated)
    }

    @Test func aDayStoppedEarlySaysHowManyCustomersWereStillInside() throws {
        var configuration = try Self.day(seed: 42)
        configuration.arrivals = .constant(ArrivalRate(perHour: 600))
        var simulation = try Simulation(menu: Menu.juiceMaker, configuration: configuration, kitchen: BoardKitchen(menu: Menu.juiceMaker, configuration: configuration))
        #expect(try simulation.run(until: 3 * 60_000) == false)
        let run = simulation.report()
        let inside = run.arrived - run.served - run.refused - run.left
        #expect(inside > 0)
        let text = ReportText.render(SimulationReport(menu: "Juice Maker", configuration: configuration, runs: [run]))
        #expect(text.contains(
            "\nCustomers: \(run.arrived) arrived, \(run.served) served, \(run.refused) refused (out of stock), \(run.left) left (out of patience), "
                + "\(inside) still inside (stopped early)\n"
        ))
        let whole = ReportText.render(try Replications.run(menu: Menu.juiceMaker, configuration: configuration))
        #expect(!whole.contains("still inside"))
    }

    @Test func aDayWithoutCustomersHasNoHourlyChart() throws {
        var configuration = try Self.day(seed: 42)
        configuration.arrivals = .constant(ArrivalRate(perHour: 0))
        configuration.stop = .customers(5)
        let text = ReportText.render(try Replications.run(menu: Menu.juiceMaker, configuration: configuration))
        #expect(text.contains("Customers: 0 arrived, 0 served, 0 refused (out of stock), 0 left (out of patience)\n"))
        #expect(text.hasSuffix("λ·W = 0.0/h × 0ms = 0.00\n"))
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedDoesNot() throws {
        let first = try Replications.run(menu: Menu.juiceMaker, configuration: Self.day(seed: 7), count: 2)
        let second = try Replications.run(menu: Menu.juiceMaker, configuration: Self.day(seed: 7), count: 2)
        let other = try Replications.run(menu: Menu.juiceMaker, configuration: Self.day(seed: 8), count: 2)
        #expect(Array(ReportText.render(first).utf8) == Array(ReportText.render(second).utf8))
        #expect(Array(ReportJSON.render(first).utf8) == Array(ReportJSON.render(second).utf8))
        #expect(ReportText.render(first) != ReportText.render(other))
        #expect(ReportJSON.render(first) != ReportJSON.render(other))
    }

    static let single = """
        kiosk simulate: Juice Maker, seed 42
        2h from 08:00 · arrivals 08:00 60/h, 09:00 90/h · service exponential · patience 3m · restock low:20m

        Customers: 147 arrived, 50 served, 97 refused (out of stock), 0 left (out of patience)

        station  staff  served  left  utilisation  waited  longest queue
        juicer       1      23     0       15.9 %  13.0 %              2
        blender      2      27     0       16.7 %  11.1 %              1

        wait in queue  mean  median    p90    max
        juicer         8.4s     0ms  26.0s  1m34s
        blender        5.8s     0ms  31.6s  1m25s
        all stations   7.0s     0ms  26.0s  1m34s

        time in system   mean  median    p90    max
        juicer          58.2s   47.4s  1m47s  3m09s
        blender         1m35s   1m09s  3m30s  6m21s
        all stations    1m18s   58.1s  2m49s  6m21s

        ingredient  start  demand  used  first short  lost orders  restocks  enough
        strawberry     10     352    50     08:04:17           26         5     352
        banana         10      46    19     09:02:40           10         2      46
        pineapple      10      58    30     08:53:13           14         3      58
        kiwi           10      70    30     08:25:44           15         3      70
        mango          10     158    39     08:17:11           42         4     158
        enough: the starting stock that would have avoided every stock-out of this run.

        Little's law: L = 0.54 customers in the system on average; λ·W = 25.0/h × 1m18s = 0.54

        Customers waiting each hour: average (peak)
        08:00 |                                         0.00 (0)
        09:00 |######################################## 0.10 (2)

        """

    static let replicated = """
        kiosk simulate: Juice Maker, seed 42
        2h from 08:00 · arrivals 08:00 60/h, 09:00 90/h · service exponential · patience 3m · restock low:20m · 3 replications

        Across 3 replications: mean ± half-width of the 95 % confidence interval

        arrived                        147.7  ±   15.0
        served                          50.7  ±    2.9
        refused                         96.3  ±   10.0
        left                             0.7  ±    2.9
        wait in queue, mean             5.9s  ±   4.8s
        wait in queue, p90             11.8s  ±  31.6s
        time in system, mean           1m22s  ±  24.8s
        in the system on average        0.59  ±   0.25
        juicer: utilisation           17.8 %  ±  4.5 %
        juicer: waited                17.4 %  ±  9.4 %
        juicer: wait in queue, mean     9.8s  ±  10.3s
        blender: utilisation          17.5 %  ±  6.6 %
        blender: waited                8.1 %  ±  6.6 %
        blender: wait in queue, mean    3.3s  ±   5.6s

        ingredient  start  enough
        strawberry     10     416
        banana         10      60
        pineapple      10      58
        kiwi           10      71
        mango          10     163
        enough: the starting stock that would have avoided every stock-out of every replication.

        """
}
