/// The report of `kiosk simulate`: the configuration, each replication's day, and across
/// replications the means with their 95 % confidence intervals.
public struct SimulationReport: Sendable, Equatable {
    public let menu: String
    public let configuration: SimulationConfiguration
    public let runs: [RunReport]

    public init(menu: String, configuration: SimulationConfiguration, runs: [RunReport]) {
        self.menu = menu
        self.configuration = configuration
        self.runs = runs
    }

    /// Across replications; `nil` for a single run.
    public var summary: ReplicationSummary? {
        runs.count > 1 ? ReplicationSummary(runs) : nil
    }
}
