import KioskCore
import KioskText

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
    /// A card share or decline rate outside 0 to 100 %.
    case shareOutOfRange(Rate)
    case readersOutOfRange(Int)
    case readerLatencyOutOfRange(Int64)
    case cashStepOutOfRange(Int)
    /// A checkout option (`--card-share`, `--decline-rate`, `--readers`) for a menu without
    /// a `checkout`: its customers pay nothing.
    case checkoutOptionWithoutCheckout(String)
    /// The core refused to consider an order (a total past what the ledger can hold).
    case order(item: String, OrderError)

    /// The error in words, in the operator's language.
    public var message: String {
        switch self {
        case .noStations: tr("the simulation needs at least one station")
        case .staffOutOfRange(let station, let staff): tr("station '{station}' has {staff} staff: it needs 1 to 1,000", ["station": station, "staff": staff])
        case .itemCountMismatch(let menu, let profiles):
            tr("the menu has {menu} items but the simulation was given {profiles}", ["menu": menu, "profiles": profiles])
        case .unknownStation(let item, let station):
            tr("'{item}' is made at station {station}, which does not exist", ["item": item, "station": station])
        case .preparationOutOfRange(let item, let milliseconds):
            tr("'{item}' takes {duration} to prepare: at most 24h", ["item": item, "duration": DurationText.format(milliseconds)])
        case .popularityOutOfRange(let item, let popularity):
            tr("'{item}' has popularity {popularity}: it needs 0 to 1,000,000,000", ["item": item, "popularity": popularity])
        case .nothingPopular: tr("every item has popularity 0, so no customer would order anything")
        case .durationOutOfRange(let milliseconds):
            tr("a run of {duration} is out of range: 1ms to 366 days", ["duration": DurationText.format(milliseconds)])
        case .customersOutOfRange(let count): tr("{count} customers is out of range: 1 to 1,000,000,000", ["count": count])
        case .patienceOutOfRange(let milliseconds):
            tr("a patience of {duration} is out of range: at most 24h", ["duration": DurationText.format(milliseconds)])
        case .restockIntervalOutOfRange(let milliseconds):
            tr("a restock interval of {duration} is out of range: up to 24h (every: at least 1s)", ["duration": DurationText.format(milliseconds)])
        case .openingOutOfRange(let milliseconds):
            tr("an opening time of {milliseconds} ms after midnight is not within the day", ["milliseconds": milliseconds])
        case .replicationsOutOfRange(let count): tr("{count} replications is out of range: 1 to 1,000", ["count": count])
        case .shareOutOfRange(let share): tr("a share of {share} is out of range: 0% to 100%", ["share": share])
        case .readersOutOfRange(let count): tr("{count} card readers is out of range: 1 to 1,000", ["count": count])
        case .readerLatencyOutOfRange(let milliseconds):
            tr("a reader latency of {duration} is out of range: at most 24h", ["duration": DurationText.format(milliseconds)])
        case .cashStepOutOfRange(let step): tr("a cash step of {step} hundredths is out of range: at least 1", ["step": step])
        case .checkoutOptionWithoutCheckout(let option):
            tr("'{option}' needs a menu with a checkout statement: without one, customers pay nothing", ["option": option])
        case .order(let item, let error):
            tr("the kiosk could not consider an order of '{item}': {reason}", ["item": item, "reason": SimulationError.describe(error)])
        }
    }

    private static func describe(_ error: OrderError) -> String {
        switch error {
        case .empty: tr("the order is empty")
        case .quantityOutOfRange(let quantity): tr("quantity {quantity} is out of range", ["quantity": quantity])
        case .requirementTooLarge: tr("it needs more of an ingredient than any stock can hold")
        case .totalTooLarge: tr("the sales total would pass what the ledger can hold")
        case .choiceRequired: tr("the item has choices without a default, which the simulation does not make yet")
        case .selectionNotAllowed: tr("the selection is not one the item allows")
        case .comboNotAllowed: tr("the combo's parts are not what it allows")
        case .notServedNow: tr("the item is not served at that time")
        }
    }
}
