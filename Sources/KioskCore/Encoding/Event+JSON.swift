import KioskText

extension Event {
    /// The event as one compact CloudEvents 1.0 JSON object, without a trailing newline.
    public var json: [UInt8] {
        var writer = JSONWriter(capacity: 416)
        write(to: &writer)
        return writer.bytes
    }

    /// The `data` member alone: the body of a CloudEvents HTTP request in binary mode.
    public var dataJSON: [UInt8] {
        var writer = JSONWriter(capacity: 320)
        writeData(to: &writer)
        return writer.bytes
    }

    public func write(to writer: inout JSONWriter) {
        // The envelope's fixed text in a few runs: a log writes hundreds of thousands of these.
        writer.beginObject()
        writer.literal(#""specversion":"1.0","id":"#)
        writer.eventID(id)
        writer.literal(#","source":"#)
        writer.string(source)
        writer.literal(#","type":""#)
        writer.plain(type.rawValue)
        writer.literal(#"","time":"#)
        writer.timestamp(time)
        writer.literal(#","datacontenttype":"application/json","seq":"#)
        writer.number(sequence)
        writer.literal(#","data":"#)
        writeData(to: &writer)
        writer.endObject()
    }

    /// The media type of `data`, which is always a JSON object.
    public static let dataContentType = "application/json"

    private func writeData(to writer: inout JSONWriter) {
        writer.beginObject()
        payload.writeFields(to: &writer)
        // Made straight into the line, escaped as it goes: no `String` per event.
        writer.key("message")
        writer.beginString()
        template.render(payload, into: &writer)
        writer.endString()
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
            writer.total(e.total, currency: e.currency)
            if let price = e.price { writer.price(price) }
            if let ticket = e.ticket { writer.field("ticket", ticket) }
            if let promised = e.promised {
                writer.key("promised")
                writer.timestamp(promised)
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
        case .menuReloadFailed(let e):
            writer.field("menu", e.menu)
            writer.field("errors", e.errors)
        case .ticketStarted(let e):
            writer.field("ticket", e.ticket)
            writer.field("station", e.station)
            writer.field("prepMs", e.prep)
            writer.array("lines", lines: e.lines)
        case .ticketReady(let e), .ticketPickedUp(let e), .ticketRecalled(let e), .ticketLate(let e):
            writer.field("ticket", e.ticket)
            writer.array("lines", lines: e.lines)
        case .ticketCancelled(let e):
            writer.field("ticket", e.ticket)
            writer.array("lines", lines: e.lines)
            writer.field("from", e.from.key)
            writer.object("restocked", counts: e.restocked)
            writer.object("wasted", counts: e.wasted)
            writer.total(e.total, currency: e.currency)
        case .suggestionMade(let e):
            e.writeFields(to: &writer)
        case .payment(let e):
            e.writeFields(to: &writer)
        case .drawer(let e):
            e.writeFields(to: &writer)
        case .orderPaid(let e):
            e.writeFields(to: &writer)
        case .orderVoided(let e):
            e.writeFields(to: &writer)
        case .orderHeld(let e):
            writer.field("order", e.order)
            writer.key("until")
            writer.timestamp(e.until)
            writer.total(e.total, currency: e.currency)
        case .ticketOpened(let e):
            writer.field("ticket", e.ticket)
            writer.field("order", e.order)
            writer.array("lines", lines: e.lines)
            writer.object("consumed", counts: e.consumed)
            writer.key("promised")
            writer.timestamp(e.promised)
        }
    }
}

