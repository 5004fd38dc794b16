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
    ///
    /// Written as bytes, each column's cells into one buffer of its own, so a full board
    /// renders at once (measured by kiosk-bench --only board-render).
    public func text(_ listing: BoardListing) -> String {
        let titles = [
            tr("QUEUED ({count})", ["count": listing.queued.count]), tr("PREPARING ({count})", ["count": listing.preparing.count]),
            tr("READY ({count})", ["count": listing.ready.count]),
        ]
        let columns = [listing.queued, listing.preparing, listing.ready].map(column)
        let widths = zip(titles, columns).map { title, column in
            column.cells.reduce(TerminalText.width(of: title)) { max($0, $1.width) }
        }
        let height = columns.map(\.cells.count).max() ?? 0
        var out: [UInt8] = []
        out.reserveCapacity(columns.reduce(64) { $0 + $1.bytes.count } + height * (widths.reduce(0, +) + 16))
        if bold { out += Array("\u{1B}[1m".utf8) }
        let headerStart = out.count
        for (index, title) in titles.enumerated() {
            if index > 0 { out += BoardView.separatorBytes }
            out += Array(title.utf8)
            if index < titles.count - 1 { BoardView.pad(&out, TerminalText.width(of: title), to: widths[index]) }
        }
        BoardView.trimSpaces(&out, after: headerStart)
        if bold { out += BoardView.resetBytes }
        out.append(UInt8(ascii: "\n"))
        for row in 0..<height {
            let lineStart = out.count
            // Empty columns at the end of a line take no separator.
            let lastShown = columns.lastIndex { row < $0.cells.count } ?? 0
            for index in 0...lastShown {
                if index > 0 { out += BoardView.separatorBytes }
                let last = index == columns.count - 1
                guard row < columns[index].cells.count else {
                    if !last { BoardView.pad(&out, 0, to: widths[index]) }
                    continue
                }
                let cell = columns[index].cells[row]
                if let tint = cell.colour { out += tint }
                out += columns[index].bytes[cell.start..<cell.end]
                if !last { BoardView.pad(&out, cell.width, to: widths[index]) }
                if cell.colour != nil { out += BoardView.resetBytes }
            }
            BoardView.trimSpaces(&out, after: lineStart)
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One column's lines of text, in one buffer.
    private struct Column {
        var bytes: [UInt8] = []
        var cells: [Cell] = []
    }

    /// A line of text in a column: where its bytes are, its display width, its colour.
    private struct Cell {
        let start: Int
        let end: Int
        let width: Int
        let colour: [UInt8]?
    }

    private static let separatorBytes = Array(separator.utf8)
    private static let resetBytes = Array(reset.utf8)
    private static let warnBytes = Array(warnColour.utf8)
    private static let lateBytes = Array(lateColour.utf8)

    private func column(_ rows: [BoardListing.Row]) -> Column {
        let warn = Array(("  " + tr("warn")).utf8)
        let late = Array(("  " + tr("LATE")).utf8)
        let warnWidth = 2 + TerminalText.width(of: tr("warn"))
        let lateWidth = 2 + TerminalText.width(of: tr("LATE"))
        var column = Column()
        column.bytes.reserveCapacity(rows.count * 48)
        column.cells.reserveCapacity(rows.count * 2)
        for row in rows {
            var start = column.bytes.count
            column.bytes.append(UInt8(ascii: "#"))
            BoardView.appendNumber(row.number, to: &column.bytes)
            column.bytes += [0x20, 0x20]
            BoardView.appendAge(row.age, to: &column.bytes)
            column.bytes += [0x20, 0x20]
            var width = column.bytes.count - start
            for (index, station) in row.stations.enumerated() {
                if index > 0 {
                    column.bytes += [UInt8(ascii: ","), 0x20]
                    width += 2
                }
                width += BoardView.appendVisible(station, to: &column.bytes)
            }
            var tint: [UInt8]?
            switch (row.mark, colour) {
            case (.warn?, true): tint = BoardView.warnBytes
            case (.late?, true): tint = BoardView.lateBytes
            case (.warn?, false):
                column.bytes += warn
                width += warnWidth
            case (.late?, false):
                column.bytes += late
                width += lateWidth
            case (nil, _): break
            }
            column.cells.append(Cell(start: start, end: column.bytes.count, width: width, colour: tint))
            for item in row.items {
                start = column.bytes.count
                column.bytes += [0x20, 0x20]
                width = 2 + BoardView.appendVisible(item.item, to: &column.bytes)
                if let size = item.choice?.size {
                    column.bytes += [0x20, UInt8(ascii: "(")]
                    width += 3 + BoardView.appendVisible(size, to: &column.bytes)
                    column.bytes.append(UInt8(ascii: ")"))
                }
                width += BoardView.appendTimes(item.quantity, to: &column.bytes)
                column.cells.append(Cell(start: start, end: column.bytes.count, width: width, colour: nil))
                // Options under their item, as a cook reads them: what goes in, and what is left out.
                for option in item.choice?.options ?? [] {
                    start = column.bytes.count
                    column.bytes += Array((option.removes ? "    − " : "    + ").utf8)
                    width = 6 + BoardView.appendVisible(option.option, to: &column.bytes)
                    width += BoardView.appendTimes(option.count, to: &column.bytes)
                    column.cells.append(Cell(start: start, end: column.bytes.count, width: width, colour: nil))
                }
            }
        }
        return column
    }

    /// Appends ` ×N` when `count` is not 1; returns its display width.
    private static func appendTimes(_ count: Int, to bytes: inout [UInt8]) -> Int {
        guard count != 1 else { return 0 }
        bytes += Array(" ×".utf8)
        let digits = bytes.count
        appendNumber(count, to: &bytes)
        return 2 + bytes.count - digits
    }

    /// Appends `text` made visible; returns its display width.
    private static func appendVisible(_ text: String, to bytes: inout [UInt8]) -> Int {
        if text.isPrintableASCII {
            bytes += text.utf8
            return text.utf8.count
        }
        let visible = TerminalText.visible(text)
        bytes += visible.utf8
        return TerminalText.width(of: visible)
    }

    private static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        bytes += String(value).utf8
    }

    /// `age(_:)`, written as bytes.
    private static func appendAge(_ milliseconds: Int64, to bytes: inout [UInt8]) {
        let seconds = max(0, milliseconds) / 1000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        func two(_ value: Int64) {
            bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
            bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        if hours > 0 {
            bytes += String(hours).utf8
            bytes.append(UInt8(ascii: ":"))
            two(minutes)
        } else {
            bytes += String(minutes).utf8
        }
        bytes.append(UInt8(ascii: ":"))
        two(rest)
    }

    private static func pad(_ bytes: inout [UInt8], _ width: Int, to target: Int) {
        if width < target { bytes.append(contentsOf: repeatElement(0x20, count: target - width)) }
    }

    private static func trimSpaces(_ bytes: inout [UInt8], after start: Int) {
        while bytes.count > start, bytes.last == 0x20 { bytes.removeLast() }
    }

    /// What a customer screen shows: the numbers being prepared and the numbers ready.
    public func publicText(_ board: PublicBoard) -> String {
        var table = TextTable([(tr("PREPARING"), .left), (tr("READY"), .left)])
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
        guard !counts.isEmpty else { return tr("Nothing in the kitchen.") + "\n" }
        var table = TextTable([(tr("ITEM"), .left), (tr("QUEUED"), .right), (tr("PREPARING"), .right), (tr("ALL DAY"), .right)])
        for count in counts { table.add([count.item, String(count.queued), String(count.preparing), String(count.total)]) }
        return table.render(bold: bold)
    }

    /// Per station, order-to-ready and order-to-pickup times (mean, median, 90th
    /// percentile) and late tickets; then late and cancelled tickets, and the waste.
    public func reportText(_ report: BoardReport) -> String {
        var table = TextTable([
            (tr("STATION"), .left), (tr("STAFF"), .right), (tr("READY"), .right), (tr("MEAN"), .right), (tr("MEDIAN"), .right), (tr("P90"), .right),
            (tr("PICKED UP"), .right), (tr("MEAN"), .right), (tr("MEDIAN"), .right), (tr("P90"), .right), (tr("LATE"), .right),
        ])
        for station in report.stations {
            table.add([station.name, String(station.staff)] + times(station.orderToReady) + times(station.orderToPickup) + [String(station.late)])
        }
        var text = table.render(bold: bold)
        text += tr("Tickets: {late} late, {cancelled} cancelled", ["late": report.late, "cancelled": report.cancelled]) + "\n"
        guard !report.waste.isEmpty else { return text + tr("No waste.") + "\n" }
        var waste = TextTable([(tr("WASTED"), .left), (tr("COUNT"), .right)])
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
}
