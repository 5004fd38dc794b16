import KioskText

extension ReceiptLayout {
    /// The Z report of a closed day (`drawer.closed`) as a receipt: the kiosk, the day's
    /// number and when it closed; what the drawer should hold — the float, cash sales (with
    /// what cash rounding added), cash refunds, pay-ins and pay-outs — and, when it was
    /// counted, the count and its over or short; then each other tender's takings and the
    /// tips; then each operator's sales by tender (how many, and what they took), tips,
    /// refunds, pay-ins and pay-outs (`DrawerOperator`), self-service last; then, on a menu
    /// with taxes, each tax's taxable amount and tax (`DrawerTax`).
    /// `time` is the close's, in the kiosk's zone.
    ///
    /// ```
    /// Juice Bar                       title
    /// Z report 3                      text
    /// 2026-12-06 22:00                text
    ///                                 gap
    /// Float                 100,000   entry
    /// …
    /// Expected in the drawer 141,000  entry, strong
    /// ```
    public init(zReport day: DrawerChanged, kiosk: String, time: CivilTime) {
        self.init(rows: [.title(TerminalText.visible(kiosk)), .text(tr("Z report {day}", ["day": day.day])), .text("\(time.date) \(time.timeOfDay)"), .gap] + Self.rows(of: day))
    }

    /// The drawer's day as it stands after `day` (an X or Z report's body): what the drawer
    /// should hold and how, the count, then the other tenders, then the day by operator,
    /// then the taxes by rate.
    public static func rows(of day: DrawerChanged) -> [Row] {
        let cents = MinorUnit.hasCents(day.currency)
        func entry(_ label: String, _ amount: Money, negated: Bool = false, strong: Bool = false) -> Row {
            .entry(label, amount: Money(hundredths: negated ? -amount.hundredths : amount.hundredths).grouped(cents: cents), strong: strong)
        }
        let cash = day.takings[Tender.allCases.firstIndex(of: .cash) ?? 0]
        let card = day.takings[Tender.allCases.firstIndex(of: .card) ?? 0]
        var rows: [Row] = [
            entry(tr("Float"), day.float),
            entry(tr("Cash sales"), Money(hundredths: cash.amount.hundredths &+ cash.rounding.hundredths)),
            entry(tr("Cash refunds"), cash.refunds, negated: true),
            entry(tr("Pay-ins"), day.payIns),
            entry(tr("Pay-outs"), day.payOuts, negated: true),
            entry(tr("Expected in the drawer"), day.expected, strong: true),
        ]
        if let counted = day.counted, let overShort = day.overShort {
            rows += [entry(tr("Counted"), counted), entry(tr("Over (+) or short (-)"), overShort, strong: true)]
        }
        rows += [
            .gap, entry(tr("Card sales"), card.amount), entry(tr("Card refunds"), card.refunds, negated: true),
            entry(tr("Tips"), Money(hundredths: cash.tips.hundredths &+ card.tips.hundredths)),
        ]
        if !day.operators.isEmpty {
            rows += [.gap, .text(tr("By operator"))]
            for line in day.operators {
                let cash = line.takings(of: .cash)
                let card = line.takings(of: .card)
                rows += [
                    .text(line.name.map(TerminalText.visible) ?? OperatorName.selfService),
                    entry("  " + tr("Cash sales ({count})", ["count": cash.payments]), Money(hundredths: cash.amount.hundredths &+ cash.rounding.hundredths)),
                    entry("  " + tr("Card sales ({count})", ["count": card.payments]), card.amount),
                    entry("  " + tr("Tips"), Money(hundredths: cash.tips.hundredths &+ card.tips.hundredths)),
                    entry("  " + tr("Refunds"), Money(hundredths: cash.refunds.hundredths &+ card.refunds.hundredths), negated: true),
                    entry("  " + tr("Pay-ins"), line.payIns),
                    entry("  " + tr("Pay-outs"), line.payOuts, negated: true),
                ]
            }
        }
        if !day.taxes.isEmpty {
            rows += [.gap, .text(tr("Taxes by rate"))]
            for tax in day.taxes {
                let named = TerminalText.visible(tax.name) + (tax.rate.map { " \($0)" } ?? "")
                rows.append(.text(tax.included ? tr("{tax}, included", ["tax": named]) : tr("{tax}, added", ["tax": named])))
                rows += [entry("  " + tr("Taxable amount"), tax.taxable), entry("  " + tr("Tax"), tax.tax)]
            }
        }
        return rows
    }
}
