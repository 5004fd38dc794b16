import KioskCore

/// A small menu and records of a few commands of every kind, as a session writes them: what
/// the journal's and the records' tests read and write.
public enum Sample {
    public static let time = Timestamp(millisecondsSince1970: 1_795_262_400_000)

    public static func menu() throws -> Menu {
        try Menu(
            name: "Juice", currency: "KRW",
            ingredients: [Ingredient(name: "mango", initialStock: 100, lowMark: 5), Ingredient(name: "딸기", initialStock: 9)],
            items: [
                Item(name: "Mango Juice", price: Money("4.50"), recipe: Recipe([.init(ingredient: 0, quantity: 3)])),
                Item(name: "딸기 Juice", price: Money("5"), recipe: Recipe([.init(ingredient: 1, quantity: 2), .init(ingredient: 0, quantity: 1)])),
            ]
        )
    }

    /// Records of a few commands of every kind, as a session would write them.
    public static func records() throws -> (Kiosk, [JournalRecord]) {
        var kiosk = Kiosk(menu: try menu(), ids: UUIDv7Generator(seed: 4))
        var records = [JournalRecord(time: time, source: kiosk.source, entries: [.stockDeclared(ingredient: "mango", count: 100), .stockDeclared(ingredient: "딸기", count: 9)])]
        func record(_ body: (inout Kiosk, inout [Event]) throws -> Void) rethrows {
            var events: [Event] = []
            try body(&kiosk, &events)
            records.append(JournalRecord(time: time, source: kiosk.source, entries: events.map(JournalEntry.event)))
        }
        try record { kiosk, events in try kiosk.place(Order([OrderLine(item: 0, quantity: 2), OrderLine(item: 1, quantity: 1)]), at: time, emitting: &events) }
        try record { kiosk, events in try kiosk.place(Order(item: 1, quantity: 9), at: time, emitting: &events) }
        try record { kiosk, events in try kiosk.edit(.restock, 20, of: 1, at: time, emitting: &events) }
        try record { kiosk, events in try kiosk.edit(.set, 3, of: 0, at: time, emitting: &events) }
        record { kiosk, events in kiosk.replaceMenu(with: kiosk.menu, at: time, emitting: &events) }
        return (kiosk, records)
    }
}

/// Gives the events of records the next `seq`s, as a kiosk numbers them: the samples
/// repeated many times still make one journal.
public struct Numbering {
    public private(set) var last: UInt64 = 0

    public init() {}

    public mutating func callAsFunction(_ record: JournalRecord) -> JournalRecord {
        var numbered = record
        numbered.entries = record.entries.map { entry in
            guard case .event(let event) = entry else { return entry }
            last += 1
            return .event(Event(id: event.id, sequence: last, time: event.time, source: event.source, payload: event.payload, template: event.template))
        }
        return numbered
    }

    public mutating func callAsFunction(_ records: [JournalRecord]) -> [JournalRecord] {
        records.map { self($0) }
    }
}
