import KioskText

/// The kiosk's own values in JSON: money as an exact decimal, ids and times in their
/// canonical forms, and the shapes events share.
extension JSONWriter {
    /// An amount as `Money.description` writes it (`4500`, `4.50`), without making it.
    public mutating func number(_ value: Money) {
        number(hundredths: value.hundredths)
    }

    /// `"01a1…"`: an event id's canonical form, written in place.
    public mutating func eventID(_ id: EventID) {
        unescapedString(count: UUIDText.length) { UUIDText.write(high: id.high, low: id.low, to: $0) }
    }

    /// `"2026-11-21T15:08:30.589Z"`.
    public mutating func timestamp(_ time: Timestamp) {
        self.time(millisecondsSince1970: time.millisecondsSince1970)
    }

    /// `{"name": count, …}` in the given order.
    public mutating func object(_ name: StaticString, counts: [IngredientCount]) {
        key(name)
        beginObject()
        for entry in counts {
            key(string: entry.ingredient)
            number(entry.count)
        }
        endObject()
    }

    /// `"name":[{"item":…,"quantity":…},…]`: an order's lines; a line of an item with
    /// choices also has its `size`, `options` (`group`, `option`, `count`), `unitPrice`
    /// and the `recipe` one of it takes.
    public mutating func array(_ name: StaticString, lines: [ItemQuantity]) {
        array(name, objects: lines) { writer, line in
            writer.field("item", line.item)
            writer.field("quantity", line.quantity)
            if let choice = line.choice { writer.fields(of: choice) }
        }
    }

    /// `"size":…,"options":[…],"unitPrice":…,"recipe":{…}`: a line's choice, in the object
    /// being written (an order's line, a suggested item); for a part of a combo, also
    /// `"combo":{"name":…,"number":…,"quantity":…,"price":…}`.
    public mutating func fields(of choice: LineChoice) {
        if let size = choice.size { field("size", size) }
        array("options", objects: choice.options) { writer, option in
            writer.field("group", option.group)
            writer.field("option", option.option)
            writer.field("count", option.count)
            if option.removes { writer.field("removes", true) }
        }
        if let price = choice.unitPrice {
            key("unitPrice")
            number(price)
        }
        object("recipe", counts: choice.recipe)
        if let combo = choice.combo {
            key("combo")
            beginObject()
            field("name", combo.name)
            field("number", combo.number)
            field("quantity", combo.quantity)
            if let price = combo.price {
                key("price")
                number(price)
            }
            endObject()
        }
    }

    /// `"name":[{"ingredient":…,"needed":…,"available":…},…]`: what a refused order lacked.
    public mutating func array(_ name: StaticString, missing: [Missing]) {
        array(name, objects: missing) { writer, entry in
            writer.field("ingredient", entry.ingredient)
            writer.field("needed", entry.needed)
            writer.field("available", entry.available)
        }
    }

    /// `"total":N,"currency":"…"` when the order has a price; the currency only when the
    /// menu names one.
    public mutating func total(_ total: Money?, currency: String?) {
        guard let total else { return }
        key("total")
        number(total)
        if let currency { field("currency", currency) }
    }
}
