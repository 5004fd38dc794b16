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
    static func text(_ price: PriceBreakdown, currency: String?) -> String {
        let cents = price.hasCents
        func entry(_ label: String, _ amount: String) -> ReceiptLayout.Row { .entry(label, amount: amount, strong: false) }
        var rows: [ReceiptLayout.Row] = []
        let added = price.taxes.filter { !$0.included && $0.amount != .zero }
        if !price.discounts.isEmpty || !added.isEmpty {
            rows.append(entry(tr("Subtotal"), price.subtotal.grouped(cents: cents)))
            for discount in price.discounts { rows.append(entry(TerminalText.visible(discount.name), ReceiptLayout.negative(discount.amount, cents: cents))) }
            for tax in added { rows.append(entry(TerminalText.visible(tax.name), tax.amount.grouped(cents: cents))) }
        }
        rows.append(entry(tr("Total"), price.total.grouped(cents: cents) + (currency.map { " " + TerminalText.visible($0) } ?? "")))
        for tax in price.taxes where tax.included {
            rows.append(entry(tr("{tax} included", ["tax": TerminalText.visible(tax.name)]), tax.amount.grouped(cents: cents)))
        }
        return ReceiptLayout(rows: rows).text
    }
}
