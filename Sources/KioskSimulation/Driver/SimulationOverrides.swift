import KioskCore

/// The parts of a simulated day chosen over what the menu and the defaults say, as
/// `kiosk simulate`'s options choose them: each one left `nil` keeps the configuration's.
public struct SimulationOverrides: Sendable, Equatable {
    public var stop: SimulationConfiguration.StopCondition?
    /// Over the menu's `simulate` block; the day opens at its first time, or at the
    /// configuration's opening time for a constant rate.
    public var arrivals: Arrivals?
    public var seed: UInt64?
    public var service: SimulationConfiguration.ServiceTimes?
    public var patience: SimulationConfiguration.Patience?
    public var restock: RestockPolicy?
    /// The share of customers who pay by card, on a menu with a `checkout`.
    public var cardShare: Rate?
    /// The share of cards the reader declines.
    public var declineRate: Rate?
    /// How many card readers there are.
    public var readers: Int?

    public init() {}

    /// Sets every part chosen on `configuration`, leaving the others as they are.
    public func apply(to configuration: inout SimulationConfiguration) {
        if let stop { configuration.stop = stop }
        if let arrivals { configuration.arrivals = arrivals }
        if let seed { configuration.seed = seed }
        if let service { configuration.service = service }
        if let patience { configuration.patience = patience }
        if let restock { configuration.restock = restock }
        // Without a `checkout` nobody pays: the checkout's parts have nothing to change.
        if let cardShare { configuration.checkout?.cardShare = cardShare }
        if let declineRate { configuration.checkout?.declineRate = declineRate }
        if let readers { configuration.checkout?.readers = readers }
    }
}
