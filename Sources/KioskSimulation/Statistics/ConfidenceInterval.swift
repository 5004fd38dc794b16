/// A mean with the half-width of its two-sided 95 % confidence interval, from independent
/// replications: t(0.975, R − 1) · s / √R.
public struct ConfidenceInterval: Sendable, Equatable {
    public let mean: Double
    /// 0 with fewer than two replications: one run says nothing of its own spread.
    public let halfWidth: Double
    public let count: Int

    public init(_ statistics: RunningStatistics) {
        mean = statistics.count > 0 ? statistics.mean : 0
        count = statistics.count
        guard statistics.count > 1 else {
            halfWidth = 0
            return
        }
        let t = StudentT.quantile975(degreesOfFreedom: statistics.count - 1)
        halfWidth = t * statistics.standardDeviation / Double(statistics.count).squareRoot()
    }

    public init(values: some Sequence<Double>) {
        self.init(RunningStatistics(values))
    }

    public var lower: Double { mean - halfWidth }
    public var upper: Double { mean + halfWidth }
}
