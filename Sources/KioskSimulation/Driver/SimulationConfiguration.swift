import KioskCore

/// Everything a simulated day needs beyond the menu: stations and staff, what each item
/// takes, who comes when, how long they wait, how stock is refilled, when to stop, the seed.
///
/// Times are whole milliseconds. `validate(for:)` checks every bound before a run, so a
/// configuration built from user input cannot trap.
public struct SimulationConfiguration: Sendable, Equatable {
    /// A place where tickets are prepared, by `staff` people in parallel.
    public struct Station: Sendable, Equatable {
        public var name: String
        public var staff: Int

        public init(name: String, staff: Int) {
            self.name = name
            self.staff = staff
        }
    }

    /// What the simulation needs of a menu item: where it is made, how long it takes, and
    /// how often it is chosen relative to the others.
    public struct ItemProfile: Sendable, Equatable {
        /// An index into `stations`.
        public var station: Int
        public var preparationMilliseconds: Int64
        /// A relative weight: an item of popularity 3 is chosen three times as often as one
        /// of 1; 0 is never chosen.
        public var popularity: Int

        public init(station: Int, preparationMilliseconds: Int64, popularity: Int) {
            self.station = station
            self.preparationMilliseconds = preparationMilliseconds
            self.popularity = popularity
        }
    }

    /// How a ticket's preparation time is drawn from its item's.
    public enum ServiceTimes: String, Sendable, Equatable, CaseIterable {
        /// Exactly the item's time.
        case fixed
        /// Exponential with the item's time as its mean.
        case exponential
    }

    /// How long a customer waits for their ticket to start before leaving.
    public enum Patience: Sendable, Equatable {
        case unlimited
        case fixed(milliseconds: Int64)
        /// Exponential with this mean, a draw per customer.
        case exponential(meanMilliseconds: Int64)
    }

    /// When the doors close. Customers inside are still served.
    public enum StopCondition: Sendable, Equatable {
        /// No arrival at or after this long after opening.
        case duration(milliseconds: Int64)
        /// After this many customers have arrived.
        case customers(Int)
    }

    /// How customers pay, on a menu with a `checkout`: a share by card, queueing at the
    /// card readers, the rest in cash.
    public struct Checkout: Sendable, Equatable {
        /// The share of paying customers who present a card.
        public var cardShare: Rate
        /// The share of card payments the reader declines; a declined customer pays in cash.
        public var declineRate: Rate
        /// How many card readers take payments in parallel, first come first served.
        public var readers: Int
        /// How long a reader takes to answer: the menu's `checkout reader latency`.
        public var latencyMilliseconds: Int64
        /// The cash step in hundredths: what is due in cash rounds, half up, to a multiple
        /// of it (the menu's `cash rounding` times the currency's minor unit).
        public var cashStep: Int

        /// 60 %.
        public static let defaultCardShare = Rate(parts: 60_000)
        /// 5 %.
        public static let defaultDeclineRate = Rate(parts: 5_000)
        public static let defaultReaders = 1
        public static let maximumReaders = 1_000

        public init(
            cardShare: Rate = Checkout.defaultCardShare, declineRate: Rate = Checkout.defaultDeclineRate, readers: Int = Checkout.defaultReaders,
            latencyMilliseconds: Int64 = 0, cashStep: Int = 1
        ) {
            self.cardShare = cardShare
            self.declineRate = declineRate
            self.readers = readers
            self.latencyMilliseconds = latencyMilliseconds
            self.cashStep = cashStep
        }

        /// The defaults, with the reader's latency and the cash step of `settings` on a menu
        /// whose minor unit is `minorUnit` hundredths.
        public init(_ settings: CheckoutSettings, minorUnit: Int) {
            let (step, overflow) = max(1, minorUnit).multipliedReportingOverflow(by: max(1, settings.cashRounding))
            self.init(latencyMilliseconds: settings.readerLatency, cashStep: overflow ? max(1, minorUnit) : step)
        }
    }

    public var stations: [Station]
    /// One per menu item, in the menu's order.
    public var items: [ItemProfile]
    public var arrivals: Arrivals
    public var stop: StopCondition
    public var service: ServiceTimes
    public var patience: Patience
    public var restock: RestockPolicy
    /// How customers pay; `nil` on a menu without a `checkout`, whose customers pay nothing.
    public var checkout: Checkout?
    public var seed: UInt64
    /// Milliseconds since midnight at which a constant-rate day opens; a profile opens at
    /// its first time instead.
    public var openingTime: Int64
    /// Midnight (UTC) of the simulated day: events carry simulated times from it.
    public var day: Timestamp

    /// 08:00.
    public static let defaultOpeningTime: Int64 = 8 * 3_600_000
    /// 2026-01-01T00:00:00Z: a fixed day, so events are the same on every run.
    public static let defaultDay = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    /// A day of 8 hours at 60 customers an hour, every item at one station `counter` with
    /// one person, 60 s each, equally popular; fixed service, unlimited patience, no restock.
    ///
    /// Until menus declare stations and preparation times, this is what `kiosk simulate`
    /// runs; callers replace the parts they know.
    public init(menu: Menu, seed: UInt64) {
        stations = [Station(name: "counter", staff: 1)]
        items = menu.items.map { _ in ItemProfile(station: 0, preparationMilliseconds: 60_000, popularity: 1) }
        arrivals = .constant(ArrivalRate(perHour: 60))
        stop = .duration(milliseconds: 8 * 3_600_000)
        service = .fixed
        patience = .unlimited
        restock = .none
        checkout = nil
        self.seed = seed
        openingTime = SimulationConfiguration.defaultOpeningTime
        day = SimulationConfiguration.defaultDay
    }

    /// The day `kiosk simulate` runs: `menu`'s own stations and staff, each item at its
    /// station for its `prep` time, as the REPL's board prepares it, chosen by its
    /// `popularity`; customers arrive as the menu's `simulate` block says; otherwise as
    /// `init(menu:seed:)`.
    public init(boardOf menu: Menu, seed: UInt64) {
        self.init(menu: menu, seed: seed)
        stations = menu.stations.map { Station(name: $0.name, staff: $0.staff) }
        items = menu.items.map { item in
            let (seconds, attoseconds) = item.prep.components
            return ItemProfile(
                station: item.station, preparationMilliseconds: seconds * 1000 + attoseconds / 1_000_000_000_000_000, popularity: item.popularity
            )
        }
        if let menuArrivals = menu.simulateSettings?.arrivals { arrivals = Arrivals(menuArrivals) }
        if let settings = menu.checkout {
            checkout = Checkout(settings, minorUnit: menu.pricing?.unit ?? MinorUnit.hundredths(of: menu.currency))
        }
    }

    /// When the day opens, in milliseconds since midnight.
    public var opening: Int64 { arrivals.firstTime ?? openingTime }

    // MARK: Bounds

    public static let maximumStaff = 1_000
    public static let maximumPopularity = 1_000_000_000
    public static let maximumCustomers = 1_000_000_000
    /// 24 hours: for a preparation time, a patience, a restock lead time or period.
    public static let maximumInterval: Int64 = 24 * 3_600_000
    /// 366 days.
    public static let maximumDuration: Int64 = 366 * 24 * 3_600_000

    /// Checks every part against `menu` and the bounds above.
    public func validate(for menu: Menu) throws(SimulationError) {
        guard !stations.isEmpty else { throw .noStations }
        for station in stations where !(1...SimulationConfiguration.maximumStaff).contains(station.staff) {
            throw .staffOutOfRange(station: station.name, staff: station.staff)
        }
        guard items.count == menu.items.count else { throw .itemCountMismatch(menu: menu.items.count, profiles: items.count) }
        for (index, profile) in items.enumerated() {
            let name = menu.items[index].name
            guard stations.indices.contains(profile.station) else { throw .unknownStation(item: name, station: profile.station) }
            guard (0...SimulationConfiguration.maximumInterval).contains(profile.preparationMilliseconds) else {
                throw .preparationOutOfRange(item: name, milliseconds: profile.preparationMilliseconds)
            }
            guard (0...SimulationConfiguration.maximumPopularity).contains(profile.popularity) else {
                throw .popularityOutOfRange(item: name, popularity: profile.popularity)
            }
        }
        guard items.contains(where: { $0.popularity > 0 }) else { throw .nothingPopular }
        try validateTimes()
        if let checkout { try checkout.validate() }
    }

    private func validateTimes() throws(SimulationError) {
        switch stop {
        case .duration(let milliseconds):
            guard (1...SimulationConfiguration.maximumDuration).contains(milliseconds) else { throw .durationOutOfRange(milliseconds) }
        case .customers(let count):
            guard (1...SimulationConfiguration.maximumCustomers).contains(count) else { throw .customersOutOfRange(count) }
        }
        switch patience {
        case .unlimited: break
        case .fixed(let milliseconds), .exponential(let milliseconds):
            guard (0...SimulationConfiguration.maximumInterval).contains(milliseconds) else { throw .patienceOutOfRange(milliseconds) }
        }
        switch restock {
        case .none: break
        case .low(let lead):
            guard (0...SimulationConfiguration.maximumInterval).contains(lead) else { throw .restockIntervalOutOfRange(lead) }
        case .every(let period):
            guard (1000...SimulationConfiguration.maximumInterval).contains(period) else { throw .restockIntervalOutOfRange(period) }
        }
        guard (0..<24 * 3_600_000).contains(openingTime) else { throw .openingOutOfRange(openingTime) }
    }
}

extension SimulationConfiguration.Checkout {
    /// Checks the shares, the readers, the latency and the cash step.
    func validate() throws(SimulationError) {
        for share in [cardShare, declineRate] where !(0...Rate.whole).contains(share.parts) { throw .shareOutOfRange(share) }
        guard (1...Self.maximumReaders).contains(readers) else { throw .readersOutOfRange(readers) }
        guard (0...SimulationConfiguration.maximumInterval).contains(latencyMilliseconds) else { throw .readerLatencyOutOfRange(latencyMilliseconds) }
        guard cashStep > 0 else { throw .cashStepOutOfRange(cashStep) }
    }
}
