import KioskApplication
import KioskCore
import KioskMenu
import KioskSinks
import KioskText

/// Renders command results and errors: as text for people, or as one JSON object per
/// command for programs (`--json`). Finding the data is the session's job; this only lays
/// it out.
public struct Presenter: Sendable {
    /// Bold table headers, for a terminal.
    public var bold: Bool
    /// The local time's offset from UTC at a given time, for showing times.
    public var utcOffset: @Sendable (Timestamp) -> Int
    /// Errors in words, for the terminal (its diagnostics coloured when it wants colour).
    public var errors: ErrorText
    /// Warn and late tickets on the board in colour rather than marked with a word.
    public var colour = false

    public init(bold: Bool = false, utcOffset: @escaping @Sendable (Timestamp) -> Int = { _ in 0 }, errors: ErrorText = ErrorText()) {
        self.bold = bold
        self.utcOffset = utcOffset
        self.errors = errors
    }

    /// An error's text for a person or a script's standard error.
    public func message(for error: CommandError) -> String {
        errors.message(error)
    }

    // MARK: Text

    /// The text a successful result prints on standard output; empty when the events
    /// (printed by the console sink) say it all.
    public func text(for result: CommandResult) -> String {
        switch result.output {
        case .none, .ticketMoved: ""
        case .ordered(let summary): summary.promise.map(promise) ?? ""
        case .board(let listing): boardView.text(listing)
        case .publicBoard(let board): boardView.publicText(board)
        case .allDay(let counts): boardView.allDayText(counts)
        case .waited(let time): "It is now \(clockTime(time)).\n"
        case .menu(let listing): menu(listing)
        case .stock(let listing): stock(listing)
        case .history(let records): history(records)
        case .report(let report): self.report(report)
        case .sinks(let statuses): sinks(statuses)
        case .text(let text): TerminalText.visibleLines(text)
        case .stockChanges(let changes): TerminalText.visibleLines(unchanged(changes))
        case .restocked(let changes): changes.isEmpty ? "Nothing needs restocking.\n" : TerminalText.visibleLines(unchanged(changes))
        case .failedEvents(let events): failed(events)
        case .retried(let sinks): retried(sinks)
        case .reloaded(let summary):
            (summary.menuChanged ? "" : "The menu has not changed.\n") + TerminalText.visibleLines(reloaded(summary.difference))
                + summary.notes.map { $0 + "\n" }.joined()
        case .suggestions(let outcome): SuggestionView(bold: bold).text(for: outcome)
        case .noMoreSuggestions(let reason): TerminalText.visibleLines(Presenter.capitalized(reason.message)) + ".\n"
        case .profiles(let profiles): SuggestionView(bold: bold).text(for: profiles)
        case .profile(let profile, let menu): SuggestionView(bold: bold).text(for: profile, menu: menu)
        case .profileRemoved(let name): "Profile '\(TerminalText.visible(name))' removed.\n"
        }
    }

    /// `No more suggestions: …`: a message of the core's as a sentence.
    private static func capitalized(_ message: String) -> String {
        guard let first = message.first else { return message }
        return first.uppercased() + message.dropFirst()
    }

    private var boardView: BoardView { BoardView(colour: colour, bold: bold) }

    /// `#12 ready by 09:14, in about 4 min`: the minute shown is the first one the ticket
    /// is promised by.
    private func promise(_ promise: TicketPromise) -> String {
        let minute: Int64 = 60_000
        let promised = promise.promised.millisecondsSince1970
        let (rounded, overflow) = promised.addingReportingOverflow((minute - promised % minute) % minute)
        let byTime = Timestamp(millisecondsSince1970: overflow ? promised : rounded)
        let civil = byTime.civil(offsetSeconds: utcOffset(byTime))
        let byText = civil.timeOfDay.dropLast(3)
        let wait = promise.wait
        let within = wait < minute ? "in under a minute" : "in about \((wait + minute / 2) / minute) min"
        return "#\(promise.ticket) ready by \(byText), \(within)\n"
    }

    /// `2026-11-23 09:06:00`, local time.
    private func clockTime(_ time: Timestamp) -> String {
        let civil = time.civil(offsetSeconds: utcOffset(time))
        return "\(civil.date) \(civil.timeOfDay)"
    }

    /// The edits that changed nothing, said so: the console's events tell the others.
    private func unchanged(_ changes: [StockChange]) -> String {
        changes.filter { $0.from == $0.to }.map { "\($0.ingredient) stays at \($0.to).\n" }.joined()
    }

    private func menu(_ listing: MenuListing) -> String {
        let hasAliases = listing.rows.contains { !$0.aliases.isEmpty }
        let hasPrices = listing.rows.contains { $0.price != nil }
        var columns: [(String, TextTable.Alignment)] = [("ITEM", .left)]
        if hasAliases { columns.append(("ALSO", .left)) }
        if hasPrices { columns.append((listing.currency.map { "PRICE (\(TerminalText.visible($0)))" } ?? "PRICE", .right)) }
        columns += [("NEEDS", .left), ("CAN MAKE", .right)]
        var table = TextTable(columns)
        for row in listing.rows {
            var cells = [row.name]
            if hasAliases { cells.append(row.aliases.joined(separator: ", ")) }
            if hasPrices { cells.append(row.price?.grouped ?? "") }
            cells.append(row.needs.map { "\($0.ingredient) \($0.count)" }.joined(separator: ", "))
            cells.append(String(row.makeable))
            table.add(cells)
        }
        return TerminalText.visible(listing.name) + "\n" + table.render(bold: bold)
    }

    private func stock(_ listing: StockListing) -> String {
        let hasUnits = listing.rows.contains { $0.unit != nil }
        var columns: [(String, TextTable.Alignment)] = [("INGREDIENT", .left), ("STOCK", .right), ("LOW", .right)]
        if hasUnits { columns.append(("UNIT", .left)) }
        columns.append(("STATUS", .left))
        var table = TextTable(columns)
        for row in listing.rows {
            var cells = [row.name, String(row.count), String(row.low)]
            if hasUnits { cells.append(row.unit ?? "") }
            cells.append(row.flag ?? "")
            table.add(cells)
        }
        return table.render(bold: bold)
    }

    private func history(_ records: [OrderRecord]) -> String {
        guard !records.isEmpty else { return "No orders yet.\n" }
        var table = TextTable([("#", .right), ("TIME", .left), ("ORDER", .left), ("RESULT", .left)])
        for record in records {
            let time = record.time.civil(offsetSeconds: utcOffset(record.time))
            let result = switch record.result {
            case .made(let total): "made" + (total.map { " (\($0.grouped))" } ?? "")
            case .refused(let missing): "refused: " + MessageTemplate.describe(missing)
            }
            table.add([String(record.sequence), "\(time.date) \(time.timeOfDay)", MessageTemplate.describe(record.lines), result])
        }
        return table.render(bold: bold)
    }

    private func report(_ report: SalesReport) -> String {
        var sales = TextTable(report.hasPrices ? [("ITEM", .left), ("SOLD", .right), ("REVENUE", .right)] : [("ITEM", .left), ("SOLD", .right)])
        for line in report.sales {
            sales.add(report.hasPrices ? [line.item, String(line.quantity), line.revenue.grouped] : [line.item, String(line.quantity)])
        }
        var usage = TextTable([("INGREDIENT", .left), ("USED", .right)])
        for line in report.usage { usage.add([line.ingredient, String(line.used)]) }
        var text = sales.render(bold: bold) + "\n"
        text += "Orders: \(report.madeOrders) made, \(report.refusedOrders) refused\n"
        if report.hasPrices {
            text += "Revenue: \(report.revenue.grouped)\(report.currency.map { " \(TerminalText.visible($0))" } ?? "")\n"
        }
        text += "\n" + usage.render(bold: bold)
        guard let board = report.board else { return text }
        return text + "\n" + boardView.reportText(board)
    }

    private func sinks(_ statuses: [SinkStatus]) -> String {
        guard !statuses.isEmpty else { return "No sinks.\n" }
        var table = TextTable([
            ("SINK", .left), ("TARGET", .left), ("ON", .left), ("DELIVERED", .right), ("WAITING", .right),
            ("RETRYING", .right), ("FAILED", .right), ("LAST ERROR", .left),
        ])
        for status in statuses {
            table.add([
                TerminalText.visible(status.kind), TerminalText.visible(status.target), Presenter.describe(status.events), String(status.delivered),
                status.deliversHere ? String(status.waiting) : "elsewhere", String(status.retrying), String(status.failed),
                TerminalText.visible(status.lastError ?? ""),
            ])
        }
        var text = table.render(bold: bold)
        if statuses.contains(where: { !$0.deliversHere }) {
            text += "Another kiosk on this state delivers for the sinks marked 'elsewhere'.\n"
        }
        for status in statuses {
            if let connection = status.connection { text += Presenter.describe(connection, of: status) }
        }
        return text
    }

    /// `mqtt mqtt://127.0.0.1:1883: connected, 12 in flight; last error: …`.
    private static func describe(_ connection: SinkConnection, of status: SinkStatus) -> String {
        let error = connection.lastError.map { "; last error: " + TerminalText.visible($0) } ?? ""
        return "\(status.kind) \(TerminalText.visible(status.target)): \(connection.state), \(connection.inFlight) in flight\(error)\n"
    }

    private func failed(_ events: [FailedEvent]) -> String {
        guard !events.isEmpty else { return "No failed events.\n" }
        var table = TextTable([("SINK", .left), ("SEQ", .right), ("TYPE", .left), ("ID", .left), ("REASON", .left)])
        for failure in events {
            table.add([
                TerminalText.visible(failure.sink), String(failure.event.sequence), failure.event.type.rawValue,
                failure.event.id.description, TerminalText.visible(failure.reason) + (failure.retrying ? " (retrying)" : ""),
            ])
        }
        return table.render(bold: bold)
    }

    private func retried(_ sinks: [RetriedSink]) -> String {
        let total = sinks.reduce(0) { $0 + $1.count }
        guard total > 0 else { return "No failed events to retry.\n" }
        return sinks.filter { $0.count > 0 }.map { "Sending \($0.count) failed event\($0.count == 1 ? "" : "s") to \(TerminalText.visible($0.sink)) again.\n" }.joined()
    }

    private func reloaded(_ difference: MenuDifference) -> String {
        var lines: [String] = []
        if !difference.addedItems.isEmpty { lines.append("New items: " + difference.addedItems.joined(separator: ", ")) }
        if !difference.removedItems.isEmpty { lines.append("Items gone: " + difference.removedItems.joined(separator: ", ")) }
        if !difference.addedIngredients.isEmpty { lines.append("New ingredients: " + difference.addedIngredients.joined(separator: ", ")) }
        if !difference.removedIngredients.isEmpty {
            lines.append("Ingredients gone (their stock is dropped): " + difference.removedIngredients.joined(separator: ", "))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    static func describe(_ events: EventTypes) -> String {
        events == .all ? "all" : events.types.map(\.rawValue).joined(separator: ",")
    }
    // MARK: JSON

    /// One JSON object for a command, as `ResultJSON.object` makes it (the one rendering
    /// `--json` and `kiosk serve` share).
    public func json(for result: CommandResult?, command: String? = nil, error: CommandError? = nil, line: Int? = nil) -> [UInt8] {
        ResultJSON.object(for: result, command: command, error: error, line: line)
    }
}
