/// How the board did: per station, how long tickets took from order to ready and to
/// pickup; how many were late or cancelled; what was wasted.
public struct BoardReport: Sendable, Hashable {
    /// Durations in milliseconds. Median and 90th percentile by nearest rank.
    public struct Times: Sendable, Hashable {
        public let count: Int
        public let mean: Int64
        public let median: Int64
        public let p90: Int64

        public init(count: Int, mean: Int64, median: Int64, p90: Int64) {
            self.count = count
            self.mean = mean
            self.median = median
            self.p90 = p90
        }

        /// The summary of `samples`, or `nil` when there are none.
        public init?(_ samples: [Int64]) {
            guard !samples.isEmpty else { return nil }
            let sorted = samples.sorted()
            var sum = 0.0
            for sample in sorted { sum += Double(sample) }
            self.init(
                count: sorted.count, mean: Int64((sum / Double(sorted.count)).rounded(.down)),
                median: Times.rank(50, of: sorted), p90: Times.rank(90, of: sorted)
            )
        }

        /// The nearest-rank percentile: the smallest sample with at least `percent`% of
        /// the samples at or below it.
        static func rank(_ percent: Int, of sorted: [Int64]) -> Int64 {
            let rank = (percent * sorted.count + 99) / 100
            return sorted[max(rank, 1) - 1]
        }
    }

    /// One station: tickets with a line there count for it, with the ticket's times.
    public struct Station: Sendable, Hashable {
        public let name: String
        public let staff: Int
        public let orderToReady: Times?
        public let orderToPickup: Times?
        public let late: Int

        public init(name: String, staff: Int, orderToReady: Times?, orderToPickup: Times?, late: Int) {
            self.name = name
            self.staff = staff
            self.orderToReady = orderToReady
            self.orderToPickup = orderToPickup
            self.late = late
        }
    }

    public let stations: [Station]
    /// Tickets that went late, each once.
    public let late: Int
    public let cancelled: Int
    /// Ingredients of tickets cancelled after they were started.
    public let waste: [IngredientCount]

    public init(stations: [Station], late: Int, cancelled: Int, waste: [IngredientCount]) {
        self.stations = stations
        self.late = late
        self.cancelled = cancelled
        self.waste = waste
    }
}
