import KioskCore

/// Where a running simulation sends what it produces besides its report: the kiosk's
/// events (with simulated times), for sinks, and one record per customer, for `--csv`.
/// Either may be left out; nothing is made for an absent one beyond what the core makes.
public struct SimulationObserver {
    public var event: ((Event) -> Void)?
    public var customer: ((CustomerRecord) -> Void)?

    public init(event: ((Event) -> Void)? = nil, customer: ((CustomerRecord) -> Void)? = nil) {
        self.event = event
        self.customer = customer
    }
}
