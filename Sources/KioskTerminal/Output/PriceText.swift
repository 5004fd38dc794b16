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
            text += row.label.isEmpty && row.amount.isEmpty ? "\n" : ReceiptLayout.entry(row.label, row.amount, labelWidth: labelWidth, amountWidth: amountWidth) + "\n"
        }
        return text
    }
}
