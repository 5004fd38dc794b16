import KioskCore
@testable import KioskRecords
import KioskText

/// A layer of the tests' own, registering a kind of fact and its fold the way the sinks and
/// the application register theirs — without a change to the domain or the codec.
struct Note: RecordedFact {
    let text: String
    let at: Timestamp

    static let code: UInt8 = 120
    static let name = "note.taken"

    func encode(into writer: inout ByteWriter, at time: Timestamp) {
        writer.string(text)
        writer.time(at, at: time)
    }

    static func decode(from reader: inout ByteReader, in record: inout FactContext) throws(RecordDecodingError) -> Note {
        Note(text: try reader.string(), at: try reader.time(in: record))
    }

    func dump(into writer: inout JSONWriter) {
        writer.field("text", text)
    }
}

/// The notes taken, in order: kept in snapshot section 20.
struct Notes: RecordedFold {
    var texts: [String] = []

    init() {}

    init(texts: [String]) {
        self.texts = texts
    }

    mutating func apply(_ record: JournalRecord) {
        texts += record.facts(Note.self).map(\.text)
    }

    var isEmpty: Bool { texts.isEmpty }

    static let place = SnapshotPlace.section(20)

    func encode(into writer: inout ByteWriter) {
        writer.strings(texts)
    }

    static func decode(from reader: inout ByteReader, in snapshot: inout FactContext) throws(RecordDecodingError) -> Notes {
        Notes(texts: try reader.strings())
    }

    func dump(into writer: inout JSONWriter) {
        writer.array("notes", strings: texts)
    }
}

extension RecordFormat {
    static let notes = RecordFormat(facts: [Note.self], folds: [Notes.self])
}

extension JournalEntry {
    static func note(_ text: String) -> JournalEntry {
        .fact(Fact(Note(text: text, at: Timestamp(millisecondsSince1970: 1_700_000_000_000))))
    }
}
