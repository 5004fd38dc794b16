import KioskCore

/// The binary form of a snapshot's body (format version 1).
///
/// ```
/// snapshot = position:varint seq:varint menu:string stock ledger deliveries
/// stock    = count (ingredient:string count)*
/// ledger   = made refused revenue:zigzag sales usage history
/// deliveries = count (sink:string count (reason:string retrying:u8 source:string event)*)*
/// section* = 1 profiles: count (count string*)*   the changes that make them (`Profiles.changes`)
///          | 2 board                               (`SnapshotCodec+Board.swift`)
///          | 3 answers: count (key:string time:signed request:string status:varint body:string)*
///          | 4 choice sales: count (item:string 0 size:string quantity | item:string 1 group:string option:string quantity)*
/// ```
///
/// Sections follow the deliveries only when they hold something: a snapshot without
/// profiles, a board, answers or sales by size and option is byte for byte what kiosk wrote
/// before they were state,
/// and a snapshot from then reads as one without them.
public enum SnapshotCodec {
    /// What may follow the deliveries, each at most once, in this order.
    enum Section: UInt8 {
        case profiles = 1
        case board = 2
        case answers = 3
        case choiceSales = 4
    }

    public static func encode(_ snapshot: JournalSnapshot) -> [UInt8] {
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
        let sinks = snapshot.deliveries.bySink.keys.sorted()
        writer.varint(UInt64(sinks.count))
        for sink in sinks {
            let failures = snapshot.deliveries.failures(of: sink)
            writer.string(sink)
            writer.varint(UInt64(failures.count))
            for failure in failures {
                writer.string(failure.reason)
                writer.byte(failure.retrying ? 1 : 0)
                writer.string(failure.event.source)
                RecordCodec.encode(failure.event, relativeTo: Timestamp(millisecondsSince1970: 0), into: &writer)
            }
        }
        if !snapshot.kiosk.profiles.isEmpty {
            writer.byte(Section.profiles.rawValue)
            let changes = snapshot.kiosk.profiles.changes
            writer.varint(UInt64(changes.count))
            for change in changes { writer.strings(change.fields) }
        }
        if let board = snapshot.kiosk.board {
            writer.byte(Section.board.rawValue)
            encode(board, into: &writer)
        }
        if !snapshot.answers.isEmpty {
            writer.byte(Section.answers.rawValue)
            let answers = snapshot.answers.answers
            writer.varint(UInt64(answers.count))
            for answer in answers {
                writer.string(answer.key)
                writer.signed(answer.time.millisecondsSince1970)
                writer.string(answer.request)
                writer.varint(UInt64(clamping: answer.status))
                writer.string(answer.body)
            }
        }
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
        return writer.bytes
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
    public static func decode(_ body: UnsafeRawBufferPointer) throws(RecordDecodingError) -> JournalSnapshot {
        var reader = ByteReader(body)
        let position = try reader.varint()
        let sequence = try reader.varint()
        let menu = try reader.string()
        var stock: [IngredientCount] = []
        for _ in 0..<(try reader.count(minimumBytes: 2)) {
            stock.append(IngredientCount(ingredient: try reader.string(), count: try reader.int()))
        }
        var ledger = try decodeLedger(&reader)
        var templates = TemplateCache()
        var bySink: [String: [DeliveryFailures.Failure]] = [:]
        for _ in 0..<(try reader.count(minimumBytes: 2)) {
            let sink = try reader.string()
            var failures: [DeliveryFailures.Failure] = []
            for _ in 0..<(try reader.count(minimumBytes: 20)) {
                let reason = try reader.string()
                let retrying = try reader.byte() == 1
                let source = try reader.string()
                let tag = try reader.byte()
                guard let type = RecordCodec.type(ofCode: tag) else { throw .unknownEntry(tag) }
                let event = try RecordCodec.decodeEvent(type, &reader, time: Timestamp(millisecondsSince1970: 0), source: source, templates: &templates)
                failures.append(DeliveryFailures.Failure(event: event, reason: reason, retrying: retrying))
            }
            bySink[sink] = failures
        }
        var profiles = Profiles()
        var board: BoardSnapshot?
        var answers = AnsweredRequests()
        var choiceSales: [Ledger.ChoiceSales] = []
        var last: UInt8 = 0
        while !reader.isAtEnd {
            let tag = try reader.byte()
            guard let section = Section(rawValue: tag) else { throw .malformed("bytes follow the snapshot") }
            guard tag > last else { throw .malformed("section \(tag) is out of order") }
            last = tag
            switch section {
            case .profiles:
                for _ in 0..<(try reader.count(minimumBytes: 3)) {
                    guard let change = ProfileChange(fields: try reader.strings()) else { throw .malformed("an unknown profile change") }
                    profiles.apply(change)
                }
            case .board:
                board = try decodeBoard(&reader)
            case .answers:
                for _ in 0..<(try reader.count(minimumBytes: 5)) {
                    let key = try reader.string()
                    let time = Timestamp(millisecondsSince1970: try reader.signed())
                    let request = try reader.string()
                    guard let status = Int(exactly: try reader.varint()), (100...599).contains(status) else {
                        throw .malformed("an HTTP status out of range")
                    }
                    answers.remember(AnsweredRequest(key: key, time: time, request: request, status: status, body: try reader.string()))
                }
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
            }
        }
        ledger.choiceSales = choiceSales
        let kiosk = KioskSnapshot(menuName: menu, sequence: sequence, stock: stock, ledger: ledger, profiles: profiles, board: board)
        return JournalSnapshot(position: position, kiosk: kiosk, deliveries: DeliveryFailures(bySink: bySink), answers: answers)
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
