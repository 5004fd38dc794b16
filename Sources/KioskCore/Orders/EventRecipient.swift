/// What the kiosk's mutating methods give the events they make to: an array of events, or
/// `NoEventRecipient` when nobody will read them.
///
/// The kiosk decides and applies exactly the same for either: the same stock, ledger,
/// history and tickets. For a recipient that keeps nothing it builds nothing — no payload,
/// id or message — but each event it would have made still moves `sequence` on, so the
/// history and every later event carry the same `seq`.
protocol EventRecipient {
    /// Whether events are kept; when not, the kiosk builds none.
    static var keepsEvents: Bool { get }

    mutating func append(_ event: Event)
}

extension Array: EventRecipient where Element == Event {
    static var keepsEvents: Bool { true }
}

/// Keeps no event: for a caller nobody's events reach, such as a simulation without sinks.
struct NoEventRecipient: EventRecipient {
    static var keepsEvents: Bool { false }

    func append(_ event: Event) {}
}
