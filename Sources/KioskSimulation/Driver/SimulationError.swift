import KioskCore

/// Why a simulation cannot run, or had to stop.
public enum SimulationError: Error, Sendable, Equatable {
    case noStations
    case staffOutOfRange(station: String, staff: Int)
    case itemCountMismatch(menu: Int, profiles: Int)
    case unknownStation(item: String, station: Int)
    case preparationOutOfRange(item: String, milliseconds: Int64)
    case popularityOutOfRange(item: String, popularity: Int)
    /// Every item has popularity 0: nobody would order anything.
    case nothingPopular
    case durationOutOfRange(Int64)
    case customersOutOfRange(Int)
    case patienceOutOfRange(Int64)
    case restockIntervalOutOfRange(Int64)
    case openingOutOfRange(Int64)
    case replicationsOutOfRange(Int)
    /// The core refused to consider an order (a total past what the ledger can hold).
    case order(item: String, OrderError)

    public var message: String {
        switch self {
        case .noStations: "the simulation needs at least one station"
        case .staffOutOfRange(let station, let staff): "station '\(station)' has \(staff) staff: it needs 1 to 1,000"
        case .itemCountMismatch(let menu, let profiles): "the menu has \(menu) items but the simulation was given \(profiles)"
        case .unknownStation(let item, let station): "'\(item)' is made at station \(station), which does not exist"
        case .preparationOutOfRange(let item, let milliseconds):
            "'\(item)' takes \(DurationText.format(milliseconds)) to prepare: at most 24h"
        case .popularityOutOfRange(let item, let popularity): "'\(item)' has popularity \(popularity): it needs 0 to 1,000,000,000"
        case .nothingPopular: "every item has popularity 0, so no customer would order anything"
        case .durationOutOfRange(let milliseconds): "a run of \(DurationText.format(milliseconds)) is out of range: 1ms to 366 days"
        case .customersOutOfRange(let count): "\(count) customers is out of range: 1 to 1,000,000,000"
        case .patienceOutOfRange(let milliseconds): "a patience of \(DurationText.format(milliseconds)) is out of range: at most 24h"
        case .restockIntervalOutOfRange(let milliseconds):
            "a restock interval of \(DurationText.format(milliseconds)) is out of range: up to 24h (every: at least 1s)"
        case .openingOutOfRange(let milliseconds): "an opening time of \(milliseconds) ms after midnight is not within the day"
        case .replicationsOutOfRange(let count): "\(count) replications is out of range: 1 to 1,000"
        case .order(let item, let error): "the kiosk could not consider an order of '\(item)': \(SimulationError.describe(error))"
        }
    }

    private static func describe(_ error: OrderError) -> String {
        switch error {
        case .empty: "the order is empty"
        case .quantityOutOfRange(let quantity): "quantity \(quantity) is out of range"
        case .requirementTooLarge: "it needs more of an ingredient than any stock can hold"
        case .totalTooLarge: "the sales total would pass what the ledger can hold"
        }
    }
}
