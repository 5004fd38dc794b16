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

    /// A café's menu with a board: a latte in two sizes with a group of milks, one of
    /// extras and one that leaves the sugar out; and a croissant without choices.
    public static func latteMenu() throws -> Menu {
        let (espresso, milk, oat, sugar, croissant) = (0, 1, 2, 3, 4)
        let choices = ItemChoices(
            sizes: [
                ItemSize(name: "small", price: Money(hundredths: 400_000), recipe: Recipe([.init(ingredient: espresso, quantity: 1), .init(ingredient: milk, quantity: 200), .init(ingredient: sugar, quantity: 10)])),
                ItemSize(name: "large", price: Money(hundredths: 500_000), recipe: Recipe([.init(ingredient: espresso, quantity: 2), .init(ingredient: milk, quantity: 300), .init(ingredient: sugar, quantity: 10)])),
            ],
            defaultSize: 1,
            groups: [
                OptionGroup(name: "Milk", minimum: 1, maximum: 1, options: [
                    ItemOption(name: "Whole", isDefault: true),
                    ItemOption(name: "Oat", price: Money(hundredths: 50_000), changes: [.replace(milk, with: oat)]),
                ]),
                OptionGroup(name: "Extras", minimum: 0, maximum: 3, options: [
                    ItemOption(name: "Extra shot", price: Money(hundredths: 50_000), adds: [.init(ingredient: espresso, quantity: 1)], repeatLimit: 2),
                ]),
                OptionGroup(name: "Sugar", minimum: 0, maximum: 1, options: [ItemOption(name: "No sugar", changes: [.remove(sugar)])]),
            ]
        )
        return try Menu(
            name: "Cafe", currency: "KRW",
            ingredients: ["espresso", "milk", "oat-milk", "sugar", "croissant"].map { Ingredient(name: $0, initialStock: 1_000) },
            items: [
                Item(name: "Latte", choices: choices, station: 0),
                Item(name: "Croissant", price: Money(hundredths: 300_000), recipe: Recipe([.init(ingredient: croissant, quantity: 1)]), station: 1),
            ],
            stations: [Station(name: "bar"), Station(name: "counter")], board: BoardSettings()
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

extension KioskSnapshot {
    /// This snapshot with its history's line totals let go: what a snapshot held before
    /// they were state (section 11), for tests of the sections before it.
    public var withoutLineTotals: KioskSnapshot {
        var stripped = self
        stripped.ledger.history = ledger.history.map {
            OrderRecord(sequence: $0.sequence, time: $0.time, lines: $0.lines, result: $0.result, price: $0.price, ticket: $0.ticket)
        }
        return stripped
    }
}
