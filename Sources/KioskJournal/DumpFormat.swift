import KioskCore
import KioskRecords
import KioskText

/// The JSON lines of `kiosk state dump`: a snapshot line, then a line per record.
///
/// ```
/// {"snapshot":{"position":…,"seq":…,"menu":…,"stock":{…},"made":…,"refused":…,"revenue":"…","sales":[…],"usage":[…],"profiles":[["add","ana"],…],"answers":[…]}}
/// {"position":…,"time":"…","source":"…","events":[CloudEvents…],"facts":[{"fact":"stock.declared",…}]}
/// ```
enum DumpFormat {
    static func line(for snapshot: JournalSnapshot, format: RecordFormat) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        writer.key("snapshot")
        writer.beginObject()
        writer.field("position", snapshot.position)
        writer.field("seq", snapshot.kiosk.sequence)
        writer.field("menu", snapshot.kiosk.menuName)
        writer.object("stock", counts: snapshot.kiosk.stock)
        let ledger = snapshot.kiosk.ledger
        writer.field("made", ledger.madeOrders)
        writer.field("refused", ledger.refusedOrders)
        writer.field("revenue", ledger.revenue.description)
        writer.array("sales", objects: ledger.sales) { writer, line in
            writer.field("item", line.item)
            writer.field("quantity", line.quantity)
            writer.field("revenue", line.revenue.description)
        }
        writer.array("usage", objects: ledger.usage) { writer, line in
            writer.field("ingredient", line.ingredient)
            writer.field("used", line.used)
        }
        if !snapshot.kiosk.profiles.isEmpty {
            writer.key("profiles")
            writer.beginArray()
            for change in snapshot.kiosk.profiles.changes { change.write(to: &writer) }
            writer.endArray()
        }
        for kind in format.folds { dump(kind, of: snapshot.facts, into: &writer) }
        writer.endObject()
        writer.endObject()
        writer.endLine()
        return writer.bytes
    }

    static func line(for record: JournalRecord, at position: UInt64) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        writer.field("position", position)
        writer.key("time")
        writer.timestamp(record.time)
        writer.field("source", record.source)
        writer.key("events")
        writer.beginArray()
        for case .event(let event) in record.entries { event.write(to: &writer) }
        writer.endArray()
        writer.key("facts")
        writer.beginArray()
        for entry in record.entries { fact(entry, into: &writer) }
        writer.endArray()
        writer.endObject()
        writer.endLine()
        return writer.bytes
    }

    private static func fact(_ entry: JournalEntry, into writer: inout JSONWriter) {
        switch entry {
        case .event:
            return
        case .stockDeclared(let ingredient, let count):
            writer.beginObject()
            writer.field("fact", "stock.declared")
            writer.field("ingredient", ingredient)
            writer.field("count", count)
        case .profileChanged(let change):
            writer.beginObject()
            writer.field("fact", "profile.changed")
            writer.key("change")
            change.write(to: &writer)
        case .fact(let fact):
            guard let recorded = fact.value as? any RecordedFact else { return }
            writer.beginObject()
            writer.field("fact", type(of: recorded).name)
            recorded.dump(into: &writer)
        }
        writer.endObject()
    }

    private static func dump<Fold: RecordedFold>(_ kind: Fold.Type, of facts: FactFolds, into writer: inout JSONWriter) {
        facts[kind].dump(into: &writer)
    }
}
