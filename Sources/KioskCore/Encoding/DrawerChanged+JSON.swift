import KioskText

extension DrawerChanged {
    /// The `data` of a `drawer.*` event, and the X and Z reports: amounts as decimal numbers
    /// in the currency's unit.
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
        if let currency { writer.field("currency", currency) }
    }
}
