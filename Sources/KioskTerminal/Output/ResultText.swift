import KioskApplication
import KioskCore
import KioskMenu
import KioskSinks
import KioskText
import Synchronization

/// Command results and errors as text for people: tables, sentences and the board.
/// Finding the data is the session's job; this only lays it out. Programs (`--json`) get
/// `ResultJSON`'s objects instead; both take an error's words from `ErrorText`.
public struct ResultText: Sendable {
    /// Bold table headers, for a terminal.
    public var bold: Bool
    /// The local time's offset from UTC at a given time, for showing times.
    public var utcOffset: @Sendable (Timestamp) -> Int
    /// Errors in words, for the terminal (its diagnostics coloured when it wants colour).
    public var errors: ErrorText
    /// Warn and late tickets on the board in colour rather than marked with a word.
    public var colour = false
    /// The clock time promised last: the orders of a burst are promised by the same minute.
    private let lastPromised = LastClockTime()

    public init(bold: Bool = false, utcOffset: @escaping @Sendable (Timestamp) -> Int = { _ in 0 }, errors: ErrorText = ErrorText()) {
        self.bold = bold
        self.utcOffset = utcOffset
        self.errors = errors
    }

    /// An error's text for a person or a script's standard error.
    public func message(for error: CommandError) -> String {
        errors.message(error)
    }

    /// Appends what `text(for:)` says to `bytes`; an order's promise, printed with every
    /// order on a board, is written there directly.
    public func write(_ result: CommandResult, into bytes: inout [UInt8]) {
        if case .ordered(let summary) = result.output {
            if let price = summary.price { bytes += PriceText.text(price, currency: summary.currency).utf8 }
            if let promise = summary.promise { write(promise, into: &bytes) }
            if let until = summary.heldUntil { bytes += held(until).utf8 }
        } else if case .printedReceipt(let printed) = result.output {
            bytes += printed
        } else {
            bytes += text(for: result).utf8
        }
    }

    /// The text a successful result prints on standard output; empty when the events
    /// (printed by the console sink) say it all.
    public func text(for result: CommandResult) -> String {
        switch result.output {
        case .none, .ticketMoved: ""
        case .ordered(let summary):
            (summary.price.map { PriceText.text($0, currency: summary.currency) } ?? "") + (summary.promise.map(promised) ?? "")
                + (summary.heldUntil.map(held) ?? "")
        case .quoted(let summary): quoted(summary)
        case .receipt(let receipt): ReceiptLayout(receipt, time: receipt.time.civil(offsetSeconds: utcOffset(receipt.time))).text
        // Bytes for a printer, not text: `write(_:into:)` writes them as they are.
        case .printedReceipt(let bytes): String(decoding: bytes, as: UTF8.self)
        case .board(let listing): boardView.text(listing)
        case .publicBoard(let board): boardView.publicText(board)
        case .allDay(let counts): boardView.allDayText(counts)
        case .waited(let time): tr("It is now {time}.", ["time": clockTime(time)]) + "\n"
        case .paid(let payment, let promise): paid(payment) + (promise.map(promised) ?? "")
        case .refunded(let steps): refunded(steps)
        // The console's events say what was refunded, cancelled and put back.
        case .voided: ""
        case .drawer(let step): drawer(step)
        case .menu(let listing): menu(listing)
        case .stock(let listing): stock(listing)
        case .history(let records): history(records)
        case .report(let report): self.report(report)
        case .sinks(let statuses): sinks(statuses)
        case .text(let text): TerminalText.visibleLines(text)
        case .stockChanges(let changes): TerminalText.visibleLines(unchanged(changes))
        case .restocked(let changes): changes.isEmpty ? tr("Nothing needs restocking.") + "\n" : TerminalText.visibleLines(unchanged(changes))
        case .failedEvents(let events): failed(events)
        case .retried(let sinks): retried(sinks)
        case .reloaded(let summary):
            (summary.menuChanged ? "" : tr("The menu has not changed.") + "\n") + TerminalText.visibleLines(reloaded(summary.difference))
                + summary.notes.map { $0 + "\n" }.joined()
        case .suggestions(let outcome): SuggestionView(bold: bold).text(for: outcome)
        case .noMoreSuggestions(let reason): TerminalText.visibleLines(ResultText.capitalized(reason.message)) + ".\n"
        case .profiles(let profiles): SuggestionView(bold: bold).text(for: profiles)
        case .profile(let profile, let menu): SuggestionView(bold: bold).text(for: profile, menu: menu)
        case .profileRemoved(let name): tr("Profile '{name}' removed.", ["name": TerminalText.visible(name)]) + "\n"
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
    private func write(_ promise: TicketPromise, into bytes: inout [UInt8]) {
        let minute: Int64 = 60_000
        let promised = promise.promised.millisecondsSince1970
        let (rounded, overflow) = promised.addingReportingOverflow((minute - promised % minute) % minute)
        let byTime = Timestamp(millisecondsSince1970: overflow ? promised : rounded)
        let byText = lastPromised.hourAndMinute(of: byTime, offsetSeconds: utcOffset(byTime))
        let wait = promise.wait
        // The placeholders by their place in the message: the ticket, the time, the minutes.
        func value(_ place: Int, _ bytes: inout [UInt8]) {
            switch place {
            case 0: DecimalDigits.append(promise.ticket, to: &bytes)
            case 1: bytes += byText.utf8
            default: DecimalDigits.append((wait + minute / 2) / minute, to: &bytes)
            }
        }
        if wait < minute {
            tr("#{ticket} ready by {time}, in under a minute", into: &bytes, values: value)
        } else {
            tr("#{ticket} ready by {time}, in about {minutes} min", into: &bytes, values: value)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// `Latte ×2, Croissant` and what they would cost.
    private func quoted(_ summary: OrderSummary) -> String {
        let lines = summary.lines.map { line in
            TerminalText.visible(line.item) + (line.quantity == 1 ? "" : " ×\(line.quantity)")
        }.joined(separator: ", ")
        guard let total = summary.total else { return lines + ": " + tr("the menu gives no prices") + "\n" }
        let price = summary.price.map { PriceText.text($0, currency: summary.currency) }
            ?? tr("Total") + "  " + total.grouped + (summary.currency.map { " " + TerminalText.visible($0) } ?? "") + "\n"
        return lines + "\n" + price
    }

    /// `2026-11-23 09:06:00`, local time.
    /// `Pay by 14:20; until then its stock is held.`: an order paid first, made unpaid.
    private func held(_ until: Timestamp) -> String {
        let time = until.civil(offsetSeconds: utcOffset(until)).hourAndMinute
        return tr("Pay by {time}; until then its stock is held.", ["time": time]) + "\n"
    }

    /// `write(_:into:)` of a promise, as text.
    private func promised(_ promise: TicketPromise) -> String {
        var bytes: [UInt8] = []
        write(promise, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What a payment's events do not say: the change and the cash rounding, a tip and
    /// what the card was charged, what is still due.
    private func paid(_ payment: PaymentChanged) -> String {
        let cents = MinorUnit.hasCents(payment.currency)
        func money(_ amount: Money) -> String { amount.grouped(cents: cents) }
        var lines: [String] = []
        if let tendered = payment.tendered, let change = payment.change, payment.due == .zero {
            lines.append(tr("Tendered {tendered}, change {change}.", ["tendered": money(tendered), "change": money(change)]))
        }
        if payment.rounding != .zero {
            lines.append(tr("Cash rounding: {rounding}.", ["rounding": money(payment.rounding)]))
        }
        if payment.tip != .zero, let charged = payment.amount.adding(payment.tip) {
            lines.append(tr("Tip {tip}; the card was charged {charged}.", ["tip": money(payment.tip), "charged": money(charged)]))
        }
        if payment.due != .zero {
            lines.append(tr("Still due on order {order}: {due}.", ["order": String(payment.order), "due": money(payment.due)]))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Where the drawer's day stands: for a count, the X and the Z report, every line of
    /// what it should hold and the over or short; for a pay-in or out, what it should hold.
    private func drawer(_ step: DrawerChanged) -> String {
        guard step.kind == .counted || step.kind == .closed else {
            return tr("The drawer should hold {expected}.", ["expected": step.expected.grouped(cents: MinorUnit.hasCents(step.currency))]) + "\n"
        }
        let title = step.kind == .closed
            ? tr("Z report {day}: the drawer's day is closed", ["day": step.day])
            : tr("X report: day {day}, open", ["day": step.day])
        return title + "\n" + ReceiptLayout(rows: ReceiptLayout.rows(of: step)).text
    }

    /// What a refund leaves to refund, when anything.
    private func refunded(_ steps: [PaymentChanged]) -> String {
        guard let last = steps.last, last.due != .zero else { return "" }
        let cents = MinorUnit.hasCents(last.currency)
        return tr("Left to refund on order {order}: {left}.", ["order": String(last.order), "left": last.due.grouped(cents: cents)]) + "\n"
    }

    private func clockTime(_ time: Timestamp) -> String {
        let civil = time.civil(offsetSeconds: utcOffset(time))
        return "\(civil.date) \(civil.timeOfDay)"
    }

    /// The edits that changed nothing, said so: the console's events tell the others.
    private func unchanged(_ changes: [StockChange]) -> String {
        changes.filter { $0.from == $0.to }.map { tr("{ingredient} stays at {count}.", ["ingredient": $0.ingredient, "count": $0.to]) + "\n" }.joined()
    }

    private func menu(_ listing: MenuListing) -> String {
        let hasAliases = listing.rows.contains { !$0.aliases.isEmpty }
        let hasPrices = listing.rows.contains { $0.price != nil }
        var columns: [(String, TextTable.Alignment)] = [(tr("ITEM"), .left)]
        if hasAliases { columns.append((tr("ALSO"), .left)) }
        if hasPrices { columns.append((listing.currency.map { tr("PRICE ({currency})", ["currency": TerminalText.visible($0)]) } ?? tr("PRICE"), .right)) }
        columns += [(tr("NEEDS"), .left), (tr("CAN MAKE"), .right)]
        var table = TextTable(columns)
        for row in listing.rows {
            // `Croissant (07:00-11:00, not now)`: when an item with windows is served.
            var cells = [row.name + (row.served.map { " (" + $0.windows + ($0.now ? "" : ", " + tr("not now")) + ")" } ?? "")]
            if hasAliases { cells.append(row.aliases.joined(separator: ", ")) }
            if hasPrices { cells.append(row.price?.grouped ?? "") }
            cells.append(row.needs.map { "\($0.ingredient) \($0.count)" }.joined(separator: ", "))
            cells.append(String(row.makeable))
            table.add(cells)
            for size in row.sizes {
                var cells = ["  " + size.name + (size.name == row.defaultSize ? " " + tr("(default)") : "")]
                if hasAliases { cells.append("") }
                if hasPrices { cells.append(size.price?.grouped ?? "") }
                cells.append(size.needs.map { "\($0.ingredient) \($0.count)" }.joined(separator: ", "))
                cells.append(String(size.makeable))
                table.add(cells)
            }
        }
        var out = TerminalText.visible(listing.name) + "\n" + table.render(bold: bold)
        // The groups of options, item by item, after the table: too wide for its columns.
        let chosen = listing.rows.filter { !$0.groups.isEmpty }
        if !chosen.isEmpty {
            out += tr("Options (order as ITEM +OPTION):") + "\n"
            let names = chosen.map { TerminalText.visible($0.name) }
            let width = names.map(TerminalText.width(of:)).max() ?? 0
            for (row, name) in zip(chosen, names) {
                for (index, group) in row.groups.enumerated() {
                    let label = index == 0 ? name : ""
                    out += "  " + label + String(repeating: " ", count: width - TerminalText.width(of: label)) + "  " + TerminalText.visible(group.summary) + "\n"
                }
            }
        }
        if !listing.combos.isEmpty {
            // `Breakfast Set  7,000  choose 1 — Latte, Americano; choose 1 — Croissant, Muffin`
            out += tr("Combos (order as COMBO +ITEM +OPTION … +ITEM):") + "\n"
            var combos = TextTable([(tr("COMBO"), .left), (tr("PRICE"), .right), (tr("CHOICES"), .left)])
            for combo in listing.combos {
                let choices = combo.choices.map { choice in
                    tr("choose {limits}", ["limits": OptionGroup.limitsText(choice.minimum, choice.maximum)]) + " — "
                        + choice.items.map { TerminalText.visible($0.name) }.joined(separator: ", ")
                }
                combos.add([TerminalText.visible(combo.name), combo.price?.grouped ?? "", choices.joined(separator: "; ")])
            }
            out += combos.render(bold: bold)
        }
        return out
    }

    private func stock(_ listing: StockListing) -> String {
        let hasUnits = listing.rows.contains { $0.unit != nil }
        var columns: [(String, TextTable.Alignment)] = [(tr("INGREDIENT"), .left), (tr("STOCK"), .right), (tr("LOW"), .right)]
        if hasUnits { columns.append((tr("UNIT"), .left)) }
        columns.append((tr("STATUS"), .left))
        var table = TextTable(columns)
        for row in listing.rows {
            var cells = [row.name, String(row.count), String(row.low)]
            if hasUnits { cells.append(row.unit ?? "") }
            cells.append(row.flag.map(ResultText.flag) ?? "")
            table.add(cells)
        }
        return table.render(bold: bold)
    }

    private func history(_ records: [OrderRecord]) -> String {
        guard !records.isEmpty else { return tr("No orders yet.") + "\n" }
        var table = TextTable([("#", .right), (tr("TIME"), .left), (tr("ORDER"), .left), (tr("RESULT"), .left)])
        for record in records {
            let time = record.time.civil(offsetSeconds: utcOffset(record.time))
            let result = switch record.result {
            case .made(let total): tr("made") + (total.map { " (\($0.grouped))" } ?? "")
            case .refused(let missing): tr("refused: {missing}", ["missing": MessageTemplate.describe(missing)])
            }
            table.add([String(record.sequence), "\(time.date) \(time.timeOfDay)", MessageTemplate.describe(record.lines), result])
        }
        return table.render(bold: bold)
    }

    private func report(_ report: SalesReport) -> String {
        var sales = TextTable(report.hasPrices ? [(tr("ITEM"), .left), (tr("SOLD"), .right), (tr("REVENUE"), .right)] : [(tr("ITEM"), .left), (tr("SOLD"), .right)])
        for line in report.sales {
            sales.add(report.hasPrices ? [line.item, String(line.quantity), line.revenue.grouped] : [line.item, String(line.quantity)])
        }
        var usage = TextTable([(tr("INGREDIENT"), .left), (tr("USED"), .right)])
        for line in report.usage { usage.add([line.ingredient, String(line.used)]) }
        var text = sales.render(bold: bold) + "\n"
        if !report.choiceSales.isEmpty {
            // How many of each item were sold in each size and with each option.
            var choices = TextTable([(tr("ITEM"), .left), (tr("SIZE OR OPTION"), .left), (tr("SOLD"), .right)])
            for line in report.choiceSales {
                let choice = switch line.choice {
                case .size(let size): size
                case .option(let group, let option): "\(group): \(option)"
                }
                choices.add([TerminalText.visible(line.item), TerminalText.visible(choice), String(line.quantity)])
            }
            text += choices.render(bold: bold) + "\n"
        }
        text += tr("Orders: {made} made, {refused} refused", ["made": report.madeOrders, "refused": report.refusedOrders]) + "\n"
        if report.hasPrices {
            let revenue = report.revenue.grouped + (report.currency.map { " " + TerminalText.visible($0) } ?? "")
            text += tr("Revenue: {revenue}", ["revenue": revenue]) + "\n"
        }
        if !report.days.isEmpty { text += "\n" + moneyDays(report.days) }
        if let payments = report.payments { text += "\n" + tenders(payments, currency: report.currency) }
        text += "\n" + usage.render(bold: bold)
        guard let board = report.board else { return text }
        return text + "\n" + boardView.reportText(board)
    }

    /// `TENDER  PAYMENTS  TAKEN  TIPS  ROUNDING  REFUNDS`: what each tender took.
    private func tenders(_ payments: PaymentBook, currency: String?) -> String {
        let cents = MinorUnit.hasCents(currency)
        var table = TextTable([
            (tr("TENDER"), .left), (tr("PAYMENTS"), .right), (tr("TAKEN"), .right), (tr("TIPS"), .right), (tr("ROUNDING"), .right),
            (tr("REFUNDS"), .right),
        ])
        for tender in Tender.allCases {
            let takings = payments.takings(of: tender)
            table.add([tender == .cash ? tr("cash") : tr("card"), String(takings.payments)] + [takings.amount, takings.tips, takings.rounding, takings.refunds].map { $0.grouped(cents: cents) })
        }
        return table.render(bold: bold)
    }

    /// `DAY  ORDERS  GROSS  DISCOUNTS  NET  부가세  TOTAL  CANCELLED`: each tax its own column.
    private func moneyDays(_ days: [Ledger.MoneyDay]) -> String {
        var taxes: [(name: String, included: Bool)] = []
        for day in days {
            for tax in day.taxes where !taxes.contains(where: { $0.name == tax.name && $0.included == tax.included }) { taxes.append((tax.name, tax.included)) }
        }
        let cancels = days.contains { $0.cancelled != .zero }
        let cents = days.contains { day in
            ([day.gross, day.discounts, day.net, day.total, day.cancelled] + day.taxes.map(\.amount)).contains { $0.hundredths % 100 != 0 }
        }
        var columns: [(String, TextTable.Alignment)] = [(tr("DAY"), .left), (tr("ORDERS"), .right), (tr("GROSS"), .right), (tr("DISCOUNTS"), .right), (tr("NET"), .right)]
        columns += taxes.map { tax in (TerminalText.visible(tax.included ? tr("{tax} included", ["tax": tax.name]) : tax.name).uppercased(), .right) }
        columns.append((tr("TOTAL"), .right))
        if cancels { columns.append((tr("CANCELLED"), .right)) }
        var table = TextTable(columns)
        for day in days {
            var cells = [
                CivilTime(millisecondsSince1970: Int64(day.day) * 86_400_000).date, String(day.orders), day.gross.grouped(cents: cents),
                day.discounts.grouped(cents: cents), day.net.grouped(cents: cents),
            ]
            for tax in taxes {
                let amount = day.taxes.first { $0.name == tax.name && $0.included == tax.included }?.amount ?? .zero
                cells.append(amount.grouped(cents: cents))
            }
            cells.append(day.total.grouped(cents: cents))
            if cancels { cells.append(day.cancelled.grouped(cents: cents)) }
            table.add(cells)
        }
        return table.render(bold: bold)
    }

    private func sinks(_ statuses: [SinkStatus]) -> String {
        guard !statuses.isEmpty else { return tr("No sinks.") + "\n" }
        var table = TextTable([
            (tr("SINK"), .left), (tr("TARGET"), .left), (tr("ON"), .left), (tr("DELIVERED"), .right), (tr("WAITING"), .right),
            (tr("RETRYING"), .right), (tr("FAILED"), .right), (tr("LAST ERROR"), .left),
        ])
        for status in statuses {
            table.add([
                TerminalText.visible(status.kind), TerminalText.visible(status.target), ResultText.describe(status.events), String(status.delivered),
                status.deliversHere ? String(status.waiting) : tr("elsewhere"), String(status.retrying), String(status.failed),
                TerminalText.visible(status.lastError ?? ""),
            ])
        }
        var text = table.render(bold: bold)
        if statuses.contains(where: { !$0.deliversHere }) {
            text += tr("Another kiosk on this state delivers for the sinks marked 'elsewhere'.") + "\n"
        }
        for status in statuses {
            if let connection = status.connection { text += ResultText.describe(connection, of: status) }
        }
        return text
    }

    /// `mqtt mqtt://127.0.0.1:1883: connected, 12 in flight; last error: …`.
    static func describe(_ connection: SinkConnection, of status: SinkStatus) -> String {
        let line = tr("{sink} {target}: {state}, {count} in flight", [
            "sink": status.kind, "target": TerminalText.visible(status.target), "state": tr(connection.state), "count": connection.inFlight,
        ])
        let error = connection.lastError.map { tr("; last error: {error}", ["error": TerminalText.visible($0)]) } ?? ""
        return line + error + "\n"
    }

    private func failed(_ events: [FailedEvent]) -> String {
        guard !events.isEmpty else { return tr("No failed events.") + "\n" }
        var table = TextTable([(tr("SINK"), .left), (tr("SEQ"), .right), (tr("TYPE"), .left), (tr("ID"), .left), (tr("REASON"), .left)])
        for failure in events {
            table.add([
                TerminalText.visible(failure.sink), String(failure.event.sequence), failure.event.type.rawValue,
                failure.event.id.description, TerminalText.visible(failure.reason) + (failure.retrying ? " " + tr("(retrying)") : ""),
            ])
        }
        return table.render(bold: bold)
    }

    private func retried(_ sinks: [RetriedSink]) -> String {
        let total = sinks.reduce(0) { $0 + $1.count }
        guard total > 0 else { return tr("No failed events to retry.") + "\n" }
        return sinks.filter { $0.count > 0 }.map {
            trn("Sending {count} failed event to {sink} again.", "Sending {count} failed events to {sink} again.", $0.count, [
                "count": $0.count, "sink": TerminalText.visible($0.sink),
            ]) + "\n"
        }.joined()
    }

    private func reloaded(_ difference: MenuDifference) -> String {
        var lines: [String] = []
        if !difference.addedItems.isEmpty { lines.append(tr("New items: {names}", ["names": difference.addedItems.joined(separator: ", ")])) }
        if !difference.removedItems.isEmpty { lines.append(tr("Items gone: {names}", ["names": difference.removedItems.joined(separator: ", ")])) }
        if !difference.addedIngredients.isEmpty {
            lines.append(tr("New ingredients: {names}", ["names": difference.addedIngredients.joined(separator: ", ")]))
        }
        if !difference.removedIngredients.isEmpty {
            lines.append(tr("Ingredients gone (their stock is dropped): {names}", ["names": difference.removedIngredients.joined(separator: ", ")]))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A stock row's flag (`out`, `low`) in the operator's language.
    static func flag(_ flag: String) -> String {
        switch flag {
        case "out": tr("out")
        case "low": tr("low")
        default: flag
        }
    }

    static func describe(_ events: EventTypes) -> String {
        events == .all ? "all" : events.types.map(\.rawValue).joined(separator: ",")
    }
}

/// The last time of day shown as `HH:MM`, with its text: a batch promises order after
/// order by the same minute, whose text is then made once.
private final class LastClockTime: Sendable {
    private let last = Mutex<(time: Timestamp, offset: Int, text: String)?>(nil)

    func hourAndMinute(of time: Timestamp, offsetSeconds: Int) -> String {
        if let known = last.withLock({ $0 }), known.time == time, known.offset == offsetSeconds { return known.text }
        let text = time.civil(offsetSeconds: offsetSeconds).hourAndMinute
        last.withLock { $0 = (time, offsetSeconds, text) }
        return text
    }
}
