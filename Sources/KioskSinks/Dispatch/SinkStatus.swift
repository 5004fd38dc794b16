import KioskCore
import KioskMenu

/// One sink's state and counters, as `sinks` shows them.
public struct SinkStatus: Sendable, Equatable {
    public let kind: String
    /// The sink's name in the journal: its cursor and its failed events go by it.
    public let name: String
    /// What the sink delivers to, with secrets masked.
    public let target: String
    public let events: EventTypes
    /// Events delivered by this process since it started.
    public var delivered = 0
    /// Events of the journal this sink has yet to deliver (of the types it takes).
    public var waiting = 0
    /// Events being retried after a failure.
    public var retrying = 0
    /// Events recorded as failed and waiting for `sinks retry` (from the journal).
    public var failed = 0
    /// The `seq` of the last event delivered.
    public var deliveredUpTo: UInt64 = 0
    /// Whether this process delivers for the sink; another kiosk on the same state may.
    public var deliversHere = true
    public var lastError: String?
    /// The sink's connection as it is now, for a sink that holds one.
    public var connection: SinkConnection?

    public init(kind: String, name: String, target: String, events: EventTypes) {
        self.kind = kind
        self.name = name
        self.target = target
        self.events = events
    }

    /// The status with every value from `${…}` hidden: in its target, its last error and
    /// its connection's.
    func masked(by mask: SecretMask) -> SinkStatus {
        guard !mask.isEmpty else { return self }
        var masked = SinkStatus(kind: kind, name: mask.apply(name), target: mask.apply(target), events: events)
        masked.delivered = delivered
        masked.waiting = waiting
        masked.retrying = retrying
        masked.failed = failed
        masked.deliveredUpTo = deliveredUpTo
        masked.deliversHere = deliversHere
        masked.lastError = lastError.map(mask.apply)
        masked.connection = connection.map { SinkConnection(state: $0.state, inFlight: $0.inFlight, lastError: $0.lastError.map(mask.apply)) }
        return masked
    }
}
