/// Figures across independent replications: each a mean with its 95 % confidence interval
/// (Student's t with R − 1 degrees of freedom).
public struct ReplicationSummary: Sendable, Equatable {
    public struct Station: Sendable, Equatable {
        public let name: String
        public let utilisation: ConfidenceInterval
        public let meanWaitInQueue: ConfidenceInterval
        public let probabilityOfWaiting: ConfidenceInterval
    }

    /// The checkout's figures, on a menu with a `checkout`.
    public struct Checkout: Sendable, Equatable {
        public let cardPayments: ConfidenceInterval
        public let cashPayments: ConfidenceInterval
        public let declines: ConfidenceInterval
        /// In hundredths of the currency.
        public let revenue: ConfidenceInterval
        public let readerUtilisation: ConfidenceInterval
        /// Milliseconds.
        public let readerMeanWait: ConfidenceInterval
    }

    public let replications: Int
    public let arrived: ConfidenceInterval
    public let served: ConfidenceInterval
    public let refused: ConfidenceInterval
    public let left: ConfidenceInterval
    /// Milliseconds.
    public let meanWaitInQueue: ConfidenceInterval
    public let p90WaitInQueue: ConfidenceInterval
    public let meanTimeInSystem: ConfidenceInterval
    public let averageInSystem: ConfidenceInterval
    public let stations: [Station]
    /// Per ingredient, the most any replication needed: enough for every one of them.
    public let sufficientStartingStock: [Int]
    /// `nil` without a `checkout`.
    public let checkout: Checkout?

    public init(_ runs: [RunReport]) {
        func interval(_ figure: (RunReport) -> Double) -> ConfidenceInterval {
            ConfidenceInterval(values: runs.map(figure))
        }
        replications = runs.count
        arrived = interval { Double($0.arrived) }
        served = interval { Double($0.served) }
        refused = interval { Double($0.refused) }
        left = interval { Double($0.left) }
        meanWaitInQueue = interval(\.waitInQueue.mean)
        p90WaitInQueue = interval(\.waitInQueue.p90)
        meanTimeInSystem = interval(\.timeInSystem.mean)
        averageInSystem = interval(\.littlesLaw.averageInSystem)
        let first = runs.first?.stations ?? []
        stations = first.indices.map { index in
            Station(
                name: first[index].name,
                utilisation: interval { $0.stations[index].utilisation },
                meanWaitInQueue: interval { $0.stations[index].waitInQueue.mean },
                probabilityOfWaiting: interval { $0.stations[index].probabilityOfWaiting }
            )
        }
        let checkouts = runs.compactMap(\.checkout)
        if checkouts.count == runs.count, !checkouts.isEmpty {
            func checkoutInterval(_ figure: (RunReport.Checkout) -> Double) -> ConfidenceInterval {
                ConfidenceInterval(values: checkouts.map(figure))
            }
            checkout = Checkout(
                cardPayments: checkoutInterval { Double($0.cardPayments) }, cashPayments: checkoutInterval { Double($0.cashPayments) },
                declines: checkoutInterval { Double($0.declines) }, revenue: checkoutInterval { Double($0.revenue.hundredths) },
                readerUtilisation: checkoutInterval(\.reader.utilisation), readerMeanWait: checkoutInterval(\.reader.waitInQueue.mean)
            )
        } else {
            checkout = nil
        }
        let ingredients = runs.first?.ingredients.count ?? 0
        sufficientStartingStock = (0..<ingredients).map { index in
            runs.map { $0.ingredients[index].sufficientStartingStock }.max() ?? 0
        }
    }
}
