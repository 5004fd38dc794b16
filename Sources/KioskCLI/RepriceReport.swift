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
            if all || row.changed { output.write(RepriceReport.text(row)) }
        case .csv:
            output.write(RepriceReport.csv(row))
        case .json:
            writer.removeAll()
            RepriceReport.json(row, into: &writer)
            output.write(bytes: writer.bytes)
        }
    }

    static func text(_ row: Row) -> String {
        let new: String
        let difference: String
        switch row.outcome {
        case .priced(let total, _):
            new = total?.grouped ?? "-"
            difference = row.difference.map(signed) ?? "-"
        case .unpriceable:
            new = tr("unpriceable")
            difference = "-"
        }
        var line = cells([
            (String(row.sequence), 8, true), (ISO8601.string(millisecondsSince1970: row.time.millisecondsSince1970), 24, false),
            (row.made.total?.grouped ?? "-", 12, true), (new, 12, true), (difference, 12, true),
            (TerminalText.visible(MessageTemplate.describe(row.made.lines)), 0, false),
        ])
        if case .unpriceable(let error) = row.outcome {
            line += String(repeating: " ", count: 10) + TerminalText.visibleLines(ErrorText().message(error)) + "\n"
        }
        return line
    }

    static func csv(_ row: Row) -> String {
        var fields = [
            String(row.sequence), ISO8601.string(millisecondsSince1970: row.time.millisecondsSince1970),
            CustomerCSV.escape(MessageTemplate.describe(row.made.lines)), row.made.total?.description ?? "",
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
