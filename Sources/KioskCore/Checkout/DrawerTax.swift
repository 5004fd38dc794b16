/// One tax of the drawer's day: the menu's `tax` by its name, rate and kind, the taxable
/// amount of what the day's payments took at it and the tax in that, refunds taken off —
/// an X or Z report's line by tax rate.
///
/// A payment takes its share of its order's taxes: the order's taxable amount and tax at
/// each rate times what the payment took off the order over the order's total, so that the
/// payments that settle an order take exactly its taxes; a refund gives back its share the
/// same way. The taxable amount of a line is what it costs after its discounts, less the
/// tax itself when the price includes it.
///
/// The day keeps each tax by its name and kind, as the orders' prices carry them, so that
/// folding the journal needs no menu (`kiosk state compact` has none); an X or Z report
/// gives each its rate from the menu it is taken on.
public struct DrawerTax: Sendable, Hashable {
    /// The tax's name, as the menu's `tax` statement gives it.
    public let name: String
    /// Its rate as the menu declares it when the report is taken; `nil` in the day as the
    /// state keeps it, and when the menu no longer has a tax of that name and kind.
    public let rate: Rate?
    /// Whether the prices include it (a VAT), or it is added to them (a sales tax).
    public let included: Bool
    /// What the tax is on, without the tax.
    public internal(set) var taxable: Money
    /// The tax.
    public internal(set) var tax: Money

    public init(name: String, rate: Rate?, included: Bool, taxable: Money = .zero, tax: Money = .zero) {
        self.name = name
        self.rate = rate
        self.included = included
        self.taxable = taxable
        self.tax = tax
    }

    /// Whether `other` is the same tax: the same name and kind.
    func isSameTax(as other: DrawerTax) -> Bool {
        name == other.name && included == other.included
    }

    /// This tax with its rate as `pricing` declares it.
    func rated(by pricing: Pricing?) -> DrawerTax {
        let declared = pricing?.taxes.first { $0.name == name && ($0.kind == .included) == included }
        return DrawerTax(name: name, rate: declared?.rate, included: included, taxable: taxable, tax: tax)
    }
}

extension DrawerBook {
    /// Adds `amounts` (a share of an order's taxes, negative for a refund) to the day's
    /// taxes: each to its tax's line, a tax not met yet appended in the order it comes.
    mutating func add(taxes amounts: [DrawerTax]) {
        for amount in amounts {
            if let index = taxes.firstIndex(where: { $0.isSameTax(as: amount) }) {
                taxes[index].taxable = taxes[index].taxable.adding(amount.taxable) ?? taxes[index].taxable
                taxes[index].tax = taxes[index].tax.adding(amount.tax) ?? taxes[index].tax
            } else {
                taxes.append(amount)
            }
        }
    }
}

extension Kiosk {
    /// Folds a payment step into the open drawer's day — its taxes, and its operator's
    /// line (`DrawerOperator`) — as it is taken and as the journal is folded alike. Called
    /// before the step is applied to `payments`.
    mutating func recordInDrawer(_ step: PaymentChanged) {
        recordTaxes(of: step)
        drawer.add(payment: step)
    }

    /// Folds into the open drawer's day the taxes a completed payment takes, or a refund
    /// gives back: its share of its order's taxes (see `DrawerTax`). Called before the step
    /// is applied to `payments`, whose order payments say what was taken or refunded before it.
    /// Needs no menu: the order's price in the history says it all.
    mutating func recordTaxes(of step: PaymentChanged) {
        guard drawer.isOpen, step.status == .completed || step.status == .refunded, step.amount > .zero,
            let record = historyRecord(step.order), case .made(let total?) = record.result, total > .zero,
            let price = record.price, !price.taxes.isEmpty
        else { return }
        let paid = payments.orders[step.order] ?? PaymentBook.OrderPayments()
        let amounts = step.status == .completed ? paid.taken : paid.refunded
        let before = min(total.hundredths, amounts.reduce(0) { $0 &+ max(0, $1.hundredths) })
        let after = min(total.hundredths, before &+ step.amount.hundredths)
        guard after > before else { return }
        let sign = step.status == .completed ? 1 : -1
        let whole = orderTaxes(price)
        // The payment's currency, not the menu's: a fold without a menu rounds the same.
        let unit = MinorUnit.hundredths(of: step.currency)
        // The share of the order's taxes the order's payments (or refunds) have reached, so
        // that the steps that reach the total take exactly the whole.
        func share(_ amount: Money, upTo reached: Int) -> Int {
            Rounding.halfUp.divide(Int128(amount.hundredths) * Int128(reached), by: Int128(total.hundredths), toMultipleOf: unit) ?? 0
        }
        drawer.add(taxes: whole.map { tax in
            DrawerTax(
                name: tax.name, rate: nil, included: tax.included,
                taxable: Money(hundredths: sign * (share(tax.taxable, upTo: after) - share(tax.taxable, upTo: before))),
                tax: Money(hundredths: sign * (share(tax.tax, upTo: after) - share(tax.tax, upTo: before)))
            )
        })
    }

    /// An order's taxes in all, each with its taxable amount, in the order the order's price
    /// lists them.
    private func orderTaxes(_ price: PriceBreakdown) -> [DrawerTax] {
        price.taxes.map { part in
            // Within the order's subtotal, which its pricing checked fits.
            var taxable = 0
            for line in price.lines {
                for tax in line.taxes where tax.name == part.name && tax.included == part.included {
                    taxable &+= line.discounted.hundredths &- (tax.included ? tax.amount.hundredths : 0)
                }
            }
            return DrawerTax(name: part.name, rate: nil, included: part.included, taxable: Money(hundredths: taxable), tax: part.amount)
        }
    }
}
