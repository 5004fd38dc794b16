import KioskText

extension OrderReceipt {
    /// A receipt's fields, as `receipt --json` answers and `order.paid` carries them.
    public func writeFields(to writer: inout JSONWriter) {
        writer.field("order", order)
        writer.field("time", time.iso8601)
        writer.field("kiosk", kiosk)
        if let ticket { writer.field("ticket", ticket) }
        writer.array("lines", lines: lines)
        if let total {
            writer.key("total")
            writer.number(total)
            if let currency { writer.field("currency", currency) }
        }
        if let price { writer.price(price) }
        if let payments {
            writer.array("payments", objects: Tender.allCases.enumerated().filter { payments.taken[$0.offset] != .zero || payments.refunded[$0.offset] != .zero }) { writer, entry in
                writer.field("tender", entry.element.rawValue)
                writer.key("paid")
                writer.number(payments.taken[entry.offset])
                writer.key("refunded")
                writer.number(payments.refunded[entry.offset])
            }
        }
        if let settled {
            writer.key("settledBy")
            writer.beginObject()
            settled.writeFields(to: &writer)
            writer.endObject()
        }
    }
}
