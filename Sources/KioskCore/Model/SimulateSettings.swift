/// What a menu's `simulate { … }` block says about its customers. Only `kiosk simulate`
/// reads it (its `--arrivals` overrides it); the REPL takes orders as they come.
public struct SimulateSettings: Sendable, Hashable {
    /// When customers come.
    public enum Arrivals: Sendable, Hashable {
        /// One rate all day: `arrivals 60/h`.
        case constant(ArrivalRate)
        /// Rates from times of day, each holding from its time until the next one's and
        /// the last to the end of the run: `arrivals 07:00 180/h, 09:00 60/h`. The times
        /// strictly increase.
        case timesOfDay([Step])
    }

    /// One rate of a day, from `start` on.
    public struct Step: Sendable, Hashable {
        /// Milliseconds since midnight.
        public let start: Int64
        public let rate: ArrivalRate

        public init(start: Int64, rate: ArrivalRate) {
            self.start = start
            self.rate = rate
        }
    }

    public let arrivals: Arrivals

    public init(arrivals: Arrivals) {
        self.arrivals = arrivals
    }
}
