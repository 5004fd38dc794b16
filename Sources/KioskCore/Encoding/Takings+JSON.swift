import KioskText

extension PaymentBook.Takings {
    /// One tender's takings as `report`, the X and Z reports and the drawer's events write
    /// them: `{"tender": "cash", "payments": 2, "amount": 5.03, "tips": 0, "rounding": 0.02,
    /// "refunds": 0.94}`.
    public func writeFields(of tender: Tender, to writer: inout JSONWriter) {
        writer.field("tender", tender.rawValue)
        writer.field("payments", payments)
        writer.key("amount")
        writer.number(amount)
        writer.key("tips")
        writer.number(tips)
        writer.key("rounding")
        writer.number(rounding)
        writer.key("refunds")
        writer.number(refunds)
    }
}
