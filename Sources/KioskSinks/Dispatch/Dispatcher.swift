import KioskCore

/// Fans events out to every sink that wants them.
///
/// `publish` is the order path's only contact with the sinks: it hands each event to the
/// queue of each sink whose `on` filter takes it, and never waits for a disk, a network or
/// a program. Foreground sinks (the console) are delivered by `drainForeground`, which the
/// session calls before it prompts again.
public final class Dispatcher: Sendable {
    /// A sink with how the dispatcher should run it.
    public struct Member: Sendable {
        public let sink: any Sink
        public let kind: String
        public let events: EventTypes
        public let capacity: Int
        public let spool: Spool?

        public init(sink: any Sink, kind: String, events: EventTypes = .all, capacity: Int = Dispatcher.defaultCapacity, spool: Spool? = nil) {
            self.sink = sink
            self.kind = kind
            self.events = events
            self.capacity = capacity
            self.spool = spool
        }
    }

    /// Events one sink's queue holds before the rest go to its spool.
    public static let defaultCapacity = 100_000

    private let workers: [SinkWorker]
    private let foreground: [SinkWorker]
    private let filters: [EventTypes]

    public init(_ members: [Member]) {
        workers = members.map {
            SinkWorker(sink: $0.sink, kind: $0.kind, events: $0.events, capacity: $0.capacity, spool: $0.spool)
        }
        foreground = workers.filter(\.isForeground)
        filters = workers.map(\.events)
    }

    /// Starts the workers; each first replays what earlier runs left in its spool.
    public func start() {
        for worker in workers { worker.start() }
    }

    /// Hands events to the sinks that want them.
    public func publish(_ events: [Event]) {
        for event in events {
            let type = EventTypes(event.type)
            for index in workers.indices where filters[index].contains(type) {
                workers[index].offer(event)
            }
        }
    }

    /// Delivers the foreground sinks' events on this thread.
    public func drainForeground() {
        for worker in foreground { worker.drain() }
    }

    /// Each sink's counters, in the order the sinks were given.
    public var statuses: [SinkStatus] { workers.map(\.currentStatus) }

    /// Puts every spooled event back in its sink's queue now. Returns how many.
    @discardableResult
    public func retrySpools() -> Int {
        workers.reduce(0) { $0 + $1.retrySpool() }
    }

    /// Stops taking events and gives every sink until `timeout` to deliver what it holds;
    /// what is left then is spooled. Returns the final counters.
    @discardableResult
    public func shutdown(timeout: Duration) -> [SinkStatus] {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        drainForeground()
        for worker in workers { worker.close(deadline: deadline) }
        for worker in workers { _ = worker.finish(by: deadline) }
        return statuses
    }
}
