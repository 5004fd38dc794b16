import KioskText

extension DrawerChanged {
    /// The `data` of a `drawer.*` event, and the X and Z reports: amounts as decimal numbers
    /// in the currency's unit; `taxes` the day's by tax rate (empty on a menu without taxes),
    /// `operators` the day by operator (`DrawerOperator`), `operator` who took the step.
    public func writeFields(to writer: inout JSONWriter) {
        writer.field("day", day)
        writer.field("step", kind.rawValue)
        writer.key("amount")
        writer.number(amount)
        if let reason { writer.field("reason", reason) }
        writer.key("float")
        writer.number(float)
        writer.key("payIns")
        writer.number(payIns)
        writer.key("payOuts")
        writer.number(payOuts)
        writer.array("tenders", objects: Array(zip(Tender.allCases, takings))) { writer, entry in entry.1.writeFields(of: entry.0, to: &writer) }
        writer.key("expected")
        writer.number(expected)
        if let counted {
            writer.key("counted")
            writer.number(counted)
        }
        if let overShort {
            writer.key("overShort")
            writer.number(overShort)
        }
        writer.array("taxes", objects: taxes) { writer, tax in tax.writeFields(to: &writer) }
        writer.array("operators", objects: operators) { writer, line in line.writeFields(to: &writer) }
        if let operatorName { writer.field("operator", operatorName) }
        if let currency { writer.field("currency", currency) }
    }
}

extension DrawerOperator {
    /// `{"operator":"Ana","tenders":[…],"payIns":20,"payOuts":0}`: `operator` `null` for
    /// self-service; `tenders` as the day's, one per tender.
    public func writeFields(to writer: inout JSONWriter) {
        writer.key("operator")
        if let name { writer.string(name) } else { writer.null() }
        writer.array("tenders", objects: Array(zip(Tender.allCases, takings))) { writer, entry in entry.1.writeFields(of: entry.0, to: &writer) }
        writer.key("payIns")
        writer.number(payIns)
        writer.key("payOuts")
        writer.number(payOuts)
    }
}

extension DrawerTax {
    /// `{"name":"VAT","rate":10,"included":true,"taxable":9.09,"tax":0.91}`: the rate in
    /// percent (left out when the menu no longer declares the tax), amounts as decimal numbers.
    public func writeFields(to writer: inout JSONWriter) {
        writer.field("name", name)
        if let rate {
            writer.key("rate")
            writer.raw(rate.description.utf8.dropLast())
        }
        writer.field("included", included)
        writer.key("taxable")
        writer.number(taxable)
        writer.key("tax")
        writer.number(tax)
    }
}
