import Foundation
import KioskCore
import KioskSimulation
import Testing

@Suite struct ReportJSONTests {
    private func object(_ report: SimulationReport) throws -> [String: Any] {
        let data = Data(ReportJSON.render(report).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func oneRunIsAValidObjectWithEveryFigure() throws {
        let report = try Replications.run(menu: Menu.juiceMaker, configuration: ReportTextTests.day(seed: 42))
        let json = try object(report)
        #expect(json["menu"] as? String == "Juice Maker")
        #expect(json["seed"] as? Int == 42)
        #expect(json["summary"] is NSNull)
        let configuration = try #require(json["configuration"] as? [String: Any])
        #expect(configuration["arrivals"] as? String == "08:00 60/h, 09:00 90/h")
        #expect(configuration["restock"] as? String == "low:20m")
        #expect(configuration["patience"] as? String == "3m")
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        let figures = try #require(report.runs.first)
        #expect(run["arrived"] as? Int == figures.arrived)
        #expect(run["refused"] as? Int == figures.refused)
        let stations = try #require(run["stations"] as? [[String: Any]])
        #expect(stations.map { $0["name"] as? String } == ["juicer", "blender"])
        let wait = try #require(stations[0]["waitInQueue"] as? [String: Any])
        #expect(abs((wait["meanSeconds"] as? Double ?? -1) - figures.stations[0].waitInQueue.mean / 1000) < 0.0005)
        let ingredients = try #require(run["ingredients"] as? [[String: Any]])
        #expect(ingredients.map { $0["sufficientStartingStock"] as? Int } == figures.ingredients.map(\.sufficientStartingStock))
        let firstShort = try #require(ingredients.first?["firstShort"] as? String)
        #expect(firstShort.hasPrefix("08:04:17.") && firstShort.count == 12)
        let little = try #require(run["littlesLaw"] as? [String: Any])
        #expect(little["averageInSystem"] as? Double == little["lambdaW"] as? Double)
        #expect((run["hours"] as? [Any])?.count == 2)
    }

    @Test func replicationsHaveASummaryWithIntervals() throws {
        let report = try Replications.run(menu: Menu.juiceMaker, configuration: ReportTextTests.day(seed: 42), count: 4)
        let json = try object(report)
        #expect((json["runs"] as? [Any])?.count == 4)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["replications"] as? Int == 4)
        let served = try #require(summary["served"] as? [String: Any])
        let interval = try #require(report.summary?.served)
        #expect(abs((served["mean"] as? Double ?? -1) - interval.mean) < 0.00005)
        #expect(abs((served["halfWidth"] as? Double ?? -1) - interval.halfWidth) < 0.00005)
        let stock = try #require(summary["sufficientStartingStock"] as? [String: Int])
        #expect(stock.count == 5)
    }
}
