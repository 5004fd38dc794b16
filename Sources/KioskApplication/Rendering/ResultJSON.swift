import KioskCore
import KioskSinks
import KioskText

/// A command's result as one JSON object: what `--json` prints for each command and what
/// `kiosk serve` answers, made here once for both.
public enum ResultJSON {

    /// One JSON object for a command:
    /// `{"line":…,"command":…,"ok":…,"result"|"error":{"code":…,"message":…},"events":[…]}`.
    ///
    /// `command` is the canonical name of the command: the result's, else `command` (what
    /// `CommandParser.commandName` found on a line that did not parse), else `""` for a
    /// line that could not be read at all. `sequenced` (`kiosk serve`) adds a success's
    /// `seq`, the result's `sequence`: where a screen showing it follows the event stream from;
    /// and `paymentKey`, what the customer of a made order pays it with.
    public static func object(
        for result: CommandResult?, command: String? = nil, error: CommandError? = nil, line: Int? = nil, sequenced: Bool = false,
        paymentKey: String? = nil
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        if let line { writer.field("line", line) }
        writer.field("command", result?.command.name ?? command ?? "")
        let failure = error ?? result?.error
        writer.field("ok", failure == nil)
        if sequenced, failure == nil, let result { writer.field("seq", result.sequence) }
        if failure == nil, let paymentKey { writer.field("paymentKey", paymentKey) }
        if let failure {
            writer.key("error")
            writer.beginObject()
            writer.field("code", failure.code)
            writer.field("message", ErrorText().message(failure))
            writer.endObject()
            if case .refused(let missing, _) = failure { writer.array("missing", missing: missing) }
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

    static func writeResult(_ result: CommandResult, to writer: inout JSONWriter) {
        switch result.output {
        case .none: break
        case .menu(let listing):
            writeMenu(listing, to: &writer)
        case .stock(let listing):
            writer.array("ingredients", objects: listing.rows) { writer, row in
                writer.field("name", row.name)
                writer.field("stock", row.count)
                writer.field("low", row.low)
                if let unit = row.unit { writer.field("unit", unit) }
                writer.field("status", row.flag ?? "ok")
                if let restock = row.restock { writer.field("restock", restock) }
            }
        case .history(let records):
            writer.key("orders")
            writer.beginArray()
            for record in records { write(record, to: &writer) }
            writer.endArray()
        case .report(let report):
            writeReport(report, to: &writer)
        case .sinks(let statuses):
            writer.key("sinks")
            writer.beginArray()
            for status in statuses { write(status, to: &writer) }
            writer.endArray()
        case .text(let text):
            writer.field("text", text)
        case .ordered(let summary), .quoted(let summary):
            writer.array("lines", lines: summary.lines)
            if let total = summary.total {
                writer.key("total")
                writer.number(total)
                if let currency = summary.currency { writer.field("currency", currency) }
            }
            if let price = summary.price { writer.price(price) }
            if let promise = summary.promise { writer.promise(promise) }
            if let order = summary.order { writer.field("order", order) }
            if let until = summary.heldUntil {
                writer.key("heldUntil")
                writer.timestamp(until)
            }
        case .receipt(let receipt):
            receipt.writeFields(to: &writer)
        case .printedReceipt(let bytes):
            writer.field("escpos", Base64.encode(bytes))
        case .board(let listing):
            BoardJSON.write(listing, to: &writer)
        case .publicBoard(let board):
            BoardJSON.write(board, to: &writer)
        case .allDay(let counts):
            BoardJSON.write(counts, to: &writer)
        case .ticketMoved(let moved):
            writer.field("ticket", moved.ticket)
            writer.field("state", moved.state.key)
            writer.array("lines", lines: moved.lines)
        case .waited(let time):
            writer.key("now")
            writer.timestamp(time)
        case .paid(let payment, let promise):
            payment.writeFields(to: &writer)
            if let promise { writer.promise(promise) }
        case .drawer(let step):
            step.writeFields(to: &writer)
        case .refunded(let steps):
            writer.array("refunds", objects: steps) { writer, step in step.writeFields(to: &writer) }
        case .voided(let voided, let refunds):
            voided.writeFields(to: &writer)
            writer.array("refunds", objects: refunds) { writer, step in step.writeFields(to: &writer) }
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
                                 ("notes", summary.notes)]
            for (key, names) in lists { writer.array(key, strings: names) }
            writer.field("changed", summary.menuChanged)
        case .suggestions(let outcome):
            SuggestionJSON.writeFields(for: outcome, to: &writer)
        case .noMoreSuggestions(let reason):
            writer.key("items")
            writer.beginArray()
            writer.endArray()
            writer.field("nextsLeft", 0)
            writer.field("reason", word(for: reason))
            writer.field("message", reason.message)
        case .profiles(let profiles):
            SuggestionJSON.writeFields(for: profiles, to: &writer)
        case .profile(let profile, _):
            SuggestionJSON.writeFields(for: profile, to: &writer)
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

    /// `menu`'s fields: the items with their recipes, tags and allergens (a list, left out
    /// when the menu does not say), and on a menu with a board each item's station and prep
    /// time; the combos, each choice with its items and the price of each the combo's
    /// includes; the questions `suggest` asks; the board's marks and stations.
    static func writeMenu(_ listing: MenuListing, to writer: inout JSONWriter) {
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
            if let served = row.served {
                writer.field("served", served.windows)
                writer.field("servedNow", served.now)
            }
            writer.array("tags", strings: row.tags)
            if let allergens = row.allergens { writer.array("allergens", strings: allergens.list.map(\.name)) }
            if let station = row.station {
                writer.field("station", station)
                writer.field("prepMs", row.prep.milliseconds)
            }
            if !row.sizes.isEmpty {
                writer.array("sizes", objects: row.sizes) { writer, size in
                    writer.field("name", size.name)
                    if let price = size.price {
                        writer.key("price")
                        writer.number(price)
                    }
                    writer.object("needs", counts: size.needs)
                    writer.field("available", size.makeable)
                    writer.field("default", size.name == row.defaultSize)
                }
            }
            if !row.groups.isEmpty {
                writer.array("groups", objects: Array(zip(row.groups, row.optionsAvailable))) { writer, entry in
                    let (group, available) = entry
                    writer.field("name", group.name)
                    writer.field("minimum", group.minimum)
                    writer.field("maximum", group.maximum)
                    writer.array("options", objects: Array(zip(group.options, available))) { writer, entry in
                        writer.field("name", entry.0.name)
                        writer.key("price")
                        writer.number(entry.0.price)
                        writer.field("repeat", entry.0.repeatLimit)
                        writer.field("default", entry.0.isDefault)
                        writer.field("available", entry.1)
                    }
                }
            }
        }
        if !listing.combos.isEmpty {
            writer.array("combos", objects: listing.combos) { writer, combo in
                writer.field("name", combo.name)
                writer.array("aliases", strings: combo.aliases)
                if let price = combo.price {
                    writer.key("price")
                    writer.number(price)
                }
                writer.array("choices", objects: combo.choices) { writer, choice in
                    writer.field("minimum", choice.minimum)
                    writer.field("maximum", choice.maximum)
                    writer.array("items", objects: choice.items) { writer, item in
                        writer.field("item", item.name)
                        if let included = item.included {
                            writer.key("included")
                            writer.number(included)
                        }
                    }
                }
            }
        }
        writer.array("questions", objects: listing.questions) { writer, question in
            writer.field("key", question.key)
            writer.field("text", question.text)
            writer.array("tags", strings: question.tags)
        }
        if let board = listing.board {
            writer.key("board")
            writer.beginObject()
            writer.field("warnMs", board.warn.milliseconds)
            writer.field("lateMs", board.late.milliseconds)
            writer.field("auto", board.auto)
            writer.array("stations", objects: listing.stations) { writer, station in
                writer.field("name", station.name)
                writer.field("staff", station.staff)
            }
            writer.endObject()
        }
        if let checkout = listing.checkout {
            writer.key("checkout")
            writer.beginObject()
            writer.field("pay", checkout.timing.rawValue)
            writer.field("readerLatencyMs", checkout.readerLatency)
            writer.field("cashRounding", checkout.cashRounding)
            writer.endObject()
        }
    }

    static func writeReport(_ report: SalesReport, to writer: inout JSONWriter) {
        writer.array("items", objects: report.sales) { writer, line in
            writer.field("item", line.item)
            writer.field("sold", line.quantity)
            if report.hasPrices {
                writer.key("revenue")
                writer.number(line.revenue)
            }
        }
        if !report.choiceSales.isEmpty {
            writer.array("choices", objects: report.choiceSales) { writer, line in
                writer.field("item", line.item)
                switch line.choice {
                case .size(let size):
                    writer.field("size", size)
                case .option(let group, let option):
                    writer.field("group", group)
                    writer.field("option", option)
                }
                writer.field("sold", line.quantity)
            }
        }
        writer.field("made", report.madeOrders)
        writer.field("refused", report.refusedOrders)
        if let payments = report.payments {
            writer.array("tenders", objects: Tender.allCases) { writer, tender in payments.takings(of: tender).writeFields(of: tender, to: &writer) }
        }
        if report.hasPrices {
            writer.key("revenue")
            writer.number(report.revenue)
            if let currency = report.currency { writer.field("currency", currency) }
        }
        if !report.days.isEmpty {
            writer.array("days", objects: report.days) { writer, day in
                writer.field("date", CivilTime(millisecondsSince1970: Int64(day.day) * 86_400_000).date)
                writer.field("orders", day.orders)
                for (name, amount) in [("gross", day.gross), ("discounts", day.discounts), ("net", day.net)] as [(StaticString, Money)] {
                    writer.key(name)
                    writer.number(amount)
                }
                writer.array("taxes", objects: day.taxes) { writer, tax in
                    writer.field("name", tax.name)
                    writer.key("amount")
                    writer.number(tax.amount)
                    if tax.included { writer.field("included", true) }
                }
                writer.key("total")
                writer.number(day.total)
                writer.key("cancelled")
                writer.number(day.cancelled)
            }
        }
        writer.array("ingredients", objects: report.usage) { writer, line in
            writer.field("ingredient", line.ingredient)
            writer.field("used", line.used)
        }
        if let board = report.board {
            writer.key("board")
            writer.beginObject()
            BoardJSON.write(board, to: &writer)
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

extension ReloadSummary {
    /// What a person should know besides the differences.
    public var notes: [String] {
        sinksChanged ? ["The menu's sinks changed; the new sinks take effect at the next start."] : []
    }
}

extension JSONWriter {
    /// A ticket and its promise: `ticket`, `promised` and `waitMs`.
    mutating func promise(_ promise: TicketPromise) {
        field("ticket", promise.ticket)
        key("promised")
        timestamp(promise.promised)
        field("waitMs", promise.wait)
    }
}
