import KioskCore

/// The binary form of a snapshot's body (format version 1).
///
/// ```
/// snapshot = position:varint seq:varint menu:string stock ledger after-ledger section*
/// stock    = count (ingredient:string count)*
/// ledger   = made refused revenue:zigzag sales usage history
/// after-ledger = the fold registered `.afterLedger` (the sinks' failed deliveries) | 0
/// section  = 1 profiles: count (count string*)*   the changes that make them (`Profiles.changes`)
///          | 2 board                               (`SnapshotCodec+Board.swift`)
///          | 4 choice sales: count (item:string 0 size:string quantity | item:string 1 group:string option:string quantity)*
///          | 5 money by day: count (day:zigzag orders gross discounts net total cancelled
///                                   taxes:count (name:string included:u8 amount)*)*
///          | 6 prices of the history's orders: count (seq:varint price)*   (price as in `PayloadCodec`)
///          | 7 payments: next:varint count (order:varint taken:zigzag{tenders} refunded:zigzag{tenders} flags:u8 — 1 restocked, 2 voided, 4 and 8 lines refunded and restocked follow)*
///                        (payments amount tips rounding refunds){tenders}
///                        (what recent orders were paid and refunded by each tender, in `Tender`
///                        order, then each tender's takings)
///          | 8 drawer: day:zigzag flags:u8 (1 open, 2 counted, 4 taxes, 8 operators) float payIns payOuts [counted]
///                      (payments amount tips rounding refunds){tenders} — the takings when the day opened
///                      [taxes]   the day's by tax rate, as in `PayloadCodec` (`encode(taxes:)`)
///                      [operators] the day by operator, as in `PayloadCodec` (`encode(operators:)`)
///          | 9 tickets of the history's orders: count (seq:varint ticket:varint)*
///          | 10 held orders: count (order:varint until:zigzag(ms))*   (a menu paid first's unpaid orders)
///          | 11 line totals of the history's orders: count (seq:varint count (total:zigzag)*)*
///          | tag fold                              a fold registered `.section(tag)` (3: answered requests)
/// ```
///
/// Sections follow in the order of their tags, each only when it holds something: a
/// snapshot without profiles, a board, sales by size and option or a layer's facts is byte
/// for byte what kiosk wrote before they were state, and a snapshot from then reads as one
/// without them. The layers' folds are written and read by the `RecordFormat` given.
public enum SnapshotCodec {
    /// The domain's sections, each at most once, in this order.
    enum Section: UInt8, CaseIterable {
        case profiles = 1
        case board = 2
        case choiceSales = 4
        case moneyDays = 5
        case historyPrices = 6
        case payments = 7
        case drawer = 8
        case historyTickets = 9
        case holds = 10
        case historyLineTotals = 11

        static let domainTags = Set(allCases.map(\.rawValue))
    }

    public static func encode(_ snapshot: JournalSnapshot, format: RecordFormat) -> [UInt8] {
        var writer = ByteWriter()
        writer.varint(snapshot.position)
        writer.varint(snapshot.kiosk.sequence)
        writer.string(snapshot.kiosk.menuName)
        writer.varint(UInt64(snapshot.kiosk.stock.count))
        for entry in snapshot.kiosk.stock {
            writer.string(entry.ingredient)
            writer.int(entry.count)
        }
        encode(snapshot.kiosk.ledger, into: &writer)
        if let kind = format.folds.first(where: { $0.place == .afterLedger }) {
            encode(kind, of: snapshot.facts, into: &writer)
        } else {
            writer.varint(0)
        }
        var sections = foldSections(format)
        writeSections(&sections, below: Int(Section.profiles.rawValue), of: snapshot.facts, into: &writer)
        if !snapshot.kiosk.profiles.isEmpty {
            writer.byte(Section.profiles.rawValue)
            let changes = snapshot.kiosk.profiles.changes
            writer.varint(UInt64(changes.count))
            for change in changes { writer.strings(change.fields) }
        }
        writeSections(&sections, below: Int(Section.board.rawValue), of: snapshot.facts, into: &writer)
        if let board = snapshot.kiosk.board {
            writer.byte(Section.board.rawValue)
            encode(board, into: &writer)
        }
        writeSections(&sections, below: Int(Section.choiceSales.rawValue), of: snapshot.facts, into: &writer)
        let choiceSales = snapshot.kiosk.ledger.choiceSales
        if !choiceSales.isEmpty {
            writer.byte(Section.choiceSales.rawValue)
            writer.varint(UInt64(choiceSales.count))
            for line in choiceSales {
                writer.string(line.item)
                switch line.choice {
                case .size(let size):
                    writer.byte(0)
                    writer.string(size)
                case .option(let group, let option):
                    writer.byte(1)
                    writer.string(group)
                    writer.string(option)
                }
                writer.int(line.quantity)
            }
        }
        writeSections(&sections, below: Int(Section.moneyDays.rawValue), of: snapshot.facts, into: &writer)
        let days = snapshot.kiosk.ledger.moneyDays
        if !days.isEmpty {
            writer.byte(Section.moneyDays.rawValue)
            writer.varint(UInt64(days.count))
            for day in days {
                writer.int(day.day)
                writer.int(day.orders)
                for amount in [day.gross, day.discounts, day.net, day.total, day.cancelled] { writer.int(amount.hundredths) }
                writer.varint(UInt64(day.taxes.count))
                for tax in day.taxes {
                    writer.string(tax.name)
                    writer.byte(tax.included ? 1 : 0)
                    writer.int(tax.amount.hundredths)
                }
            }
        }
        writeSections(&sections, below: Int(Section.historyPrices.rawValue), of: snapshot.facts, into: &writer)
        writeHistory(.historyPrices, of: snapshot.kiosk.ledger.history.filter { $0.price != nil }, into: &writer) { record, writer in
            if let price = record.price { PayloadCodec.encode(price, into: &writer) }
        }
        writeSections(&sections, below: Int(Section.payments.rawValue), of: snapshot.facts, into: &writer)
        let payments = snapshot.kiosk.payments
        if !payments.isEmpty {
            writer.byte(Section.payments.rawValue)
            writer.varint(UInt64(payments.nextPayment))
            writer.varint(UInt64(payments.orders.count))
            for (order, paid) in payments.orders.sorted {
                writer.varint(order)
                PayloadCodec.encode(paid, into: &writer)
            }
            PayloadCodec.encode(takings: payments.takings, into: &writer)
        }
        writeSections(&sections, below: Int(Section.drawer.rawValue), of: snapshot.facts, into: &writer)
        let drawer = snapshot.kiosk.drawer
        if !drawer.isEmpty {
            writer.byte(Section.drawer.rawValue)
            writer.int(drawer.day)
            writer.byte((drawer.isOpen ? 1 : 0) | (drawer.counted == nil ? 0 : 2) | (drawer.taxes.isEmpty ? 0 : 4) | (drawer.operators.isEmpty ? 0 : 8))
            for amount in [drawer.float, drawer.payIns, drawer.payOuts] + (drawer.counted.map { [$0] } ?? []) { writer.int(amount.hundredths) }
            PayloadCodec.encode(takings: drawer.takingsAtOpen, into: &writer)
            if !drawer.taxes.isEmpty { PayloadCodec.encode(taxes: drawer.taxes, into: &writer) }
            if !drawer.operators.isEmpty { PayloadCodec.encode(operators: drawer.operators, into: &writer) }
        }
        writeSections(&sections, below: Int(Section.historyTickets.rawValue), of: snapshot.facts, into: &writer)
        writeHistory(.historyTickets, of: snapshot.kiosk.ledger.history.filter { $0.ticket != nil }, into: &writer) { record, writer in
            writer.varint(UInt64(max(0, record.ticket ?? 0)))
        }
        writeSections(&sections, below: Int(Section.holds.rawValue), of: snapshot.facts, into: &writer)
        let holds = snapshot.kiosk.holds.holds
        if !holds.isEmpty {
            writer.byte(Section.holds.rawValue)
            writer.varint(UInt64(holds.count))
            for hold in holds {
                writer.varint(hold.order)
                writer.signed(hold.until.millisecondsSince1970)
            }
        }
        writeSections(&sections, below: Int(Section.historyLineTotals.rawValue), of: snapshot.facts, into: &writer)
        writeHistory(.historyLineTotals, of: snapshot.kiosk.ledger.history.filter { !$0.lineTotals.isEmpty }, into: &writer) { record, writer in
            writer.varint(UInt64(record.lineTotals.count))
            for total in record.lineTotals { writer.int(total.hundredths) }
        }
        writeSections(&sections, below: 256, of: snapshot.facts, into: &writer)
        return writer.bytes
    }

    /// A section of what some of the history's orders hold, `records`: `count × (seq:varint
    /// value)`; none when there are none.
    private static func writeHistory(
        _ section: Section, of records: [OrderRecord], into writer: inout ByteWriter, value: (OrderRecord, inout ByteWriter) -> Void
    ) {
        guard !records.isEmpty else { return }
        writer.byte(section.rawValue)
        writer.varint(UInt64(records.count))
        for record in records {
            writer.varint(record.sequence)
            value(record, &writer)
        }
    }

    /// The folds kept in sections of their own, by tag.
    private static func foldSections(_ format: RecordFormat) -> ArraySlice<(tag: UInt8, kind: any RecordedFold.Type)> {
        let sections = format.folds.compactMap { kind -> (tag: UInt8, kind: any RecordedFold.Type)? in
            if case .section(let tag) = kind.place { (tag, kind) } else { nil }
        }
        return sections.sorted { $0.tag < $1.tag }[...]
    }

    /// Writes the sections of `sections` with a tag below `limit` that hold something.
    private static func writeSections(
        _ sections: inout ArraySlice<(tag: UInt8, kind: any RecordedFold.Type)>, below limit: Int, of facts: FactFolds,
        into writer: inout ByteWriter
    ) {
        while let next = sections.first, Int(next.tag) < limit {
            sections.removeFirst()
            guard !isEmpty(next.kind, in: facts) else { continue }
            writer.byte(next.tag)
            encode(next.kind, of: facts, into: &writer)
        }
    }

    private static func isEmpty<Fold: RecordedFold>(_ kind: Fold.Type, in facts: FactFolds) -> Bool {
        facts[kind].isEmpty
    }

    private static func encode<Fold: RecordedFold>(_ kind: Fold.Type, of facts: FactFolds, into writer: inout ByteWriter) {
        facts[kind].encode(into: &writer)
    }

    private static func decode<Fold: RecordedFold>(
        _ kind: Fold.Type, from reader: inout ByteReader, in context: inout FactContext, into facts: inout FactFolds
    ) throws(RecordDecodingError) {
        facts[kind] = try kind.decode(from: &reader, in: &context)
    }

    private static func encode(_ ledger: LedgerSnapshot, into writer: inout ByteWriter) {
        writer.int(ledger.madeOrders)
        writer.int(ledger.refusedOrders)
        writer.int(ledger.revenue.hundredths)
        writer.varint(UInt64(ledger.sales.count))
        for line in ledger.sales {
            writer.string(line.item)
            writer.int(line.quantity)
            writer.int(line.revenue.hundredths)
        }
        writer.varint(UInt64(ledger.usage.count))
        for line in ledger.usage {
            writer.string(line.ingredient)
            writer.int(line.used)
        }
        writer.varint(UInt64(ledger.history.count))
        for record in ledger.history {
            writer.varint(record.sequence)
            writer.signed(record.time.millisecondsSince1970)
            writer.varint(UInt64(record.lines.count))
            for line in record.lines { LineCodec.encode(line, into: &writer) }
            switch record.result {
            case .made(let total):
                writer.byte(total == nil ? 0 : 1)
                if let total { writer.int(total.hundredths) }
            case .refused(let missing):
                writer.byte(2)
                writer.varint(UInt64(missing.count))
                for entry in missing {
                    writer.string(entry.ingredient)
                    writer.int(entry.needed)
                    writer.int(entry.available)
                }
            }
        }
    }

    /// Reads a snapshot body.
    ///
    /// - Throws: `RecordDecodingError` for anything malformed; it never traps.
    public static func decode(_ body: UnsafeRawBufferPointer, format: RecordFormat) throws(RecordDecodingError) -> JournalSnapshot {
        var reader = ByteReader(body)
        let position = try reader.varint()
        let sequence = try reader.varint()
        let menu = try reader.string()
        var stock: [IngredientCount] = []
        for _ in 0..<(try reader.count(minimumBytes: 2)) {
            stock.append(IngredientCount(ingredient: try reader.string(), count: try reader.int()))
        }
        var ledger = try decodeLedger(&reader)
        var facts = format.emptyFolds
        var context = FactContext(time: Timestamp(millisecondsSince1970: 0), source: "", templates: TemplateCache())
        if let kind = format.folds.first(where: { $0.place == .afterLedger }) {
            try decode(kind, from: &reader, in: &context, into: &facts)
        } else if try reader.varint() != 0 {
            throw .malformed("the snapshot keeps facts of a kind this program does not know")
        }
        var profiles = Profiles()
        var board: BoardSnapshot?
        var choiceSales: [Ledger.ChoiceSales] = []
        var moneyDays: [Ledger.MoneyDay] = []
        var prices: [UInt64: PriceBreakdown] = [:]
        var tickets: [UInt64: Int] = [:]
        var lineTotals: [UInt64: [Money]] = [:]
        var payments = PaymentBook()
        var drawer = DrawerBook()
        var holds: [HeldOrders.Hold] = []
        var last: UInt8 = 0
        while !reader.isAtEnd {
            let tag = try reader.byte()
            let section = Section(rawValue: tag)
            let fold = section == nil ? format.folds.first(where: { $0.place == .section(tag) }) : nil
            guard section != nil || fold != nil else { throw .malformed("bytes follow the snapshot") }
            guard tag > last else { throw .malformed("section \(tag) is out of order") }
            last = tag
            guard let section else {
                if let fold { try decode(fold, from: &reader, in: &context, into: &facts) }
                continue
            }
            switch section {
            case .profiles:
                for _ in 0..<(try reader.count(minimumBytes: 3)) {
                    guard let change = ProfileChange(fields: try reader.strings()) else { throw .malformed("an unknown profile change") }
                    profiles.apply(change)
                }
            case .board:
                board = try decodeBoard(&reader)
            case .choiceSales:
                for _ in 0..<(try reader.count(minimumBytes: 4)) {
                    let item = try reader.string()
                    let choice: Ledger.ChoiceSales.Choice
                    switch try reader.byte() {
                    case 0: choice = .size(try reader.string())
                    case 1: choice = .option(group: try reader.string(), option: try reader.string())
                    default: throw .malformed("a sale by choice is neither a size nor an option")
                    }
                    choiceSales.append(Ledger.ChoiceSales(item: item, choice: choice, quantity: max(0, try reader.int())))
                }
            case .moneyDays:
                for _ in 0..<(try reader.count(minimumBytes: 8)) {
                    let day = try reader.int()
                    let orders = max(0, try reader.int())
                    var amounts: [Money] = []
                    for _ in 0..<5 { amounts.append(Money(hundredths: try reader.int())) }
                    var taxes: [Ledger.MoneyDay.TaxTotal] = []
                    for _ in 0..<(try reader.count(minimumBytes: 3)) {
                        let name = try reader.string()
                        let included = try reader.byte() != 0
                        taxes.append(Ledger.MoneyDay.TaxTotal(name: name, included: included, amount: Money(hundredths: try reader.int())))
                    }
                    moneyDays.append(Ledger.MoneyDay(
                        day: day, orders: orders, gross: amounts[0], discounts: amounts[1], net: amounts[2], total: amounts[3],
                        cancelled: amounts[4], taxes: taxes
                    ))
                }
            case .historyPrices:
                for _ in 0..<(try reader.count(minimumBytes: 6)) {
                    let sequence = try reader.varint()
                    prices[sequence] = try PayloadCodec.decodePrice(&reader, total: .zero)
                }
            case .payments:
                let next = Int(clamping: try reader.varint())
                var orders: [UInt64: PaymentBook.OrderPayments] = [:]
                for _ in 0..<(try reader.count(minimumBytes: 2 + 2 * Tender.allCases.count)) {
                    let order = try reader.varint()
                    orders[order] = try PayloadCodec.decodeOrderPayments(&reader)
                }
                payments = PaymentBook(nextPayment: next, orders: orders, takings: try PayloadCodec.decodeTakings(&reader))
            case .drawer:
                let day = max(0, try reader.int())
                let flags = try reader.byte()
                guard flags <= 15 else { throw .malformed("unknown drawer flags") }
                let float = Money(hundredths: try reader.int())
                let payIns = Money(hundredths: try reader.int())
                let payOuts = Money(hundredths: try reader.int())
                let counted = flags & 2 != 0 ? Money(hundredths: try reader.int()) : nil
                let takingsAtOpen = try PayloadCodec.decodeTakings(&reader)
                let taxes = flags & 4 != 0 ? try PayloadCodec.decodeTaxes(&reader) : []
                drawer = DrawerBook(
                    day: day, isOpen: flags & 1 != 0, float: float, payIns: payIns, payOuts: payOuts, counted: counted,
                    takingsAtOpen: takingsAtOpen, taxes: taxes, operators: flags & 8 != 0 ? try PayloadCodec.decodeOperators(&reader) : []
                )
            case .historyTickets:
                for _ in 0..<(try reader.count(minimumBytes: 2)) {
                    let sequence = try reader.varint()
                    tickets[sequence] = Int(clamping: try reader.varint())
                }
            case .historyLineTotals:
                for _ in 0..<(try reader.count(minimumBytes: 2)) {
                    let sequence = try reader.varint()
                    var totals: [Money] = []
                    for _ in 0..<(try reader.count(minimumBytes: 1)) { totals.append(Money(hundredths: try reader.int())) }
                    lineTotals[sequence] = totals
                }
            case .holds:
                for _ in 0..<(try reader.count(minimumBytes: 2)) {
                    let order = try reader.varint()
                    holds.append(HeldOrders.Hold(order: order, until: Timestamp(millisecondsSince1970: try reader.signed())))
                }
            }
        }
        ledger.choiceSales = choiceSales
        ledger.moneyDays = moneyDays
        if !prices.isEmpty || !tickets.isEmpty || !lineTotals.isEmpty {
            ledger.history = ledger.history.map { record in
                guard case .made(let total) = record.result else { return record }
                let price = prices[record.sequence].map { $0.with(total: total ?? $0.total) }
                return OrderRecord(
                    sequence: record.sequence, time: record.time, lines: record.lines, result: record.result, price: price,
                    ticket: tickets[record.sequence], lineTotals: lineTotals[record.sequence] ?? []
                )
            }
        }
        var kiosk = KioskSnapshot(menuName: menu, sequence: sequence, stock: stock, ledger: ledger, profiles: profiles, board: board)
        kiosk.payments = payments
        kiosk.drawer = drawer
        kiosk.holds = HeldOrders(holds)
        return JournalSnapshot(position: position, kiosk: kiosk, facts: facts)
    }

    private static func decodeLedger(_ reader: inout ByteReader) throws(RecordDecodingError) -> LedgerSnapshot {
        var ledger = LedgerSnapshot(madeOrders: try reader.int(), refusedOrders: try reader.int())
        ledger.revenue = Money(hundredths: try reader.int())
        for _ in 0..<(try reader.count(minimumBytes: 3)) {
            ledger.sales.append(Ledger.Sales(item: try reader.string(), quantity: try reader.int(), revenue: Money(hundredths: try reader.int())))
        }
        for _ in 0..<(try reader.count(minimumBytes: 2)) {
            ledger.usage.append(Ledger.Usage(ingredient: try reader.string(), used: try reader.int()))
        }
        for _ in 0..<(try reader.count(minimumBytes: 4)) {
            let sequence = try reader.varint()
            let time = Timestamp(millisecondsSince1970: try reader.signed())
            var lines: [ItemQuantity] = []
            for _ in 0..<(try reader.count(minimumBytes: 2)) {
                lines.append(try LineCodec.decodeItemQuantity(&reader))
            }
            let result: OrderRecord.Result
            switch try reader.byte() {
            case 0: result = .made(total: nil)
            case 1: result = .made(total: Money(hundredths: try reader.int()))
            case 2:
                var missing: [Missing] = []
                for _ in 0..<(try reader.count(minimumBytes: 3)) {
                    missing.append(Missing(ingredient: try reader.string(), needed: try reader.int(), available: try reader.int()))
                }
                result = .refused(missing: missing)
            default: throw .malformed("unknown order result")
            }
            ledger.history.append(OrderRecord(sequence: sequence, time: time, lines: lines, result: result))
        }
        return ledger
    }
}
