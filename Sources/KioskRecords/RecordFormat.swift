import KioskCore
import KioskText

/// A kind of journal fact with its byte form: registered in a `RecordFormat` by the layer
/// that owns it, so that the domain and this module know nothing of it.
///
/// ```
/// entry = code:u8 field*    a code of 65 or more, the layer's own; 64 and 68–71 are the domain's
/// ```
package protocol RecordedFact: JournalFact {
    /// The entry's tag in a record: once given, never changed or reused.
    static var code: UInt8 { get }
    /// The fact's name in `kiosk state dump`, as `delivery.failed`.
    static var name: String { get }
    /// Writes the fact's fields; times and events are relative to the record's `time`.
    func encode(into writer: inout ByteWriter, at time: Timestamp)
    static func decode(from reader: inout ByteReader, in record: inout FactContext) throws(RecordDecodingError) -> Self
    /// Writes the fact's fields into its object of `kiosk state dump`.
    func dump(into writer: inout JSONWriter)
}

/// A layer's fold of its facts with its byte form: what a snapshot keeps of it.
package protocol RecordedFold: FactFold {
    static var place: SnapshotPlace { get }
    func encode(into writer: inout ByteWriter)
    static func decode(from reader: inout ByteReader, in snapshot: inout FactContext) throws(RecordDecodingError) -> Self
    /// Writes the fold's fields into the snapshot's object of `kiosk state dump` (none
    /// when there is nothing worth showing).
    func dump(into writer: inout JSONWriter)
}

/// Where a fold is kept in a snapshot body (`SnapshotCodec`).
package enum SnapshotPlace: Hashable, Sendable {
    /// Right after the ledger, always: the events sinks gave up on, in format 1.
    case afterLedger
    /// A section of its own with this tag, written only when the fold holds something.
    case section(UInt8)
}

/// The record a fact is read from: its time and source, and the message templates its
/// events share with the rest of the journal.
package struct FactContext {
    package let time: Timestamp
    package let source: String
    var templates: TemplateCache

    init(time: Timestamp, source: String, templates: TemplateCache) {
        self.time = time
        self.source = source
        self.templates = templates
    }
}

extension ByteWriter {
    /// An event inside a fact: its source, then the event as a record holds it, its time
    /// relative to `time`.
    package mutating func event(_ event: Event, at time: Timestamp) {
        string(event.source)
        RecordCodec.encode(event, relativeTo: time, into: &self)
    }

    /// A time relative to `time`.
    package mutating func time(_ value: Timestamp, at time: Timestamp) {
        signed(value.millisecondsSince1970 &- time.millisecondsSince1970)
    }

    package mutating func eventID(_ id: EventID) {
        word(id.high)
        word(id.low)
    }
}

extension ByteReader {
    /// What `ByteWriter.event(_:at:)` wrote.
    package mutating func event(in record: inout FactContext) throws(RecordDecodingError) -> Event {
        let source = try string()
        let tag = try byte()
        guard let type = RecordCodec.type(ofCode: tag) else { throw .unknownEntry(tag) }
        return try RecordCodec.decodeEvent(type, &self, time: record.time, source: source, templates: &record.templates)
    }

    /// What `ByteWriter.time(_:at:)` wrote.
    package mutating func time(in record: FactContext) throws(RecordDecodingError) -> Timestamp {
        Timestamp(millisecondsSince1970: record.time.millisecondsSince1970 &+ (try signed()))
    }

    package mutating func eventID() throws(RecordDecodingError) -> EventID {
        EventID(high: try word(), low: try word())
    }
}

/// The journal's record kinds beyond the domain's: each layer's facts and folds, as that
/// layer registers them. A journal reads with one; a record or snapshot holding a kind it
/// does not register cannot be read with it.
public struct RecordFormat: Sendable {
    package let facts: [any RecordedFact.Type]
    package let folds: [any RecordedFold.Type]

    /// - Precondition: every code is 65 or more, outside the domain's 68–71, and used once;
    ///   at most one fold is kept after the ledger, and each section tag is used once.
    package init(facts: [any RecordedFact.Type] = [], folds: [any RecordedFold.Type] = []) {
        let codes = facts.map { $0.code }
        precondition(codes.allSatisfy { $0 >= 65 && !(68...71).contains($0) }, "a fact's code is the domain's")
        precondition(Set(codes).count == codes.count, "two kinds of fact share a code")
        let places = folds.map { $0.place }
        precondition(Set(places).count == places.count, "two folds share a place in snapshots")
        precondition(places.allSatisfy { place in
            if case .section(let tag) = place { !SnapshotCodec.Section.domainTags.contains(tag) } else { true }
        }, "a fold's section is the domain's")
        self.facts = facts
        self.folds = folds
    }

    /// The domain's records alone.
    public static let domain = RecordFormat()

    /// This format's kinds and `other`'s.
    ///
    /// - Precondition: the two share no code or snapshot place.
    public func adding(_ other: RecordFormat) -> RecordFormat {
        RecordFormat(facts: facts + other.facts, folds: folds + other.folds)
    }

    /// This format's kinds and those of `other` it does not register yet.
    public func including(_ other: RecordFormat) -> RecordFormat {
        let codes = Set(facts.map { $0.code })
        let places = Set(folds.map { $0.place })
        return RecordFormat(facts: facts + other.facts.filter { !codes.contains($0.code) }, folds: folds + other.folds.filter { !places.contains($0.place) })
    }

    /// An empty fold of every kind registered: the state of an empty journal.
    public var emptyFolds: FactFolds {
        FactFolds(folds.map { $0 as any FactFold.Type })
    }

    func fact(code: UInt8) -> (any RecordedFact.Type)? {
        facts.first { $0.code == code }
    }
}
