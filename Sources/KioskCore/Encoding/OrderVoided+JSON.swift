import KioskText

extension OrderVoided {
    /// The `data` of `order.voided`: the refund as a decimal number in the currency's unit,
    /// as every amount is.
    public func writeFields(to writer: inout JSONWriter) {
        writer.field("order", order)
        if let ticket { writer.field("ticket", ticket) }
        writer.key("refunded")
        writer.number(refunded)
        if let currency { writer.field("currency", currency) }
        if let reason { writer.field("reason", reason) }
    }
}
