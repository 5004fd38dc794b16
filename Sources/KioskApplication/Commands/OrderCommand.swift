import KioskCore
import KioskText

/// `order ITEM [QTY] [, ITEM [QTY]]…`: one order of one or more lines, made whole or
/// refused whole.
public enum OrderCommand: CommandHandler {
    public struct Arguments: CommandArguments, Equatable {
        public let lines: [OrderRequest]

        public init(_ lines: [OrderRequest]) {
            self.lines = lines
        }

        public var conversation: Conversation { .offerRestockWhenRefused }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        var requests: [OrderRequest] = []
        for text in words.phrases {
            guard !text.isEmpty else { throw words.usage }
            requests.append(OrderRequest(text: text))
        }
        return Arguments(requests)
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        var lines: [OrderLine] = []
        lines.reserveCapacity(arguments.lines.count)
        for request in arguments.lines {
            lines.append(try resolve(request, in: session.kiosk.menu))
        }
        let order = Order(lines)
        let outcome: OrderOutcome
        do {
            outcome = try session.kiosk.place(order, at: session.clock(), emitting: &session.events)
        } catch {
            let menu = session.kiosk.menu
            switch error {
            case .requirementTooLarge(let ingredient): throw .requirementTooLarge(ingredient: menu.ingredients[ingredient].name)
            case .totalTooLarge: throw .totalTooLarge
            case .quantityOutOfRange(let quantity): throw .numberTooLarge(String(quantity), what: "quantity")
            case .empty: throw .usage(session.commands.entry(named: "order")?.synopsis ?? "order")
            case .choiceRequired(let item): throw .choiceRequired(item: menu.items[item].name, choices: OrderCommand.required(of: menu.items[item]))
            }
        }
        let menu = session.kiosk.menu
        switch outcome {
        case .made(let total):
            var summary = OrderSummary(lines: session.kiosk.itemQuantities(of: order), total: total, currency: total == nil ? nil : menu.currency)
            summary.promise = TicketPromise.made(in: session.events)
            return .ordered(summary)
        case .refused(let shortfalls):
            throw .refused(missing: shortfalls.map {
                Missing(ingredient: menu.ingredients[$0.ingredient].name, needed: $0.needed, available: $0.available)
            })
        }
    }

    /// An order line from its words: the whole phrase as an item name, else a quantity at
    /// the end (`mango juice 2`) or the start (`2 mango juice`) and the rest as the name.
    static func resolve(_ request: OrderRequest, in menu: Menu) throws(CommandError) -> OrderLine {
        if let quantity = request.quantity {
            let item = try itemIndex(request.text, in: menu)
            return OrderLine(item: item, quantity: try CommandParser.number(quantity, what: "quantity", minimum: 1))
        }
        if let item = menu.itemIndex(named: request.text) {
            return OrderLine(item: item, quantity: 1)
        }
        let words = request.words
        if words.count >= 2, let last = words.last, CommandParser.isNumeral(last) {
            let item = try itemIndex(words.dropLast().joined(separator: " "), in: menu)
            return OrderLine(item: item, quantity: try CommandParser.number(last, what: "quantity", minimum: 1))
        }
        if words.count >= 2, CommandParser.isNumeral(words[0]) {
            let item = try itemIndex(words.dropFirst().joined(separator: " "), in: menu)
            return OrderLine(item: item, quantity: try CommandParser.number(words[0], what: "quantity", minimum: 1))
        }
        return OrderLine(item: try itemIndex(request.text, in: menu), quantity: 1)
    }

    /// `size: small, large` and `Milk: Whole, Oat`: what an order of `item` must choose
    /// and from what, for the refusal.
    static func required(of item: Item) -> [String] {
        guard let choices = item.choices else { return [] }
        let open = choices.openChoices
        let size = open.size ? [tr("size") + ": " + choices.sizes.compactMap(\.name).joined(separator: ", ")] : []
        return size + open.groups.map { choices.groups[$0].name + ": " + choices.groups[$0].options.map(\.name).joined(separator: ", ") }
    }

    private static func itemIndex(_ name: String, in menu: Menu) throws(CommandError) -> Int {
        if let index = menu.itemIndex(named: name) { return index }
        let names = menu.items.flatMap { [$0.name, $0.slug] + $0.aliases }
        throw .unknownItem(name, suggestion: Suggestions.closest(to: name, among: names))
    }
}
