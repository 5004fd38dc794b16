import KioskCore

/// One sink's counters, as `sinks` shows them.
public struct SinkStatus: Sendable, Equatable {
    public let kind: String
    /// What the sink delivers to, with secrets masked.
    public let target: String
    public let events: EventTypes
    /// Events delivered.
    public var delivered = 0
    /// Events waiting in the queue.
    public var queued = 0
    /// Events waiting to be tried again.
    public var retrying = 0
    /// Events that failed for good (a 4xx, say) and were set aside.
    public var failed = 0
    /// Events written to the spool, to be replayed at the next start.
    public var spooled = 0
    /// Events replayed from the spool at start.
    public var replayed = 0
    public var lastError: String?

    public init(kind: String, target: String, events: EventTypes) {
        self.kind = kind
        self.target = target
        self.events = events
    }
}
