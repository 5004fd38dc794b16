import KioskCore
import KioskRecords
import KioskJournal
import KioskMenu
import KioskSystem
import Synchronization

/// Fans events out to every sink that wants them.
///
/// Foreground sinks (the console) get each command's events from `publish`, on the
/// session's thread, right after the command is committed. Background sinks never get
/// anything from the order path: each reads the journal on its own thread, through its
/// own durable cursor, so nothing the order path does waits for a disk, a network or a
/// program, and an undelivered event waits on disk, never only in memory.
public final class Dispatcher: Sendable {
    /// A sink with how the dispatcher should run it.
    public struct Member: Sendable {
        /// Where a sink with no cursor yet starts reading the journal.
        public enum StartPoint: String, Sendable {
            /// Only what happens from now on (the default).
            case end
            /// Everything the journal still holds.
            case start
        }

        public let sink: any Sink
        public let kind: String
        /// The sink's name in the journal (its cursor, its failed events): `name` from the
        /// menu, else its kind and target.
        public let name: String
        public let events: EventTypes
        public let from: StartPoint
        /// Events read ahead of delivery, at most.
        public let readAhead: Int
        /// The values from `${…}` in the sink's options, hidden in its name and errors.
        public let mask: SecretMask

        public init(
            sink: any Sink, kind: String, name: String? = nil, events: EventTypes = .all, from: StartPoint = .end,
            readAhead: Int = Dispatcher.defaultReadAhead, mask: SecretMask = SecretMask()
        ) {
            self.sink = sink
            self.kind = kind
            self.name = mask.apply(name ?? "\(kind) \(sink.target)")
            self.mask = mask
            self.events = events
            self.from = from
            self.readAhead = max(1, readAhead)
        }

        public var isForeground: Bool { sink.placement == .foreground }
    }

    /// Events a background sink reads ahead of delivery by default.
    public static let defaultReadAhead = 1_024

    private let foreground: [Member]
    private let foregroundStatus: [SinkStatusBox]
    private let runners: [SinkRunner]
    private let order: [Int]
    public let journal: Journal?

    /// - Parameters:
    ///   - journal: where background sinks read their events; required when there is any.
    ///   - lastSequence: the `seq` of the journal's last event: where a new sink that starts
    ///     at the end has delivered up to.
    ///   - clock: the kiosk's clock, whose time goes into the cursor of each sink this
    ///     process delivers for when it takes and leaves it (a cursor nobody sees for a
    ///     week is forgotten); `nil` writes none.
    public init(_ members: [Member], journal: Journal?, lastSequence: UInt64 = 0, clock: (@Sendable () -> Timestamp)? = nil) {
        self.journal = journal
        var foreground: [Member] = []
        var runners: [SinkRunner] = []
        var order: [Int] = []
        for member in members {
            if member.isForeground || journal == nil {
                order.append(foreground.count)
                foreground.append(member)
            } else if let journal {
                order.append(-1 - runners.count)
                runners.append(SinkRunner(sink: member.sink, member: member, journal: journal, lastSequence: lastSequence, clock: clock))
            }
        }
        self.foreground = foreground
        self.foregroundStatus = foreground.map {
            SinkStatusBox(SinkStatus(kind: $0.kind, name: $0.name, target: $0.sink.target, events: $0.events))
        }
        self.runners = runners
        self.order = order
    }

    /// Whether any sink reads the journal.
    public var hasBackgroundSinks: Bool { !runners.isEmpty }

    /// Starts the background sinks' threads; each first retries the events it was asked to
    /// before (failed events whose `sinks retry` a crash interrupted).
    public func start(retrying retries: [String: [Event]] = [:]) {
        for runner in runners {
            if let events = retries[runner.member.name], !events.isEmpty { runner.retry(events) }
            runner.start()
        }
    }

    /// Whether any sink takes events in the foreground (the console): without one, there
    /// is nothing to hand events to after a commit.
    public var hasForegroundSinks: Bool { !foreground.isEmpty }

    /// Hands a committed command's events to the foreground sinks. Called on one thread
    /// only, the one that runs the commands (`SinkStatusBox` counts without a lock).
    public func publish(_ events: [Event]) {
        guard !foreground.isEmpty, !events.isEmpty else { return }
        for (index, member) in foreground.enumerated() {
            for event in events where member.events.contains(event.type) {
                do throws(SinkFailure) {
                    try member.sink.send(event)
                    foregroundStatus[index].countDelivered()
                } catch {
                    foregroundStatus[index].countFailure(error.reason)
                }
            }
        }
    }

    /// Sends a sink's failed events again (`sinks retry`). Returns whether the sink exists
    /// and reads the journal.
    @discardableResult
    public func retry(sink name: String, events: [Event]) -> Bool {
        guard let runner = runners.first(where: { $0.member.name == name }) else { return false }
        runner.retry(events)
        return true
    }

    /// Each sink's state and counters, in the order the sinks were given.
    public var statuses: [SinkStatus] {
        order.map { $0 >= 0 ? foregroundStatus[$0].value.masked(by: foreground[$0].mask) : runners[-1 - $0].currentStatus }
    }

    /// The names of the sinks that read the journal.
    public var backgroundNames: [String] { runners.map(\.member.name) }

    /// Events of the journal that each background sink has yet to deliver, by name —
    /// `nil` for a sink another process delivers for.
    ///
    /// - Parameter lastSequence: the `seq` of the journal's last event, when known: a sink
    ///   that takes every type is then behind by the difference, without reading the journal.
    public func backlog(lastSequence: UInt64? = nil) -> [String: Int] {
        guard let journal else { return [:] }
        var backlog: [String: Int] = [:]
        for runner in runners {
            guard let mark = runner.currentMark else { continue }
            if let lastSequence, runner.member.events == .all {
                backlog[runner.member.name] = Int(lastSequence - min(mark.sequence, lastSequence))
            } else {
                backlog[runner.member.name] = Dispatcher.count(after: mark, of: runner.member.events, in: journal)
            }
        }
        return backlog
    }

    /// Events of any type after `mark`, counted by reading the journal.
    public static func countEvents(after mark: CursorFile.Mark, in journal: Journal) -> Int {
        count(after: mark, of: .all, in: journal)
    }

    /// Events of `types` after `mark`, counted by reading the journal.
    static func count(after mark: CursorFile.Mark, of types: EventTypes, in journal: Journal) -> Int {
        let reader = journal.scanner(from: mark.position)
        var decoder = RecordDecoder(format: journal.options.format)
        var count = 0
        let end = journal.endPosition
        while let record = reader.nextRecord(upTo: end, decoder: &decoder)?.record {
            for case .event(let event) in record.entries where event.sequence > mark.sequence && types.contains(event.type) {
                count += 1
            }
        }
        return count
    }

    /// Gives every background sink until `timeout` to deliver what the journal holds now,
    /// then closes every sink (even one that missed the deadline). What is not delivered
    /// stays in the journal for the next start. Returns the final counters.
    @discardableResult
    public func shutdown(timeout: Duration) -> [SinkStatus] {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        for runner in runners { runner.stop(by: deadline) }
        // A runner still in a send half a second past the deadline is closed from here:
        // the close must run, and it is what makes a stuck send give up.
        for runner in runners where !runner.join(until: deadline.advanced(by: .milliseconds(500))) {
            runner.close(by: deadline)
        }
        for member in foreground { member.sink.close(by: deadline) }
        return statuses
    }
}

/// A foreground sink's counters, counted on the session's thread and read by `sinks`.
///
/// `publish` runs on one thread, so the count of deliveries — stored at every event — is a
/// load and a store of its own, not a locked add, and it sits on a cache line of its own.
/// A lock per event, or the count next to memory other threads touch, would show in a
/// batch's throughput (kiosk-bench --only batch, slow-receiver). A reader on another
/// thread sees the count as it was a moment ago. Failures are rare: their count and last
/// error share a lock.
final class SinkStatusBox: Sendable {
    typealias CacheLine = (Int, Int, Int, Int, Int, Int, Int, Int)

    private let status: SinkStatus
    /// 64 bytes either side: whatever the object's alignment, no other data shares a
    /// cache line with `delivered` (Swift lays a class's stored properties out in order).
    private let before: CacheLine = (0, 0, 0, 0, 0, 0, 0, 0)
    private let delivered = Atomic(0)
    private let after: CacheLine = (0, 0, 0, 0, 0, 0, 0, 0)
    private let failures = Mutex((count: 0, lastError: String?.none))

    init(_ status: SinkStatus) {
        self.status = status
    }

    var value: SinkStatus {
        var value = status
        value.delivered = delivered.load(ordering: .relaxed)
        (value.failed, value.lastError) = failures.withLock { ($0.count, $0.lastError) }
        return value
    }

    /// On the thread that publishes only.
    func countDelivered() {
        delivered.store(delivered.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }

    func countFailure(_ reason: String) {
        failures.withLock {
            $0.count += 1
            $0.lastError = reason
        }
    }
}
