import KioskText

extension Event.Payload {
    /// Reads back the `data` of a ticket event, as `Event.json` wrote it: for spools and
    /// journals that replay events. `nil` for another type or malformed data.
    public init?(ticketEvent type: EventType, data: JSONValue) {
        guard let ticket = data["ticket"]?.int, let lines = Event.Payload.lines(data["lines"]) else { return nil }
        switch type {
        case .ticketStarted:
            guard let station = data["station"]?.string, let prep = data["prepMs"]?.int else { return nil }
            self = .ticketStarted(TicketStarted(ticket: ticket, station: station, prep: Int64(prep), lines: lines))
        case .ticketReady: self = .ticketReady(TicketChanged(ticket: ticket, lines: lines))
        case .ticketPickedUp: self = .ticketPickedUp(TicketChanged(ticket: ticket, lines: lines))
        case .ticketRecalled: self = .ticketRecalled(TicketChanged(ticket: ticket, lines: lines))
        case .ticketLate: self = .ticketLate(TicketChanged(ticket: ticket, lines: lines))
        case .ticketCancelled:
            guard let from = data["from"]?.string.flatMap(TicketState.init(key:)),
                  let restocked = Event.Payload.counts(data["restocked"]), let wasted = Event.Payload.counts(data["wasted"]) else { return nil }
            var total: Money?
            if case .number(let text)? = data["total"] { total = Money(text) }
            self = .ticketCancelled(TicketCancelled(
                ticket: ticket, lines: lines, from: from, restocked: restocked, wasted: wasted, total: total, currency: data["currency"]?.string
            ))
        case .orderSucceeded, .orderFailed, .restockNeeded, .stockChanged, .menuReloaded, .suggestionMade, .menuReloadFailed,
             .paymentPending, .paymentInProgress, .paymentCompleted, .paymentDeclined, .paymentCanceled, .paymentTimedOut, .paymentRefunded,
             .drawerOpened, .drawerPaidIn, .drawerPaidOut, .drawerCounted, .drawerClosed, .orderPaid, .orderVoided, .orderHeld,
             .ticketOpened:
            return nil
        }
    }

    private static func lines(_ value: JSONValue?) -> [ItemQuantity]? {
        guard let entries = value?.array else { return nil }
        var lines: [ItemQuantity] = []
        for entry in entries {
            guard let item = entry["item"]?.string, let quantity = entry["quantity"]?.int else { return nil }
            lines.append(ItemQuantity(item: item, quantity: quantity))
        }
        return lines
    }

    private static func counts(_ value: JSONValue?) -> [IngredientCount]? {
        guard let fields = value?.fields else { return nil }
        var counts: [IngredientCount] = []
        for field in fields {
            guard let count = field.value.int else { return nil }
            counts.append(IngredientCount(ingredient: field.key, count: count))
        }
        return counts
    }
}
