import KioskText

/// A receipt as rows, before it is text on a screen or bytes for a receipt printer: the
/// one place that says what a receipt holds and in which order. Every text in it is
/// visible (no control characters from a menu), in the operator's language.
///
/// ```
/// Juice Bar                      title
/// #12  2026-12-06 10:00          text
/// Ticket 7                       number   (large on paper)
///                                gap
/// 2 Mango Juice         9,000    entry
/// …
/// Total                11,500    entry, strong
/// ```
public struct ReceiptLayout: Sendable, Hashable {
    public enum Row: Sendable, Hashable {
        /// The kiosk's name: centred and bold on paper.
        case title(String)
        /// The ticket to call: large and centred on paper.
        case number(String)
        /// A line of its own.
        case text(String)
        /// A label with an amount: the amounts of a receipt align on their digits, a
        /// currency after one hanging past them. `strong` is bold on paper (the total).
        case entry(String, amount: String, strong: Bool)
        /// An empty line.
        case gap
    }

    public var rows: [Row]

    public init(rows: [Row]) {
        self.rows = rows
    }

    /// The receipt of `receipt`, its time as `time` (the order's, in the kiosk's zone).
    public init(_ receipt: OrderReceipt, time: CivilTime) {
        var rows: [Row] = [.title(TerminalText.visible(receipt.kiosk)), .text("#\(receipt.order)  \(time.date) \(time.timeOfDay)")]
        if let ticket = receipt.ticket { rows.append(.number(tr("Ticket {n}", ["n": String(ticket)]))) }
        rows.append(.gap)
        let price = receipt.price
        let cents = price?.hasCents ?? false
        for (index, line) in receipt.lines.enumerated() {
            let priced = price.flatMap { $0.lines.indices.contains(index) ? $0.lines[index] : nil }
            rows.append(.entry(TerminalText.visible(MessageTemplate.describe([line])), amount: priced?.gross.grouped(cents: cents) ?? "", strong: false))
            for discount in priced?.discounts ?? [] {
                rows.append(.entry("  " + TerminalText.visible(discount.name), amount: Self.negative(discount.amount, cents: cents), strong: false))
            }
        }
        let currency = receipt.currency.map { " " + TerminalText.visible($0) } ?? ""
        if let price {
            rows.append(.gap)
            rows.append(.entry(tr("Subtotal"), amount: price.subtotal.grouped(cents: cents), strong: false))
            for discount in price.discounts {
                rows.append(.entry(TerminalText.visible(discount.name), amount: Self.negative(discount.amount, cents: cents), strong: false))
            }
            if !price.taxes.isEmpty {
                rows.append(.entry(tr("Net (supply value)"), amount: price.net.grouped(cents: cents), strong: false))
                for tax in price.taxes { rows.append(.entry(TerminalText.visible(tax.name), amount: tax.amount.grouped(cents: cents), strong: false)) }
            }
            rows.append(.entry(tr("Total"), amount: price.total.grouped(cents: cents) + currency, strong: true))
        } else if let total = receipt.total {
            rows.append(.gap)
            rows.append(.entry(tr("Total"), amount: total.grouped + currency, strong: true))
        }
        if let payments = receipt.payments, payments != PaymentBook.OrderPayments() {
            let cents = receipt.hasCents
            rows.append(.gap)
            for (index, tender) in Tender.allCases.enumerated() where payments.taken[index] != .zero {
                rows.append(.entry(tender == .cash ? tr("Paid in cash") : tr("Paid by card"), amount: payments.taken[index].grouped(cents: cents), strong: false))
            }
            if let settled = receipt.settled {
                if let tendered = settled.tendered, let change = settled.change {
                    rows.append(.entry(tr("Cash tendered"), amount: tendered.grouped(cents: cents), strong: false))
                    rows.append(.entry(tr("Change given"), amount: change.grouped(cents: cents), strong: false))
                }
                if settled.tip != .zero { rows.append(.entry(tr("Tip"), amount: settled.tip.grouped(cents: cents), strong: false)) }
                if let card = settled.card { rows.append(.text(tr("Card ending {digits}", ["digits": TerminalText.visible(card)]))) }
            }
            for (index, tender) in Tender.allCases.enumerated() where payments.refunded[index] != .zero {
                rows.append(.entry(
                    tender == .cash ? tr("Refunded in cash") : tr("Refunded to card"), amount: Self.negative(payments.refunded[index], cents: cents),
                    strong: false
                ))
            }
        }
        self.rows = rows
    }

    /// `amount` taken off, as a receipt shows a discount or a refund: `-1,000`.
    public static func negative(_ amount: Money, cents: Bool) -> String {
        Money(hundredths: -amount.hundredths).grouped(cents: cents)
    }

    /// The rows as text, as a terminal shows them: labels on the left, amounts
    /// right-aligned on their digits.
    public var text: String {
        let entries = rows.compactMap { row -> (String, String)? in if case .entry(let label, let amount, _) = row { (label, amount) } else { nil } }
        let labelWidth = entries.map { TerminalText.width(of: $0.0) }.max() ?? 0
        let amountWidth = entries.map { TerminalText.width(of: $0.1.prefix { $0 != " " }) }.max() ?? 0
        var text = ""
        for row in rows {
            switch row {
            case .title(let line), .number(let line), .text(let line): text += line + "\n"
            case .gap: text += "\n"
            case .entry(let label, let amount, _): text += Self.entry(label, amount, labelWidth: labelWidth, amountWidth: amountWidth) + "\n"
            }
        }
        return text
    }

    /// One entry: the label, padded to `labelWidth` and two spaces, then the amount's digits
    /// right-aligned to `amountWidth`, with no space at the end.
    private static func entry(_ label: String, _ amount: String, labelWidth: Int, amountWidth: Int) -> String {
        let digits = amount.prefix { $0 != " " }
        var line = label + String(repeating: " ", count: max(0, labelWidth - TerminalText.width(of: label)) + 2)
        line += String(repeating: " ", count: max(0, amountWidth - TerminalText.width(of: digits))) + amount
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}
