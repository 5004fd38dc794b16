import KioskCore

/// Runs a configuration's day `count` times with independent random streams (replication
/// r uses the seed's r-th `longJump()` block), one after another, and gathers the reports.
public enum Replications {
    public static let maximum = 1_000

    /// Each replication runs on a fresh `BoardKitchen`, staffed as configured.
    ///
    /// - Parameter observer: sees the events and customers of every replication; records
    ///   carry their replication.
    public static func run(
        menu: Menu, configuration: SimulationConfiguration, count: Int = 1, observer: SimulationObserver = SimulationObserver()
    ) throws(SimulationError) -> SimulationReport {
        guard (1...maximum).contains(count) else { throw .replicationsOutOfRange(count) }
        var block = Xoshiro256StarStar(seed: configuration.seed)
        var runs: [RunReport] = []
        for replication in 0..<count {
            var simulation = try Simulation(
                menu: menu, configuration: configuration, kitchen: BoardKitchen(menu: menu, configuration: configuration), replication: replication,
                streams: RandomStreams(block: block)
            )
            try simulation.run(observer: observer)
            runs.append(simulation.report())
            block.longJump()
        }
        return SimulationReport(menu: menu.name, configuration: configuration, runs: runs)
    }
}
