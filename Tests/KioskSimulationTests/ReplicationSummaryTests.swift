import KioskCore
import KioskSimulation
import Testing

@Suite struct ReplicationSummaryTests {
    @Test func intervalsAreOverTheReplicationsAndTheFirstIsThePlainRun() throws {
        let (menu, configuration) = try Support.queue(servers: 1, perHour: 30, customers: 500, seed: 42)
        let report = try Replications.run(menu: menu, configuration: configuration, count: 5)
        let single = try Replications.run(menu: menu, configuration: configuration)
        #expect(report.runs[0] == single.runs[0])
        #expect(Set(report.runs.map(\.waitInQueue.mean)).count == 5)
        let summary = try #require(report.summary)
        let waits = report.runs.map(\.waitInQueue.mean)
        #expect(summary.meanWaitInQueue == ConfidenceInterval(values: waits))
        #expect(summary.meanWaitInQueue.halfWidth > 0)
        #expect(summary.served.mean == 500 && summary.served.halfWidth == 0)
        #expect(summary.stations.map(\.name) == ["bar"])
        #expect(single.summary == nil)
    }

    @Test func theSufficientStockIsTheMostAnyReplicationNeeded() throws {
        let report = try Replications.run(menu: Menu.juiceMaker, configuration: Support.juiceDay(seed: 3), count: 3)
        let summary = try #require(report.summary)
        for index in Menu.juiceMaker.ingredients.indices {
            #expect(summary.sufficientStartingStock[index] == report.runs.map { $0.ingredients[index].sufficientStartingStock }.max())
        }
    }
}
