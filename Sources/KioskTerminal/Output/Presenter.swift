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
                + Presenter.notes(summary).map { $0 + "\n" }.joined()
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

    private static func notes(_ summary: ReloadSummary) -> [String] {
        summary.sinksChanged ? ["The menu's sinks changed; the new sinks take effect at the next start."] : []
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

    /// One JSON object for a command:
    /// `{"line":…,"command":…,"ok":…,"result"|"error":{"code":…,"message":…},"events":[…]}`.
    ///
    /// `command` is the canonical name of the command: the result's, else `command` (what
    /// `CommandParser.commandName` found on a line that did not parse), else `""` for a
    /// line that could not be read at all.
    public func json(for result: CommandResult?, command: String? = nil, error: CommandError? = nil, line: Int? = nil) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        if let line { writer.field("line", line) }
        writer.field("command", result?.command.name ?? command ?? "")
        let failure = error ?? result?.error
        writer.field("ok", failure == nil)
        if let failure {
            writer.key("error")
            writer.beginObject()
            writer.field("code", failure.code)
            writer.field("message", ErrorText().message(failure))
            writer.endObject()
            if case .refused(let missing) = failure { writer.array("missing", missing: missing) }
        } else if let result {
            writer.key("result")
            writer.beginObject()
            writeResult(result, to: &writer)
            writer.endObject()
        }
        if let result, !result.events.isEmpty {
            writer.key("events")
            writer.beginArray()
            for event in result.events { event.write(to: &writer) }
            writer.endArray()
        }
        writer.endObject()
        return writer.bytes
    }

    private func writeResult(_ result: CommandResult, to writer: inout JSONWriter) {
        switch result.output {
        case .none: break
        case .menu(let listing):
            writer.field("name", listing.name)
            if let currency = listing.currency { writer.field("currency", currency) }
            writer.array("items", objects: listing.rows) { writer, row in
                writer.field("name", row.name)
                writer.array("aliases", strings: row.aliases)
                if let price = row.price {
                    writer.key("price")
                    writer.number(price)
                }
                writer.object("needs", counts: row.needs)
                writer.field("available", row.makeable)
            }
        case .stock(let listing):
            writer.array("ingredients", objects: listing.rows) { writer, row in
                writer.field("name", row.name)
                writer.field("stock", row.count)
                writer.field("low", row.low)
                if let unit = row.unit { writer.field("unit", unit) }
                writer.field("status", row.flag ?? "ok")
            }
        case .history(let records):
            writer.key("orders")
            writer.beginArray()
            for record in records { Presenter.write(record, to: &writer) }
            writer.endArray()
        case .report(let report):
            writeReport(report, to: &writer)
        case .sinks(let statuses):
            writer.key("sinks")
            writer.beginArray()
            for status in statuses { Presenter.write(status, to: &writer) }
            writer.endArray()
        case .text(let text):
            writer.field("text", text)
        case .ordered(let summary):
            writer.array("lines", lines: summary.lines)
            if let total = summary.total {
                writer.key("total")
                writer.number(total)
                if let currency = summary.currency { writer.field("currency", currency) }
            }
            if let promise = summary.promise {
                writer.field("ticket", promise.ticket)
                writer.key("promised")
                writer.timestamp(promise.promised)
                writer.field("waitMs", promise.wait)
            }
        case .board(let listing):
            BoardView.write(listing, to: &writer)
        case .publicBoard(let board):
            BoardView.write(board, to: &writer)
        case .allDay(let counts):
            BoardView.write(counts, to: &writer)
        case .ticketMoved(let moved):
            writer.field("ticket", moved.ticket)
            writer.field("state", moved.state.key)
            writer.array("lines", lines: moved.lines)
        case .waited(let time):
            writer.key("now")
            writer.timestamp(time)
        case .stockChanges(let changes), .restocked(let changes):
            writer.array("changes", objects: changes) { writer, change in
                writer.field("ingredient", change.ingredient)
                writer.field("from", change.from)
                writer.field("to", change.to)
            }
        case .failedEvents(let events):
            writer.array("failed", objects: events) { writer, failure in
                writer.field("sink", failure.sink)
                writer.field("reason", failure.reason)
                writer.field("retrying", failure.retrying)
                writer.key("event")
                failure.event.write(to: &writer)
            }
        case .retried(let sinks):
            writer.array("retried", objects: sinks) { writer, sink in
                writer.field("sink", sink.sink)
                writer.field("events", sink.count)
            }
        case .reloaded(let summary):
            let difference = summary.difference
            let lists: [(StaticString, [String])] = [("addedItems", difference.addedItems), ("removedItems", difference.removedItems),
                                 ("addedIngredients", difference.addedIngredients), ("removedIngredients", difference.removedIngredients),
                                 ("notes", Presenter.notes(summary))]
            for (key, names) in lists { writer.array(key, strings: names) }
            writer.field("changed", summary.menuChanged)
        case .suggestions(let outcome):
            SuggestionView().writeFields(for: outcome, to: &writer)
        case .noMoreSuggestions(let reason):
            writer.key("items")
            writer.beginArray()
            writer.endArray()
            writer.field("nextsLeft", 0)
            writer.field("reason", Presenter.word(for: reason))
            writer.field("message", reason.message)
        case .profiles(let profiles):
            SuggestionView().writeFields(for: profiles, to: &writer)
        case .profile(let profile, _):
            SuggestionView().writeFields(for: profile, to: &writer)
        case .profileRemoved(let name):
            writer.field("removed", name)
        }
    }

    /// `limit-reached`, `exhausted`, `menu-changed`: why `suggest next` showed nothing.
    private static func word(for reason: NoMoreSuggestions) -> String {
        switch reason {
        case .limitReached: "limit-reached"
        case .exhausted: "exhausted"
        case .menuChanged: "menu-changed"
        }
    }

    private func writeReport(_ report: SalesReport, to writer: inout JSONWriter) {
        writer.array("items", objects: report.sales) { writer, line in
            writer.field("item", line.item)
            writer.field("sold", line.quantity)
            if report.hasPrices {
                writer.key("revenue")
                writer.number(line.revenue)
            }
        }
        writer.field("made", report.madeOrders)
        writer.field("refused", report.refusedOrders)
        if report.hasPrices {
            writer.key("revenue")
            writer.number(report.revenue)
            if let currency = report.currency { writer.field("currency", currency) }
        }
        writer.array("ingredients", objects: report.usage) { writer, line in
            writer.field("ingredient", line.ingredient)
            writer.field("used", line.used)
        }
        if let board = report.board {
            writer.key("board")
            writer.beginObject()
            BoardView.write(board, to: &writer)
            writer.endObject()
        }
    }

    private static func write(_ record: OrderRecord, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("seq", record.sequence)
        writer.field("time", record.time.iso8601)
        writer.array("lines", lines: record.lines)
        switch record.result {
        case .made(let total):
            writer.field("result", "made")
            if let total {
                writer.key("total")
                writer.number(total)
            }
        case .refused(let missing):
            writer.field("result", "refused")
            writer.array("missing", missing: missing)
        }
        writer.endObject()
    }

    private static func write(_ status: SinkStatus, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("kind", status.kind)
        writer.field("target", status.target)
        writer.array("on", strings: status.events.types.map(\.rawValue))
        writer.field("name", status.name)
        writer.field("delivered", status.delivered)
        writer.field("waiting", status.waiting)
        writer.field("retrying", status.retrying)
        writer.field("failed", status.failed)
        writer.field("deliversHere", status.deliversHere)
        writer.key("lastError")
        if let lastError = status.lastError { writer.string(lastError) } else { writer.null() }
        if let connection = status.connection {
            writer.key("connection")
            writer.beginObject()
            writer.field("state", connection.state)
            writer.field("inFlight", connection.inFlight)
            writer.key("lastError")
            if let lastError = connection.lastError { writer.string(lastError) } else { writer.null() }
            writer.endObject()
        }
        writer.endObject()
    }
}
