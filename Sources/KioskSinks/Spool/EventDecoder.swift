import KioskCore

/// Reads an event back from the JSON `Event.json` wrote, for replaying a spool. The event
/// keeps its id, time, sequence and message, and encodes to the same bytes again.
enum EventDecoder {
    static func decode(_ json: [UInt8]) -> Event? {
        guard let object = JSONValue(parsing: json),
              object["specversion"]?.string == "1.0",
              let id = object["id"]?.string.flatMap(EventID.init),
              let source = object["source"]?.string,
              let type = object["type"]?.string.flatMap(EventType.init(rawValue:)),
              let time = object["time"]?.string.flatMap(parseTime),
              let sequence = object["seq"]?.int.flatMap(UInt64.init(exactly:)),
              let data = object["data"],
              let message = data["message"]?.string,
              let payload = payload(type, data)
        else { return nil }
        return Event(id: id, sequence: sequence, time: time, source: source, payload: payload, template: MessageTemplate(literal: message))
    }

    private static func payload(_ type: EventType, _ data: JSONValue) -> Event.Payload? {
        switch type {
        case .orderSucceeded:
            guard let lines = lines(data["lines"]), let consumed = counts(data["consumed"]), let stock = counts(data["stock"]) else { return nil }
            var total: Money?
            if case .number(let text)? = data["total"] { total = Money(text) }
            return .orderSucceeded(OrderSucceeded(lines: lines, consumed: consumed, stock: stock, total: total, currency: data["currency"]?.string))
        case .orderFailed:
            guard let lines = lines(data["lines"]), let entries = data["missing"]?.array else { return nil }
            let missing = entries.compactMap { entry -> Missing? in
                guard let name = entry["ingredient"]?.string, let needed = entry["needed"]?.int, let available = entry["available"]?.int else { return nil }
                return Missing(ingredient: name, needed: needed, available: available)
            }
            return .orderFailed(OrderFailed(lines: lines, missing: missing))
        case .restockNeeded:
            guard let ingredient = data["ingredient"]?.string, let stock = data["stock"]?.int, let low = data["low"]?.int,
                  let reason = data["reason"]?.string.flatMap(RestockNeeded.Reason.init(rawValue:)) else { return nil }
            return .restockNeeded(RestockNeeded(ingredient: ingredient, stock: stock, low: low, reason: reason, needed: data["needed"]?.int))
        case .stockChanged:
            guard let ingredient = data["ingredient"]?.string, let from = data["from"]?.int, let to = data["to"]?.int,
                  let reason = data["reason"]?.string.flatMap(StockEdit.init(rawValue:)) else { return nil }
            return .stockChanged(StockChanged(ingredient: ingredient, from: from, to: to, reason: reason))
        case .menuReloaded:
            guard let menu = data["menu"]?.string, let ingredients = data["ingredients"]?.int, let items = data["items"]?.int else { return nil }
            func names(_ key: String) -> [String] { data[key]?.array?.compactMap(\.string) ?? [] }
            let difference = MenuDifference(
                addedItems: names("addedItems"), removedItems: names("removedItems"),
                addedIngredients: names("addedIngredients"), removedIngredients: names("removedIngredients")
            )
            return .menuReloaded(MenuReloaded(menu: menu, ingredients: ingredients, items: items, difference: difference))
        case .suggestionMade:
            return SuggestionMade(json: data).map(Event.Payload.suggestionMade)
        }
    }

    private static func lines(_ value: JSONValue?) -> [ItemQuantity]? {
        value?.array?.compactMap { entry in
            guard let item = entry["item"]?.string, let quantity = entry["quantity"]?.int else { return nil }
            return ItemQuantity(item: item, quantity: quantity)
        }
    }

    private static func counts(_ value: JSONValue?) -> [IngredientCount]? {
        value?.fields?.compactMap { field in field.value.int.map { IngredientCount(ingredient: field.key, count: $0) } }
    }

    /// `2026-11-21T15:08:30.589Z`, as `Timestamp.iso8601` writes it.
    static func parseTime(_ text: String) -> Timestamp? {
        let digits = Array(text.utf8)
        guard digits.count == 24, digits[23] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let digit = digits[index]
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(digit - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              let millisecond = number(20..<23), (1...12).contains(month), (1...31).contains(day) else { return nil }
        // Days from civil, after Howard Hinnant.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        let ms = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
        return Timestamp(millisecondsSince1970: ms)
    }
}
