import KioskCore

/// The binary form of a journal record's body (format version 1).
///
/// ```
/// record  = time:zigzag  source:string  count:varint  entry*
/// entry   = tag:u8 …      1…63 an event of that journal type code, 64… a fact
/// event   = id:16 bytes  seq:varint  timeDelta:zigzag  template  payload
/// template= 0 (the type's default) | 1 text:string
/// ```
///
/// Strings are a varint byte count and UTF-8; numbers are LEB128 varints, signed ones
/// zigzag-encoded. The codes below are the file format: they never change meaning.
/// `docs/STATE.md` describes every field.
public enum RecordCodec {
    /// The version of the body format, recorded in every state directory.
    public static let version = 1

    // MARK: Tags

    static func code(of type: EventType) -> UInt8 {
        switch type {
        case .orderSucceeded: 1
        case .orderFailed: 2
        case .restockNeeded: 3
        case .stockChanged: 4
        case .menuReloaded: 5
        case .ticketStarted: 6
        case .ticketReady: 7
        case .ticketPickedUp: 8
        case .ticketCancelled: 9
        case .ticketRecalled: 10
        case .ticketLate: 11
        case .suggestionMade: 12
        case .menuReloadFailed: 13
        case .paymentPending: 14
        case .paymentInProgress: 15
        case .paymentCompleted: 16
        case .paymentDeclined: 17
        case .paymentCanceled: 18
        case .paymentTimedOut: 19
        case .paymentRefunded: 20
        case .drawerOpened: 21
        case .drawerPaidIn: 22
        case .drawerPaidOut: 23
        case .drawerCounted: 24
        case .drawerClosed: 25
        case .orderPaid: 26
        case .orderVoided: 27
        case .orderHeld: 28
        case .ticketOpened: 29
        }
    }

    static func type(ofCode code: UInt8) -> EventType? {
        switch code {
        case 1: .orderSucceeded
        case 2: .orderFailed
        case 3: .restockNeeded
        case 4: .stockChanged
        case 5: .menuReloaded
        case 6: .ticketStarted
        case 7: .ticketReady
        case 8: .ticketPickedUp
        case 9: .ticketCancelled
        case 10: .ticketRecalled
        case 11: .ticketLate
        case 12: .suggestionMade
        case 13: .menuReloadFailed
        case 14: .paymentPending
        case 15: .paymentInProgress
        case 16: .paymentCompleted
        case 17: .paymentDeclined
        case 18: .paymentCanceled
        case 19: .paymentTimedOut
        case 20: .paymentRefunded
        case 21: .drawerOpened
        case 22: .drawerPaidIn
        case 23: .drawerPaidOut
        case 24: .drawerCounted
        case 25: .drawerClosed
        case 26: .orderPaid
        case 27: .orderVoided
        case 28: .orderHeld
        case 29: .ticketOpened
        default: nil
        }
    }

    /// The domain's facts; the other layers' are registered in a `RecordFormat`.
    enum FactTag: UInt8 {
        case stockDeclared = 64
        /// 69–71 are kept for the profiles too: a new kind of profile change takes one.
        case profileChanged = 68
    }

    // MARK: Encoding

    /// Each event type's default message text, by ordinal: compared with every event's.
    static let defaultTexts: [String] = EventType.allCases.map { MessageCatalog.defaults[$0].text }

    /// Appends the body of `record` to `bytes`.
    public static func encode(_ record: JournalRecord, into bytes: inout [UInt8]) {
        var writer = ByteWriter(into: bytes)
        encode(record, into: &writer)
        bytes = writer.bytes
    }

    /// Appends the body of `record` to `writer`.
    package static func encode(_ record: JournalRecord, into writer: inout ByteWriter) {
        writer.signed(record.time.millisecondsSince1970)
        writer.string(record.source)
        writer.varint(UInt64(record.entries.count))
        let defaults = defaultTexts
        for index in record.entries.indices {
            encode(record.entries[index], relativeTo: record.time, defaults: defaults, into: &writer)
        }
    }

    /// Appends the body of a record of `facts` then `events` to `bytes`: a record without
    /// building one, for the order path.
    public static func encode(time: Timestamp, source: String, facts: [JournalEntry], events: [Event], into bytes: inout [UInt8]) {
        var writer = ByteWriter(into: bytes)
        encode(time: time, source: source, facts: facts, events: events, into: &writer)
        bytes = writer.bytes
    }

    /// Appends the body of a record of `facts` then `events` to `writer`.
    package static func encode(time: Timestamp, source: String, facts: [JournalEntry], events: [Event], into writer: inout ByteWriter) {
        var parts = RepeatedParts()
        encode(time: time, source: source, facts: facts, events: events, into: &writer, repeating: &parts)
    }

    /// Appends the body of a record of `facts` then `events` to `writer`, copying the parts
    /// of its events that `parts` keeps and keeping the ones it encodes: the order path,
    /// where the journal's appender writes a run of records with one `parts`.
    ///
    /// Events are read in place, through the array's buffer (a `for … in`, or the array's
    /// subscript, copies each, retaining its strings and payload), and the default texts
    /// are looked up once.
    package static func encode(
        time: Timestamp, source: String, facts: [JournalEntry], events: [Event], into writer: inout ByteWriter,
        repeating parts: inout RepeatedParts
    ) {
        writer.signed(time.millisecondsSince1970)
        writer.string(source)
        writer.varint(UInt64(facts.count + events.count))
        let defaults = defaultTexts
        for index in facts.indices { encode(facts[index], relativeTo: time, defaults: defaults, into: &writer) }
        events.withUnsafeBufferPointer { events in
            guard let first = events.baseAddress else { return }
            for index in 0..<events.count {
                let event = first + index
                // Into reserved room first, where the event's fields are read in place;
                // an event that does not fit (a long text) is written again, growing.
                var written = RepeatedParts.Written()
                let fit = writer.withReserved(eventRoom) {
                    encode(event, relativeTo: time, defaults: defaults, repeating: parts, written: &written, into: &$0)
                }
                if !fit {
                    written = RepeatedParts.Written()
                    encode(event, relativeTo: time, defaults: defaults, repeating: parts, written: &written, into: &writer)
                }
                if written.lines != nil || written.consumed != nil { parts.learn(written, of: event, from: writer) }
            }
        }
    }

    /// The room reserved for an event: several times what an order's takes.
    package static let eventRoom = 1024

    public static func encode(_ record: JournalRecord) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(record, into: &bytes)
        return bytes
    }

    private static func encode(_ entry: JournalEntry, relativeTo time: Timestamp, defaults: [String], into writer: inout ByteWriter) {
        switch entry {
        case .event(let event):
            withUnsafePointer(to: event) { encode($0, relativeTo: time, defaults: defaults, into: &writer) }
        case .stockDeclared(let ingredient, let count):
            writer.byte(FactTag.stockDeclared.rawValue)
            writer.string(ingredient)
            writer.int(count)
        case .profileChanged(let change):
            writer.byte(FactTag.profileChanged.rawValue)
            writer.strings(change.fields)
        case .fact(let fact):
            guard let recorded = fact.value as? any RecordedFact else {
                preconditionFailure("\(Swift.type(of: fact.value)) is a journal fact without a byte form (RecordedFact)")
            }
            writer.byte(Swift.type(of: recorded).code)
            recorded.encode(into: &writer, at: time)
        }
    }

    static func encode(_ event: Event, relativeTo time: Timestamp, into writer: inout ByteWriter) {
        withUnsafePointer(to: event) { encode($0, relativeTo: time, defaults: defaultTexts, into: &writer) }
    }

    private static func encode<Output: ByteOutput & ~Copyable>(
        _ event: UnsafePointer<Event>, relativeTo time: Timestamp, defaults: [String], into writer: inout Output
    ) {
        var written = RepeatedParts.Written()
        encode(event, relativeTo: time, defaults: defaults, repeating: .empty, written: &written, into: &writer)
    }

    /// An event, read through a pointer (into a record's array of events: passed from the
    /// array by value, each is copied, its strings and payload retained and released).
    /// `defaults`: `defaultTexts`, passed in so a record reads the global once.
    private static func encode<Output: ByteOutput & ~Copyable>(
        _ event: UnsafePointer<Event>, relativeTo time: Timestamp, defaults: [String], repeating parts: borrowing RepeatedParts,
        written: inout RepeatedParts.Written, into writer: inout Output
    ) {
        writer.byte(code(of: event.pointee.payload.type))
        writer.word(event.pointee.id.high)
        writer.word(event.pointee.id.low)
        writer.varint(event.pointee.sequence)
        writer.signed(event.pointee.time.millisecondsSince1970 &- time.millisecondsSince1970)
        if event.pointee.template.text == defaults[event.pointee.payload.type.ordinal] {
            writer.byte(0)
        } else {
            writer.byte(1)
            writer.string(event.pointee.template.text)
        }
        PayloadCodec.encode(event.pointee.payload, into: &writer, repeating: parts, written: &written)
    }

    // MARK: Decoding

    /// Reads a record body.
    ///
    /// - Throws: `RecordDecodingError` for anything malformed; it never traps.
    public static func decode(_ body: UnsafeRawBufferPointer, format: RecordFormat) throws(RecordDecodingError) -> JournalRecord {
        var reader = ByteReader(body)
        var templates = TemplateCache()
        return try decode(&reader, templates: &templates, format: format)
    }

    public static func decode(_ body: [UInt8], format: RecordFormat) throws(RecordDecodingError) -> JournalRecord {
        let result = body.withUnsafeBytes { raw in Result { () throws(RecordDecodingError) in try decode(raw, format: format) } }
        return try result.get()
    }

    /// Reads a record body, reusing parsed message templates across records.
    static func decode(_ reader: inout ByteReader, templates: inout TemplateCache, format: RecordFormat) throws(RecordDecodingError) -> JournalRecord {
        let time = Timestamp(millisecondsSince1970: try reader.signed())
        let source = templates.source(try reader.stringBytes())
        let count = try reader.count(minimumBytes: 2)
        var entries: [JournalEntry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            entries.append(try decodeEntry(&reader, time: time, source: source, templates: &templates, format: format))
        }
        guard reader.isAtEnd else { throw .malformed("bytes follow the last entry") }
        return JournalRecord(time: time, source: source, entries: entries)
    }

    /// Reads a record body and appends the events `include` accepts to `events`, in order,
    /// without making the record or its entries: for a sink reading the journal. Facts
    /// are read and left. On an error `events` is as it was.
    static func decodeEvents(
        _ reader: inout ByteReader, templates: inout TemplateCache, format: RecordFormat, into events: inout [Event],
        where include: (Event) -> Bool
    ) throws(RecordDecodingError) {
        let before = events.count
        do throws(RecordDecodingError) {
            let time = Timestamp(millisecondsSince1970: try reader.signed())
            let source = templates.source(try reader.stringBytes())
            let count = try reader.count(minimumBytes: 2)
            for _ in 0..<count {
                let tag = try reader.byte()
                if let type = type(ofCode: tag) {
                    let event = try decodeEvent(type, &reader, time: time, source: source, templates: &templates)
                    if include(event) { events.append(event) }
                } else {
                    reader.rewind(by: 1)
                    _ = try decodeEntry(&reader, time: time, source: source, templates: &templates, format: format)
                }
            }
            guard reader.isAtEnd else { throw .malformed("bytes follow the last entry") }
        } catch {
            events.removeSubrange(before...)
            throw error
        }
    }

    private static func decodeEntry(
        _ reader: inout ByteReader, time: Timestamp, source: String, templates: inout TemplateCache, format: RecordFormat
    ) throws(RecordDecodingError) -> JournalEntry {
        let tag = try reader.byte()
        if let type = type(ofCode: tag) {
            return .event(try decodeEvent(type, &reader, time: time, source: source, templates: &templates))
        }
        switch FactTag(rawValue: tag) {
        case .stockDeclared:
            return .stockDeclared(ingredient: try reader.string(), count: try reader.int())
        case .profileChanged:
            let fields = try reader.strings()
            guard let change = ProfileChange(fields: fields) else { throw .malformed("an unknown profile change") }
            return .profileChanged(change)
        case nil:
            guard let kind = format.fact(code: tag) else { throw .unknownEntry(tag) }
            // The context borrows the templates and gives them back: moved, not shared, so
            // a template the fact's event parses is kept without copying the cache.
            var context = FactContext(time: time, source: source, templates: templates)
            templates = TemplateCache()
            defer { templates = context.templates }
            return .fact(Fact(try kind.decode(from: &reader, in: &context)))
        }
    }

    static func decodeEvent(
        _ type: EventType, _ reader: inout ByteReader, time: Timestamp, source: String, templates: inout TemplateCache
    ) throws(RecordDecodingError) -> Event {
        let id = EventID(high: try reader.word(), low: try reader.word())
        let sequence = try reader.varint()
        let (eventTime, overflow) = time.millisecondsSince1970.addingReportingOverflow(try reader.signed())
        guard !overflow else { throw .malformed("an event time is out of range") }
        let template: MessageTemplate
        switch try reader.byte() {
        case 0: template = MessageCatalog.defaults[type]
        case 1: template = templates.template(for: try reader.string())
        default: throw .malformed("unknown template marker")
        }
        let payload = try PayloadCodec.decode(type, &reader, repeats: &templates.repeats)
        return Event(
            id: id, sequence: sequence, time: Timestamp(millisecondsSince1970: eventTime), source: source,
            payload: payload, template: template
        )
    }
}

/// Parsed message templates by text: a menu has a handful, and a reader meets each in
/// thousands of records.
struct TemplateCache: Sendable {
    private var parsed: [String: MessageTemplate] = [:]
    /// The last record's source: nearly every record of a journal has the same one.
    private var lastSource: (bytes: [UInt8], text: String) = ([], "")
    /// The parts of the last events that the next ones often repeat.
    var repeats = RepeatedParts()

    /// The source whose UTF-8 is `bytes`, made once while it repeats.
    mutating func source(_ bytes: UnsafeRawBufferPointer) -> String {
        if bytes.count == lastSource.bytes.count, lastSource.bytes.withUnsafeBytes({ $0.elementsEqual(bytes) }) {
            return lastSource.text
        }
        let text = String(decoding: bytes.bindMemory(to: UInt8.self), as: UTF8.self)
        lastSource = (Array(bytes), text)
        return text
    }

    mutating func template(for text: String) -> MessageTemplate {
        if let known = parsed[text] { return known }
        let template = (try? MessageTemplate(parsing: text)) ?? MessageTemplate(literal: text)
        if parsed.count < 256 { parsed[text] = template }
        return template
    }
}

/// Decodes many record bodies in a row, parsing each custom message template once.
public struct RecordDecoder: Sendable {
    private var templates = TemplateCache()
    /// The kinds of fact the records may hold.
    public let format: RecordFormat

    public init(format: RecordFormat) {
        self.format = format
    }

    public mutating func decode(_ body: UnsafeRawBufferPointer) throws(RecordDecodingError) -> JournalRecord {
        var reader = ByteReader(body)
        return try RecordCodec.decode(&reader, templates: &templates, format: format)
    }

    /// Reads a record body and appends the events `include` accepts to `events`, without
    /// making the record: what a sink's reader needs. On an error `events` is as it was.
    public mutating func decodeEvents(
        _ body: UnsafeRawBufferPointer, into events: inout [Event], where include: (Event) -> Bool
    ) throws(RecordDecodingError) {
        var reader = ByteReader(body)
        try RecordCodec.decodeEvents(&reader, templates: &templates, format: format, into: &events, where: include)
    }
}
