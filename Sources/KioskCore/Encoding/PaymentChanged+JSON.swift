import KioskText

extension PaymentChanged {
    /// The `data` of a `payment.*` event: amounts as decimal numbers in the currency's unit,
    /// as every total is; `operator` who took the step, left out for self-service.
    public func writeFields(to writer: inout JSONWriter) {
        writer.field("payment", payment)
        writer.key("order")
        writer.number(order)
        writer.field("status", status.rawValue)
        writer.field("tender", tender.rawValue)
        writer.key("amount")
        writer.number(amount)
        if tender == .card {
            writer.key("tip")
            writer.number(tip)
        }
        if let tendered {
            writer.key("tendered")
            writer.number(tendered)
        }
        if let change {
            writer.key("change")
            writer.number(change)
        }
        if tender == .cash {
            writer.key("rounding")
            writer.number(rounding)
        }
        if let card { writer.field("card", card) }
        if let reason { writer.field("reason", reason) }
        if status == .refunded { writer.field("restocked", restocked) }
        if let line { writer.field("line", line) }
        writer.key("due")
        writer.number(due)
        if let operatorName { writer.field("operator", operatorName) }
        if let currency { writer.field("currency", currency) }
    }
}
