import KioskCore
import KioskRecords
import KioskText

// The sinks' facts in the journal: an event a sink gave up on waits in the state until
// `sinks retry` sends it again and it is delivered. Their codes are the file format.
//
// ```
// 65 delivery failed    sink:string reason:string source:string event
// 66 retry requested    sink:string
// 67 delivery resolved  sink:string id:16 bytes
// ```

/// A sink refused an event for good (or ran out of retries).
public struct DeliveryFailed: RecordedFact {
    public let sink: String
    public let event: Event
    public let reason: String

    public init(sink: String, event: Event, reason: String) {
        self.sink = sink
        self.event = event
        self.reason = reason
    }

    package static let code: UInt8 = 65
    package static let name = "delivery.failed"

    package func encode(into writer: inout ByteWriter, at time: Timestamp) {
        writer.string(sink)
        writer.string(reason)
        writer.event(event, at: time)
    }

    package static func decode(from reader: inout ByteReader, in record: inout FactContext) throws(RecordDecodingError) -> DeliveryFailed {
        let sink = try reader.string()
        let reason = try reader.string()
        return DeliveryFailed(sink: sink, event: try reader.event(in: &record), reason: reason)
    }

    package func dump(into writer: inout JSONWriter) {
        writer.field("sink", sink)
        writer.field("reason", reason)
        writer.key("event")
        event.write(to: &writer)
    }
}

/// `sinks retry`: the sink's failed events are to be sent again.
public struct RetryRequested: RecordedFact {
    public let sink: String

    public init(sink: String) {
        self.sink = sink
    }

    package static let code: UInt8 = 66
    package static let name = "retry.requested"

    package func encode(into writer: inout ByteWriter, at time: Timestamp) {
        writer.string(sink)
    }

    package static func decode(from reader: inout ByteReader, in record: inout FactContext) throws(RecordDecodingError) -> RetryRequested {
        RetryRequested(sink: try reader.string())
    }

    package func dump(into writer: inout JSONWriter) {
        writer.field("sink", sink)
    }
}

/// A failed event was delivered on a retry.
public struct DeliveryResolved: RecordedFact {
    public let sink: String
    public let id: EventID

    public init(sink: String, id: EventID) {
        self.sink = sink
        self.id = id
    }

    package static let code: UInt8 = 67
    package static let name = "delivery.resolved"

    package func encode(into writer: inout ByteWriter, at time: Timestamp) {
        writer.string(sink)
        writer.eventID(id)
    }

    package static func decode(from reader: inout ByteReader, in record: inout FactContext) throws(RecordDecodingError) -> DeliveryResolved {
        let sink = try reader.string()
        return DeliveryResolved(sink: sink, id: try reader.eventID())
    }

    package func dump(into writer: inout JSONWriter) {
        writer.field("sink", sink)
        writer.key("id")
        writer.eventID(id)
    }
}

extension JournalEntry {
    public static func deliveryFailed(sink: String, event: Event, reason: String) -> JournalEntry {
        .fact(Fact(DeliveryFailed(sink: sink, event: event, reason: reason)))
    }

    public static func retryRequested(sink: String) -> JournalEntry {
        .fact(Fact(RetryRequested(sink: sink)))
    }

    public static func deliveryResolved(sink: String, id: EventID) -> JournalEntry {
        .fact(Fact(DeliveryResolved(sink: sink, id: id)))
    }
}

extension RecordFormat {
    /// The sinks' records: their facts, and the failures they fold to.
    public static let sinks = RecordFormat(
        facts: [DeliveryFailed.self, RetryRequested.self, DeliveryResolved.self], folds: [DeliveryFailures.self]
    )
}
