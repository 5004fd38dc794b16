import KioskApplication
import KioskCore
import KioskText

/// An order's price as a person reads it, under the order, for `price` and on a receipt:
/// the subtotal, each discount and added tax when any applies, the total, and the taxes
/// the total already holds.
///
/// ```
/// Subtotal         12,500
/// Set saver        -1,000
/// Total            11,500 KRW
/// 부가세 included    1,046
/// ```
enum PriceText {
    typealias Row = (label: String, amount: String)

    static func text(_ price: PriceBreakdown, currency: String?) -> String {
        let cents = price.hasCents
        var rows: [Row] = []
        let added = price.taxes.filter { !$0.included && $0.amount != .zero }
        if !price.discounts.isEmpty || !added.isEmpty {
            rows.append((tr("Subtotal"), price.subtotal.grouped(cents: cents)))
            for discount in price.discounts { rows.append((TerminalText.visible(discount.name), negative(discount.amount, cents: cents))) }
            for tax in added { rows.append((TerminalText.visible(tax.name), tax.amount.grouped(cents: cents))) }
        }
        rows.append((tr("Total"), price.total.grouped(cents: cents) + (currency.map { " " + TerminalText.visible($0) } ?? "")))
        for tax in price.taxes where tax.included {
            rows.append((tr("{tax} included", ["tax": TerminalText.visible(tax.name)]), tax.amount.grouped(cents: cents)))
        }
        return render(rows)
    }

    /// A receipt: the kiosk, the order's number and time, each line with its gross and its
    /// discounts, then the subtotal, each discount, the net (공급가액), each tax and the
    /// total — net and taxes adding up exactly to the total.
    static func receipt(_ receipt: Receipt, time: CivilTime) -> String {
        let record = receipt.record
        let text = TerminalText.visible(receipt.kiosk) + "\n" + "#\(record.sequence)  \(time.date) \(time.timeOfDay)\n\n"
        let price = record.price
        let cents = price?.hasCents ?? false
        var rows: [Row] = []
        for (index, line) in record.lines.enumerated() {
            let priced = price.flatMap { $0.lines.indices.contains(index) ? $0.lines[index] : nil }
            rows.append((TerminalText.visible(MessageTemplate.describe([line])), priced?.gross.grouped(cents: cents) ?? ""))
            for discount in priced?.discounts ?? [] { rows.append(("  " + TerminalText.visible(discount.name), negative(discount.amount, cents: cents))) }
        }
        let currency = receipt.currency.map { " " + TerminalText.visible($0) } ?? ""
        if let price {
            rows.append(("", ""))
            rows.append((tr("Subtotal"), price.subtotal.grouped(cents: cents)))
            for discount in price.discounts { rows.append((TerminalText.visible(discount.name), negative(discount.amount, cents: cents))) }
            if !price.taxes.isEmpty {
                rows.append((tr("Net (supply value)"), price.net.grouped(cents: cents)))
                for tax in price.taxes { rows.append((TerminalText.visible(tax.name), tax.amount.grouped(cents: cents))) }
            }
            rows.append((tr("Total"), price.total.grouped(cents: cents) + currency))
        } else if let total = receipt.total {
            rows.append(("", ""))
            rows.append((tr("Total"), total.grouped + currency))
        }
        if let payments = receipt.payments {
            let cents = cents || MinorUnit.hasCents(receipt.currency)
            rows.append(("", ""))
            for (index, tender) in Tender.allCases.enumerated() where payments.taken[index] != .zero {
                rows.append((tender == .cash ? tr("Paid in cash") : tr("Paid by card"), payments.taken[index].grouped(cents: cents)))
            }
            for (index, tender) in Tender.allCases.enumerated() where payments.refunded[index] != .zero {
                rows.append((tender == .cash ? tr("Refunded in cash") : tr("Refunded to card"), negative(payments.refunded[index], cents: cents)))
            }
        }
        return text + render(rows)
    }

    private static func negative(_ amount: Money, cents: Bool) -> String {
        Money(hundredths: -amount.hundredths).grouped(cents: cents)
    }

    /// Labels on the left, amounts right-aligned on their digits: a currency after the
    /// total hangs past them.
    static func render(_ rows: [Row]) -> String {
        let labelWidth = rows.map { TerminalText.width(of: $0.label) }.max() ?? 0
        let amountWidth = rows.map { TerminalText.width(of: $0.amount.prefix { $0 != " " }) }.max() ?? 0
        var text = ""
        for row in rows {
            guard !row.label.isEmpty || !row.amount.isEmpty else {
                text += "\n"
                continue
            }
            let digits = row.amount.prefix { $0 != " " }
            var line = row.label + String(repeating: " ", count: labelWidth - TerminalText.width(of: row.label) + 2)
            line += String(repeating: " ", count: amountWidth - TerminalText.width(of: digits)) + row.amount
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
