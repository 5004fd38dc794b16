extension Event {
    /// The event as one compact CloudEvents 1.0 JSON object, without a trailing newline.
    public var json: [UInt8] {
        var writer = JSONWriter(capacity: 384)
        write(to: &writer)
        return writer.bytes
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("specversion", "1.0")
        writer.key("id")
        writer.eventID(id)
        writer.field("source", source)
        writer.field("type", type.rawValue)
        writer.key("time")
        writer.timestamp(time)
        writer.field("seq", sequence)
        writer.key("data")
        writer.beginObject()
        payload.writeFields(to: &writer)
        writer.field("message", message)
        writer.endObject()
        writer.endObject()
    }
}

extension Event.Payload {
    func writeFields(to writer: inout JSONWriter) {
        switch self {
        case .orderSucceeded(let e):
            writer.array("lines", lines: e.lines)
            writer.object("consumed", counts: e.consumed)
            writer.object("stock", counts: e.stock)
            if let total = e.total {
                writer.key("total")
                writer.number(total)
                if let currency = e.currency { writer.field("currency", currency) }
            }
        case .orderFailed(let e):
            writer.array("lines", lines: e.lines)
            writer.array("missing", missing: e.missing)
        case .restockNeeded(let e):
            writer.field("ingredient", e.ingredient)
            writer.field("stock", e.stock)
            writer.field("low", e.low)
            writer.field("reason", e.reason.rawValue)
            if let needed = e.needed { writer.field("needed", needed) }
        case .stockChanged(let e):
            writer.field("ingredient", e.ingredient)
            writer.field("from", e.from)
            writer.field("to", e.to)
            writer.field("reason", e.reason.rawValue)
        case .menuReloaded(let e):
            writer.field("menu", e.menu)
            writer.field("ingredients", e.ingredients)
            writer.field("items", e.items)
            writer.array("addedItems", strings: e.difference.addedItems)
            writer.array("removedItems", strings: e.difference.removedItems)
            writer.array("addedIngredients", strings: e.difference.addedIngredients)
            writer.array("removedIngredients", strings: e.difference.removedIngredients)
        case .suggestionMade(let e):
            e.writeFields(to: &writer)
        }
    }
}

