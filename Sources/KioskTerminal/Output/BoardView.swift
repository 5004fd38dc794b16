import KioskCore
import KioskMenu
import KioskText

/// The order board for people and programs: the kitchen's three columns (`board`), the
/// customer screen (`board public`), the all-day counts (`board all-day`) and the board's
/// report, as text and as `--json` fields. Pure functions of plain values, linear in the
/// tickets shown.
public struct BoardView: Sendable {
    /// Mark warn and late tickets with colour (on a terminal) rather than with a word.
    public var colour: Bool
    /// Bold table headers, for a terminal.
    public var bold: Bool

    public init(colour: Bool = false, bold: Bool = false) {
        self.colour = colour
        self.bold = bold
    }

    static let separator = " | "
    static let warnColour = "\u{1B}[33m"
    static let lateColour = "\u{1B}[31m"
    static let reset = "\u{1B}[0m"

    // MARK: Text

    /// `QUEUED (2) | PREPARING (1) | READY (0)`, then each column's tickets: a line with
    /// number, age, station and mark, and a line per item.
    public func text(_ listing: BoardListing) -> String {
        let titles = ["QUEUED (\(listing.queued.count))", "PREPARING (\(listing.preparing.count))", "READY (\(listing.ready.count))"]
        let columns = [listing.queued, listing.preparing, listing.ready].map(cells)
        let widths = zip(titles, columns).map { title, cells in
            cells.reduce(TerminalText.width(of: title)) { max($0, $1.width) }
        }
        let height = columns.map(\.count).max() ?? 0
        var out = ""
        out.reserveCapacity((height + 1) * (widths.reduce(0, +) + 8))
        let header = zip(titles, widths).map { pad($0, to: $1, width: TerminalText.width(of: $0)) }
        out += line(header.enumerated().map { ($1, $0 == 2) }, bold: bold)
        for row in 0..<height {
            var parts: [(String, Bool)] = []
            for (index, cells) in columns.enumerated() {
                let last = index == columns.count - 1
                guard row < cells.count else {
                    parts.append((String(repeating: " ", count: last ? 0 : widths[index]), last))
                    continue
                }
                let cell = cells[row]
                let padded = last ? cell.text : pad(cell.text, to: widths[index], width: cell.width)
                parts.append((cell.colour.map { $0 + padded + BoardView.reset } ?? padded, last))
            }
            out += line(parts, bold: false)
        }
        return out
    }

    /// One line of text in a column, its display width, and its colour if any.
    private struct Cell {
        let text: String
        let width: Int
        let colour: String?
    }

    private func cells(_ rows: [BoardListing.Row]) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(rows.count * 2)
        for row in rows {
            var head = "#\(row.number)  \(BoardView.age(row.age))  " + TerminalText.visible(row.stations.joined(separator: ", "))
            var tint: String?
            switch (row.mark, colour) {
            case (.warn?, true): tint = BoardView.warnColour
            case (.late?, true): tint = BoardView.lateColour
            case (.warn?, false): head += "  warn"
            case (.late?, false): head += "  LATE"
            case (nil, _): break
            }
            cells.append(Cell(text: head, width: TerminalText.width(of: head), colour: tint))
            for item in row.items {
                let text = "  " + TerminalText.visible(item.quantity == 1 ? item.item : "\(item.item) ×\(item.quantity)")
                cells.append(Cell(text: text, width: TerminalText.width(of: text), colour: nil))
            }
        }
        return cells
    }

    private func pad(_ text: String, to width: Int, width actual: Int) -> String {
        actual >= width ? text : text + String(repeating: " ", count: width - actual)
    }

    private func line(_ parts: [(text: String, last: Bool)], bold: Bool) -> String {
        var parts = parts
        // Empty columns at the end of a line take no separator.
        while parts.count > 1, let last = parts.last, last.text.allSatisfy({ $0 == " " }) { parts.removeLast() }
        var text = parts.map(\.text).joined(separator: BoardView.separator)
        while text.hasSuffix(" ") { text.removeLast() }
        return (bold ? "\u{1B}[1m" + text + BoardView.reset : text) + "\n"
    }

    /// What a customer screen shows: the numbers being prepared and the numbers ready.
    public func publicText(_ board: PublicBoard) -> String {
        var table = TextTable([("PREPARING", .left), ("READY", .left)])
        for row in 0..<max(board.preparing.count, board.ready.count) {
            table.add([
                row < board.preparing.count ? String(board.preparing[row]) : "",
                row < board.ready.count ? String(board.ready[row]) : "",
            ])
        }
        return table.render(bold: bold)
    }

    /// Per item, how many are queued and preparing, and both together.
    public func allDayText(_ counts: [AllDayCount]) -> String {
        guard !counts.isEmpty else { return "Nothing in the kitchen.\n" }
        var table = TextTable([("ITEM", .left), ("QUEUED", .right), ("PREPARING", .right), ("ALL DAY", .right)])
        for count in counts { table.add([count.item, String(count.queued), String(count.preparing), String(count.total)]) }
        return table.render(bold: bold)
    }

    /// Per station, order-to-ready and order-to-pickup times (mean, median, 90th
    /// percentile) and late tickets; then late and cancelled tickets, and the waste.
    public func reportText(_ report: BoardReport) -> String {
        var table = TextTable([
            ("STATION", .left), ("STAFF", .right), ("READY", .right), ("MEAN", .right), ("MEDIAN", .right), ("P90", .right),
            ("PICKED UP", .right), ("MEAN", .right), ("MEDIAN", .right), ("P90", .right), ("LATE", .right),
        ])
        for station in report.stations {
            table.add([station.name, String(station.staff)] + times(station.orderToReady) + times(station.orderToPickup) + [String(station.late)])
        }
        var text = table.render(bold: bold)
        text += "Tickets: \(report.late) late, \(report.cancelled) cancelled\n"
        guard !report.waste.isEmpty else { return text + "No waste.\n" }
        var waste = TextTable([("WASTED", .left), ("COUNT", .right)])
        for entry in report.waste { waste.add([entry.ingredient, String(entry.count)]) }
        return text + "\n" + waste.render(bold: bold)
    }

    private func times(_ times: BoardReport.Times?) -> [String] {
        guard let times else { return ["0", "", "", ""] }
        return [String(times.count), BoardView.age(times.mean), BoardView.age(times.median), BoardView.age(times.p90)]
    }

    /// `0:45`, `12:05`, `1:02:03`: minutes and seconds, hours when there are any.
    static func age(_ milliseconds: Int64) -> String {
        let seconds = max(0, milliseconds) / 1000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(ss)" }
        return "\(minutes):\(ss)"
    }

    // MARK: JSON

    /// `board --json`'s fields: the counts, then each column's tickets.
    public static func write(_ listing: BoardListing, to writer: inout JSONWriter) {
        writer.key("counts")
        writer.beginObject()
        writer.field("queued", listing.queued.count)
        writer.field("preparing", listing.preparing.count)
        writer.field("ready", listing.ready.count)
        writer.endObject()
        for (key, rows) in [("queued", listing.queued), ("preparing", listing.preparing), ("ready", listing.ready)] as [(StaticString, [BoardListing.Row])] {
            writer.key(key)
            writer.beginArray()
            for row in rows { write(row, to: &writer) }
            writer.endArray()
        }
    }

    private static func write(_ row: BoardListing.Row, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("ticket", row.number)
        writer.array("lines", lines: row.items)
        writer.array("stations", strings: row.stations)
        writer.key("ordered")
        writer.timestamp(row.ordered)
        writer.key("promised")
        writer.timestamp(row.promised)
        writer.field("ageMs", row.age)
        writer.key("mark")
        if let mark = row.mark { writer.string(mark.rawValue) } else { writer.null() }
        writer.endObject()
    }

    /// `board public --json`'s fields.
    public static func write(_ board: PublicBoard, to writer: inout JSONWriter) {
        for (key, numbers) in [("preparing", board.preparing), ("ready", board.ready)] as [(StaticString, [Int])] {
            writer.key(key)
            writer.beginArray()
            for number in numbers { writer.number(number) }
            writer.endArray()
        }
    }

    /// `board all-day --json`'s fields.
    public static func write(_ counts: [AllDayCount], to writer: inout JSONWriter) {
        writer.key("items")
        writer.beginArray()
        for count in counts {
            writer.beginObject()
            writer.field("item", count.item)
            writer.field("queued", count.queued)
            writer.field("preparing", count.preparing)
            writer.field("total", count.total)
            writer.endObject()
        }
        writer.endArray()
    }

    /// The board report's fields; times in milliseconds.
    public static func write(_ report: BoardReport, to writer: inout JSONWriter) {
        writer.key("stations")
        writer.beginArray()
        for station in report.stations {
            writer.beginObject()
            writer.field("station", station.name)
            writer.field("staff", station.staff)
            for (key, times) in [("orderToReady", station.orderToReady), ("orderToPickup", station.orderToPickup)] as [(StaticString, BoardReport.Times?)] {
                writer.key(key)
                guard let times else {
                    writer.null()
                    continue
                }
                writer.beginObject()
                writer.field("count", times.count)
                writer.field("meanMs", times.mean)
                writer.field("medianMs", times.median)
                writer.field("p90Ms", times.p90)
                writer.endObject()
            }
            writer.field("late", station.late)
            writer.endObject()
        }
        writer.endArray()
        writer.field("late", report.late)
        writer.field("cancelled", report.cancelled)
        writer.object("waste", counts: report.waste)
    }

    /// One of the `write` functions' fields as a whole JSON object.
    public static func object(_ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        writer.beginObject()
        write(&writer)
        writer.endObject()
        return writer.bytes
    }
}
