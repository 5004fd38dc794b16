import KioskApplication
import KioskCore
import KioskSimulation
import KioskSystem
import KioskText

/// What `kiosk reprice` prints: a row per order as it is met, and the sums at the end —
/// as text (a table of the orders whose total changes, or of all with `--all`, then the
/// totals), one JSON object per line, or CSV. Nothing but the sums is kept, so the
/// table's columns have widths of their own rather than the widest row's, and the order's
/// lines, of any width, come last.
struct RepriceReport {
    /// One recorded order and what the new menu makes of it.
    struct Row {
        let sequence: UInt64
        let time: Timestamp
        let made: OrderSucceeded
        let outcome: Repricer.Outcome

        /// The new total, when the new menu prices the order and has prices.
        var newTotal: Money? {
            guard case .priced(let total, _) = outcome else { return nil }
            return total
        }

        /// New less recorded, when both are known and the difference fits.
        var difference: Money? {
            guard let new = newTotal, let recorded = made.total else { return nil }
            let (value, overflow) = new.hundredths.subtractingReportingOverflow(recorded.hundredths)
            return overflow ? nil : Money(hundredths: value)
        }

        var isPriceable: Bool {
            if case .priced = outcome { true } else { false }
        }

        /// Whether the new menu prices the order differently (or not at all).
        var changed: Bool { !isPriceable || newTotal != made.total }
    }

    /// A sum of amounts that says so when it no longer fits, rather than trap or wrap.
    struct Sum {
        private(set) var value: Money? = .zero

        mutating func add(_ amount: Money?) {
            guard let amount else { return }
            value = value?.adding(amount)
        }
    }

    let form: RepriceArguments.Output
    let all: Bool
    /// The new menu's currency, for the totals.
    let currency: String?
    private(set) var orders = 0
    private(set) var repriced = 0
    private(set) var changed = 0
    private(set) var unpriceable = 0
    private(set) var recorded = Sum()
    private(set) var new = Sum()
    /// The recorded totals of the orders the new menu cannot price, apart.
    private(set) var unpriceableRecorded = Sum()
    private var writer = JSONWriter()
    private var textCache = TextCache()
    /// Whether the header is out: it is written with the first row, or the sums, so that a
    /// state that cannot be read prints an error alone.
    private var started = false

    init(form: RepriceArguments.Output, all: Bool, currency: String?) {
        self.form = form
        self.all = all
        self.currency = currency
    }

    // MARK: Rows

    /// The first lines: the table's heading or the CSV header; none for JSON.
    var header: String {
        switch form {
        case .text:
            RepriceReport.cells([
                (tr("SEQ"), 8, true), (tr("TIME"), 24, false), (tr("RECORDED"), 12, true), (tr("NEW"), 12, true),
                (tr("DIFFERENCE"), 12, true), (tr("ORDER"), 0, false),
            ])
        case .csv: "seq,time,order,recorded,new,difference,unpriceable\n"
        case .json: ""
        }
    }

    /// Counts `row` and writes it, unless it is a row the text leaves out.
    mutating func add(_ row: Row, to output: FileOutput) {
        start(output)
        orders += 1
        if row.changed { changed += 1 }
        if row.isPriceable {
            repriced += 1
            recorded.add(row.made.total)
            new.add(row.newTotal)
        } else {
            unpriceable += 1
            unpriceableRecorded.add(row.made.total)
        }
        switch form {
        case .text:
            if all || row.changed { output.write { RepriceReport.text(row, into: &$0, cache: &textCache) } }
        case .csv:
            output.write(RepriceReport.csv(row, cache: &textCache))
        case .json:
            writer.removeAll()
            RepriceReport.json(row, into: &writer)
            output.write(bytes: writer.bytes)
        }
    }

    /// A row of the table, appended to `bytes`: its numbers and time written in place and
    /// the words a run of the same order repeats made once (`TextCache`).
    static func text(_ row: Row, into bytes: inout [UInt8], cache: inout TextCache) {
        let start = bytes.count
        pad(&bytes, to: 8 - decimalCount(row.sequence))
        bytes.append(contentsOf: String(row.sequence).utf8)
        bytes.append(contentsOf: "  ".utf8)
        ISO8601.append(millisecondsSince1970: row.time.millisecondsSince1970, to: &bytes)
        func amount(_ text: [UInt8], width: Int) {
            bytes.append(contentsOf: "  ".utf8)
            pad(&bytes, to: width - text.count)
            bytes.append(contentsOf: text)
        }
        amount(cache.amount(row.made.total, signed: false, slot: 0), width: 12)
        switch row.outcome {
        case .priced(let total, _):
            amount(cache.amount(total, signed: false, slot: 1), width: 12)
            amount(cache.amount(row.difference, signed: true, slot: 2), width: 12)
        case .unpriceable:
            let word = Array(tr("unpriceable").utf8)
            bytes.append(contentsOf: "  ".utf8)
            pad(&bytes, to: 12 - TerminalText.width(of: tr("unpriceable")))
            bytes.append(contentsOf: word)
            amount(Array("-".utf8), width: 12)
        }
        bytes.append(contentsOf: "  ".utf8)
        bytes.append(contentsOf: cache.description(of: row.made.lines))
        while bytes.count > start, bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
        bytes.append(UInt8(ascii: "\n"))
        if case .unpriceable(let error) = row.outcome {
            bytes.append(contentsOf: (String(repeating: " ", count: 10) + TerminalText.visibleLines(ErrorText().message(error)) + "\n").utf8)
        }
    }

    /// What a run of rows of the same order repeats, made once: its lines' words (compared
    /// by value, which for lines decoded from one record's repeated parts is one word each)
    /// and the last amount of each column.
    struct TextCache {
        private var lines: [ItemQuantity]?
        private var words: [UInt8] = []
        private var csvLines: [ItemQuantity]?
        private var field = ""
        private var amounts: [(value: Money?, text: [UInt8])?] = [nil, nil, nil]

        mutating func description(of lines: [ItemQuantity]) -> [UInt8] {
            if self.lines != lines {
                self.lines = lines
                words = Array(TerminalText.visible(MessageTemplate.describe(lines)).utf8)
            }
            return words
        }

        /// The lines' words as a CSV field, as they are (a program reads them, not a
        /// terminal).
        mutating func csvField(of lines: [ItemQuantity]) -> String {
            if csvLines != lines {
                csvLines = lines
                field = CustomerCSV.escape(MessageTemplate.describe(lines))
            }
            return field
        }

        mutating func amount(_ value: Money?, signed: Bool, slot: Int) -> [UInt8] {
            if let known = amounts[slot], known.value == value { return known.text }
            let text = Array((value.map { signed ? RepriceReport.signed($0) : $0.grouped } ?? "-").utf8)
            amounts[slot] = (value, text)
            return text
        }
    }

    private static func pad(_ bytes: inout [UInt8], to count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
    }

    private static func decimalCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    static func csv(_ row: Row, cache: inout TextCache) -> String {
        var fields = [
            String(row.sequence), ISO8601.string(millisecondsSince1970: row.time.millisecondsSince1970),
            cache.csvField(of: row.made.lines), row.made.total?.description ?? "",
        ]
        switch row.outcome {
        case .priced(let total, _):
            fields += [total?.description ?? "", row.difference?.description ?? "", ""]
        case .unpriceable(let error):
            fields += ["", "", error.code]
        }
        return fields.joined(separator: ",") + "\n"
    }

    /// `{"type":"order","seq":…,"time":…,"lines":[…],"recorded":…,"new":…,"difference":…,
    /// "changed":…,"price":{…}}`, or for an order the new menu cannot price
    /// `"unpriceable":{"code":…,"message":…}` after `recorded`.
    static func json(_ row: Row, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("type", "order")
        writer.field("seq", row.sequence)
        writer.key("time")
        writer.timestamp(row.time)
        writer.array("lines", lines: row.made.lines)
        amount("recorded", row.made.total, into: &writer)
        switch row.outcome {
        case .priced(let total, let price):
            amount("new", total, into: &writer)
            amount("difference", row.difference, into: &writer)
            writer.field("changed", row.changed)
            if let price { writer.price(price) }
        case .unpriceable(let error):
            writer.field("changed", true)
            writer.key("unpriceable")
            writer.beginObject()
            writer.field("code", error.code)
            writer.field("message", ErrorText().message(error))
            writer.endObject()
        }
        writer.endObject()
        writer.endLine()
    }

    private static func amount(_ name: StaticString, _ value: Money?, into writer: inout JSONWriter) {
        writer.key(name)
        if let value { writer.number(value) } else { writer.null() }
    }

    // MARK: The sums

    private mutating func start(_ output: FileOutput) {
        guard !started else { return }
        started = true
        output.write(header)
    }

    /// Writes the totals after the rows: labelled lines for text, an object for JSON,
    /// nothing for CSV (whose rows hold everything).
    mutating func finish(to output: FileOutput) {
        start(output)
        output.write(summary)
    }

    private var summary: String {
        switch form {
        case .text: textSummary
        case .json: jsonSummary
        case .csv: ""
        }
    }

    private var textSummary: String {
        var lines: [String] = [""]
        func row(_ label: String, _ value: String) {
            lines.append(label + String(repeating: " ", count: max(1, 16 - TerminalText.width(of: label))) + value)
        }
        let unit = currency.map { " " + TerminalText.visible($0) } ?? ""
        let tooLarge = tr("too large to add up")
        row(tr("orders"), orders.grouped)
        row(tr("repriced"), repriced.grouped)
        row(tr("changed"), changed.grouped)
        row(tr("unpriceable"), unpriceable.grouped)
        row(tr("recorded total"), recorded.value.map { $0.grouped + unit } ?? tooLarge)
        row(tr("new total"), new.value.map { $0.grouped + unit } ?? tooLarge)
        row(tr("difference"), difference.map { RepriceReport.signed($0) + unit } ?? tooLarge)
        return lines.joined(separator: "\n") + "\n"
    }

    /// New less recorded over the orders the new menu prices.
    var difference: Money? {
        guard let new = new.value, let recorded = recorded.value else { return nil }
        let (value, overflow) = new.hundredths.subtractingReportingOverflow(recorded.hundredths)
        return overflow ? nil : Money(hundredths: value)
    }

    /// `{"type":"summary","orders":…,"repriced":…,"changed":…,"unpriceable":…,"recorded":…,
    /// "new":…,"difference":…,"unpriceableRecorded":…,"currency":…}`.
    private var jsonSummary: String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("type", "summary")
        writer.field("orders", orders)
        writer.field("repriced", repriced)
        writer.field("changed", changed)
        writer.field("unpriceable", unpriceable)
        RepriceReport.amount("recorded", recorded.value, into: &writer)
        RepriceReport.amount("new", new.value, into: &writer)
        RepriceReport.amount("difference", difference, into: &writer)
        RepriceReport.amount("unpriceableRecorded", unpriceableRecorded.value, into: &writer)
        writer.key("currency")
        if let currency { writer.string(currency) } else { writer.null() }
        writer.endObject()
        writer.endLine()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    // MARK: Text

    /// `+1,500`, `-900`, `0`: a difference with its sign.
    static func signed(_ amount: Money) -> String {
        amount.hundredths > 0 ? "+" + amount.grouped : amount.grouped
    }

    /// Cells padded to their widths (by display cells), right- or left-aligned, two spaces
    /// apart; a width of 0 is not padded (the last column).
    static func cells(_ cells: [(text: String, width: Int, right: Bool)]) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            if index > 0 { line += "  " }
            let padding = String(repeating: " ", count: max(0, cell.width - TerminalText.width(of: cell.text)))
            line += cell.right ? padding + cell.text : (cell.width == 0 ? cell.text : cell.text + padding)
        }
        while line.last == " " { line.removeLast() }
        return line + "\n"
    }
}
