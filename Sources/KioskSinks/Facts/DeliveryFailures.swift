import KioskCore
import KioskRecords
import KioskText

/// Events sinks gave up on, by sink: the fold of the `DeliveryFailed`, `RetryRequested`
/// and `DeliveryResolved` facts. An event stays here until a retry delivers it, so a kill
/// at any moment of a retry loses none of them.
///
/// In a snapshot, right after the ledger:
/// ```
/// deliveries = count (sink:string count (reason:string retrying:u8 source:string event)*)*
/// ```
public struct DeliveryFailures: RecordedFold {
    /// One event a sink could not deliver.
    public struct Failure: Sendable, Hashable {
        public let event: Event
        public var reason: String
        /// `sinks retry` asked for it to be sent again, and it has not been yet.
        public var retrying: Bool

        public init(event: Event, reason: String, retrying: Bool = false) {
            self.event = event
            self.reason = reason
            self.retrying = retrying
        }
    }

    /// By sink name, each in the order the failures happened.
    public private(set) var bySink: [String: [Failure]] = [:]

    public init() {}

    public init(bySink: [String: [Failure]]) {
        self.bySink = bySink.filter { !$0.value.isEmpty }
    }

    public func failures(of sink: String) -> [Failure] {
        bySink[sink] ?? []
    }

    public var isEmpty: Bool { bySink.isEmpty }

    public mutating func apply(_ record: JournalRecord) {
        for entry in record.entries { apply(entry) }
    }

    public mutating func apply(_ entry: JournalEntry) {
        guard case .fact(let fact) = entry else { return }
        if let failed = fact.as(DeliveryFailed.self) {
            var list = bySink[failed.sink] ?? []
            if let index = list.firstIndex(where: { $0.event.id == failed.event.id }) {
                list[index].reason = failed.reason
                list[index].retrying = false
            } else {
                list.append(Failure(event: failed.event, reason: failed.reason))
            }
            bySink[failed.sink] = list
        } else if let retry = fact.as(RetryRequested.self) {
            guard var list = bySink[retry.sink] else { return }
            for index in list.indices { list[index].retrying = true }
            bySink[retry.sink] = list
        } else if let resolved = fact.as(DeliveryResolved.self) {
            guard var list = bySink[resolved.sink] else { return }
            list.removeAll { $0.event.id == resolved.id }
            bySink[resolved.sink] = list.isEmpty ? nil : list
        }
    }

    /// Forgets a sink's failures (its cursor was dropped with it).
    public mutating func remove(sink: String) {
        bySink[sink] = nil
    }

    // MARK: In a snapshot

    package static let place = SnapshotPlace.afterLedger

    package func encode(into writer: inout ByteWriter) {
        let sinks = bySink.keys.sorted()
        writer.varint(UInt64(sinks.count))
        for sink in sinks {
            let failures = failures(of: sink)
            writer.string(sink)
            writer.varint(UInt64(failures.count))
            for failure in failures {
                writer.string(failure.reason)
                writer.byte(failure.retrying ? 1 : 0)
                writer.event(failure.event, at: Timestamp(millisecondsSince1970: 0))
            }
        }
    }

    package static func decode(from reader: inout ByteReader, in snapshot: inout FactContext) throws(RecordDecodingError) -> DeliveryFailures {
        var bySink: [String: [Failure]] = [:]
        for _ in 0..<(try reader.count(minimumBytes: 2)) {
            let sink = try reader.string()
            var failures: [Failure] = []
            for _ in 0..<(try reader.count(minimumBytes: 20)) {
                let reason = try reader.string()
                let retrying = try reader.byte() == 1
                failures.append(Failure(event: try reader.event(in: &snapshot), reason: reason, retrying: retrying))
            }
            bySink[sink] = failures
        }
        return DeliveryFailures(bySink: bySink)
    }

    /// Not in `kiosk state dump`'s snapshot line: `kiosk sinks failed` lists them.
    package func dump(into writer: inout JSONWriter) {}
}
