import KioskText

extension JSONWriter {
    /// `"price":{…}`: how an order's total was reached, the same object in the event, the
    /// REPL's `--json` and `POST /orders`'s answer.
    ///
    /// ```json
    /// "price":{"subtotal":9026,"discounts":[],"taxes":[{"name":"부가세","amount":821,"included":true}],
    ///          "net":8205,"total":9026,
    ///          "lines":[{"unitPrice":9026,"gross":9026,"discounts":[],"taxes":[{"name":"부가세","amount":821,"included":true}],"net":8205,"total":9026}]}
    /// ```
    public mutating func price(_ price: PriceBreakdown) {
        key("price")
        beginObject()
        key("subtotal")
        number(price.subtotal)
        parts("discounts", price.discounts)
        parts("taxes", price.taxes)
        key("net")
        number(price.net)
        key("total")
        number(price.total)
        array("lines", objects: price.lines) { writer, line in
            if let unit = line.unitPrice {
                writer.key("unitPrice")
                writer.number(unit)
            }
            writer.key("gross")
            writer.number(line.gross)
            writer.parts("discounts", line.discounts)
            writer.parts("taxes", line.taxes)
            writer.key("net")
            writer.number(line.net)
            writer.key("total")
            writer.number(line.total)
        }
        endObject()
    }

    private mutating func parts(_ name: StaticString, _ parts: [PriceBreakdown.Part]) {
        array(name, objects: parts) { writer, part in
            writer.field("name", part.name)
            writer.key("amount")
            writer.number(part.amount)
            if part.included { writer.field("included", true) }
        }
    }
}
