import KioskCore

/// What one simulated day came to. Times are milliseconds (since opening, for points in
/// time); every figure is computed from the run's own events, exactly and deterministically.
public struct RunReport: Sendable, Equatable {
    /// A distribution of times in milliseconds: the mean exact, the quantiles within 1 %.
    public struct Times: Sendable, Equatable {
        public let count: Int
        public let mean: Double
        public let median: Double
        public let p90: Double
        public let maximum: Double

        public static let empty = Times(count: 0, mean: 0, median: 0, p90: 0, maximum: 0)

        public init(count: Int, mean: Double, median: Double, p90: Double, maximum: Double) {
            self.count = count
            self.mean = mean
            self.median = median
            self.p90 = p90
            self.maximum = maximum
        }
    }

    public struct Station: Sendable, Equatable {
        public let name: String
        public let staff: Int
        public let served: Int
        public let left: Int
        /// The fraction of staff time spent preparing.
        public let utilisation: Double
        /// The fraction of served customers whose ticket did not start at once.
        public let probabilityOfWaiting: Double
        /// From order to start of preparation, for served customers.
        public let waitInQueue: Times
        /// From order to ready, for served customers.
        public let timeInSystem: Times
        public let longestQueue: Int
    }

    public struct Ingredient: Sendable, Equatable {
        public let name: String
        public let startingStock: Int
        /// What every customer's order needed, refused orders included.
        public let demand: Int
        /// What made orders took.
        public let used: Int
        /// When an order was first refused for lack of it.
        public let firstShort: Int64?
        /// Orders refused for lack of it (an order short of two ingredients counts for both).
        public let lostOrders: Int
        /// Refills that added stock.
        public let restocks: Int
        /// The starting stock that would have avoided every stock-out of this run, with the
        /// same customers and the same restock policy (see `StockTally`).
        public let sufficientStartingStock: Int
    }

    /// An option of an item that could not be had from a time on: the first order short of
    /// the ingredient it adds or substitutes. Ingredient-level sold-out forecasting.
    public struct OptionOut: Sendable, Equatable {
        public let item: String
        public let option: String
        public let ingredient: String
        /// Milliseconds since opening.
        public let time: Int64

        public init(item: String, option: String, ingredient: String, time: Int64) {
            self.item = item
            self.option = option
            self.ingredient = ingredient
            self.time = time
        }
    }

    /// One hour from opening (the 10,000th takes the rest of a longer run).
    public struct Hour: Sendable, Equatable {
        /// Milliseconds since opening.
        public let start: Int64
        public let arrivals: Int
        /// The time-average number of customers waiting for their ticket to start.
        public let averageWaiting: Double
        public let peakWaiting: Int
    }

    /// L = λW over the run: the time-average number of customers in the system beside the
    /// rate at which they entered times their mean time in it. Customers whose order was
    /// made count (served and left); refused ones never entered.
    public struct LittlesLaw: Sendable, Equatable {
        public let averageInSystem: Double
        public let arrivalsPerHour: Double
        /// Milliseconds.
        public let meanTimeInSystem: Double

        /// λ·W.
        public var product: Double { arrivalsPerHour / 3_600_000 * meanTimeInSystem }
    }

    /// What the checkout took, on a menu with a `checkout`: payments and revenue by tender,
    /// the declined cards, and the card readers as a station.
    public struct Checkout: Sendable, Equatable {
        public let cardPayments: Int
        /// Cash payments, the declined cards' among them.
        public let cashPayments: Int
        /// Cards the reader declined; each was then paid in cash.
        public let declines: Int
        /// Served customers whose order had nothing to pay.
        public let unpaid: Int
        public let cardRevenue: Money
        /// What the drawer took, cash rounding included.
        public let cashRevenue: Money
        /// What cash rounding added (negative: took off).
        public let cashRounding: Money
        /// The readers: their staff the readers, their service the reader's latency.
        public let reader: Station

        public var payments: Int { cardPayments + cashPayments }
        public var revenue: Money { Money(hundredths: cardRevenue.hundredths.addingReportingOverflow(cashRevenue.hundredths).partialValue) }
    }

    /// From 0.
    public let replication: Int
    /// From opening to the last customer's departure, or to closing time if later.
    public let duration: Int64
    public let arrived: Int
    public let served: Int
    public let refused: Int
    public let left: Int
    public let stations: [Station]
    /// Every station together.
    public let waitInQueue: Times
    public let timeInSystem: Times
    public let ingredients: [Ingredient]
    public let littlesLaw: LittlesLaw
    public let hours: [Hour]
    /// The options whose ingredient ran out, the first first; empty without options.
    public var optionsOut: [OptionOut] = []
    /// `nil` on a menu without a `checkout`.
    public var checkout: Checkout?
}
