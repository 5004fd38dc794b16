import KioskCore
import KioskText

/// `order [QTY] [SIZE] ITEM [+OPTION [xN]]… [, …] [discount NAME]…`: one order of one or
/// more lines, made whole or refused whole, with the `ask` discounts the operator gives.
public enum OrderCommand: CommandHandler {
    public struct Arguments: CommandArguments, Equatable {
        public let lines: [OrderRequest]
        /// The `ask` discounts given apart from the lines, by name (`kiosk serve`'s
        /// `"discounts"`); a typed one is in its line's words (`latte discount staff`).
        public let discounts: [String]

        public init(_ lines: [OrderRequest], discounts: [String] = []) {
            self.lines = lines
            self.discounts = discounts
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

    /// The typed lines without the `ask` discounts in their words — `latte, discount staff`
    /// or `latte discount staff` — and those discounts. Read against the menu: a phrase
    /// whose words after `discount` name no ask discount is a line as it stands when it
    /// names an item (`Discount Donut`), and an unknown discount when it does not.
    static func askedInWords(_ requests: [OrderRequest], in menu: Menu) throws(CommandError) -> (lines: [OrderRequest], asked: Set<Int>) {
        guard let discounts = menu.pricing?.discounts, discounts.contains(where: \.onlyWhenAsked) else { return (requests, []) }
        var lines: [OrderRequest] = []
        var asked = Set<Int>()
        for request in requests {
            guard request.choice == nil, request.quantity == nil, request.parts.isEmpty, case (let line, let name?) = splitDiscount(request.text) else {
                lines.append(request)
                continue
            }
            if let index = askIndex(name, in: menu) {
                asked.insert(index)
                if !line.isEmpty { lines.append(OrderRequest(text: line)) }
            } else if (try? comboLines(request, in: menu, number: 1)) != nil || (try? resolve(request, in: menu)) != nil {
                lines.append(request)
            } else {
                asked.formUnion(try askedDiscounts([name], in: menu))
            }
        }
        return (lines, asked)
    }

    /// A phrase's line and the discount named after the word `discount` (or `할인`) in it,
    /// if any.
    static func splitDiscount(_ text: String) -> (line: String, discount: String?) {
        let words = text.split(separator: " ")
        guard let at = words.lastIndex(where: { $0.lowercased() == "discount" || $0 == "할인" }), at + 1 < words.count else { return (text, nil) }
        return (words[..<at].joined(separator: " "), words[(at + 1)...].joined(separator: " "))
    }

    /// The `ask` discount of the menu `name` names, in any case, by index into its discounts.
    static func askIndex(_ name: String, in menu: Menu) -> Int? {
        let key = NameKey.fold(name)
        return menu.pricing?.discounts.firstIndex { $0.onlyWhenAsked && NameKey.fold($0.name) == key }
    }

    /// The `ask` discounts `names` name, by index into the menu's discounts.
    static func askedDiscounts(_ names: [String], in menu: Menu) throws(CommandError) -> Set<Int> {
        var asked = Set<Int>()
        for name in names {
            guard let index = askIndex(name, in: menu) else {
                let askable = (menu.pricing?.discounts ?? []).filter(\.onlyWhenAsked).map(\.name)
                throw .unknownDiscount(name, suggestion: Suggestions.closest(to: name, among: askable), known: askable)
            }
            asked.insert(index)
        }
        return asked
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        let order = try order(arguments, in: session)
        let outcome: OrderOutcome
        do {
            outcome = try session.kiosk.place(order, at: session.clock(), emitting: &session.events)
        } catch {
            throw commandError(error, of: order, in: session)
        }
        let menu = session.kiosk.menu
        switch outcome {
        case .made(let total, let price):
            var summary = OrderSummary(lines: session.kiosk.itemQuantities(of: order), total: total, currency: total == nil ? nil : menu.currency)
            summary.price = price
            summary.promise = TicketPromise.made(in: session.events)
            summary.heldUntil = session.events.lazy.compactMap { if case .orderHeld(let held) = $0.payload { held.until } else { nil } }.last
            summary.order = session.events.last { $0.type == .orderSucceeded }?.sequence
            return .ordered(summary)
        case .refused(let shortfalls):
            let neededBy = shortfalls.map { OrderCommand.choicesNeeding($0.ingredient, in: order, menu: menu) }
            throw .refused(
                missing: shortfalls.map { Missing(ingredient: menu.ingredients[$0.ingredient].name, needed: $0.needed, available: $0.available) },
                neededBy: neededBy.contains { $0 != nil } ? neededBy : []
            )
        }
    }

    /// The order `arguments` name, resolved against the session's menu.
    static func order(_ arguments: Arguments, in session: Session) throws(CommandError) -> Order {
        let menu = session.kiosk.menu
        let (requests, inWords) = try askedInWords(arguments.lines, in: menu)
        var asked = inWords
        guard !requests.isEmpty else { throw .usage(session.commands.entry(named: "order")?.synopsis ?? "order") }
        var lines: [OrderLine] = []
        lines.reserveCapacity(requests.count)
        for request in requests {
            try resolve(request, in: menu, into: &lines)
        }
        if !arguments.discounts.isEmpty { asked.formUnion(try askedDiscounts(arguments.discounts, in: menu)) }
        return Order(lines, askingFor: asked)
    }

    /// What an order the kiosk would not consider is, for the operator.
    static func commandError(_ error: OrderError, of order: Order, in session: Session) -> CommandError {
        commandError(error, of: order, in: session.kiosk.menu, synopsis: session.commands.entry(named: "order")?.synopsis ?? "order")
    }

    /// The same for an order on `menu` outside a session (`Repricer`): `synopsis` is what
    /// an empty order's usage says.
    static func commandError(_ error: OrderError, of order: Order, in menu: Menu, synopsis: @autoclosure () -> String) -> CommandError {
        switch error {
        case .requirementTooLarge(let ingredient): return .requirementTooLarge(ingredient: menu.ingredients[ingredient].name)
        case .totalTooLarge: return .totalTooLarge
        case .notServedNow(let item, let pick?):
            let option = menu.items[item].choices.map { $0.groups[pick.group].options[pick.option] }
            return .notServedNow(item: menu.items[item].name + " +" + (option?.name ?? ""), windows: option?.availability?.description ?? "")
        case .notServedNow(let item, nil): return .notServedNow(item: menu.items[item].name, windows: menu.items[item].availability?.description ?? "")
        case .quantityOutOfRange(let quantity): return .numberTooLarge(String(quantity), what: "quantity")
        case .empty: return .usage(synopsis())
        case .choiceRequired(let item): return .choiceRequired(item: menu.items[item].name, choices: OrderCommand.required(of: menu.items[item]))
        case .selectionNotAllowed(let item, _): return .unknownOption("", item: menu.items[item].name, suggestion: nil)
        case .comboNotAllowed(let combo, let slot):
            // The words were checked against the combo already; this is a menu's guard.
            let index = slot ?? 0
            let declared = menu.combos[combo].slots[index]
            let taken = order.lines.reduce(0) { sum, line in
                guard let part = line.part, part.combo == combo, part.slot == index else { return sum }
                return sum + line.quantity / part.quantity
            }
            return .comboOutsideLimits(
                combo: menu.combos[combo].name, slot: index + 1, minimum: declared.minimum, maximum: declared.maximum,
                taken: taken, items: declared.items.map { menu.items[$0].name }
            )
        }
    }

    /// An order line from its words: the whole phrase as an item name, else a quantity at
    /// the end (`mango juice 2`) or the start (`2 mango juice`) and the rest as the name;
    /// for an item with choices, a size before its name and options after it
    /// (`2 large latte +oat +extra shot x2`, see `ChoiceWords`).
    static func resolve(_ request: OrderRequest, in menu: Menu, into lines: inout [OrderLine]) throws(CommandError) {
        if let combo = try comboLines(request, in: menu, number: (lines.last { $0.part != nil }?.part?.number ?? 0) + 1) {
            lines += combo
        } else {
            lines.append(try resolve(request, in: menu))
        }
    }

    /// The part lines of a combo the request names — `2 breakfast set +latte +muffin`, or
    /// a combo with its parts apart — numbered `number`; `nil` when it names no combo.
    static func comboLines(_ request: OrderRequest, in menu: Menu, number: Int) throws(CommandError) -> [OrderLine]? {
        if !request.parts.isEmpty || (request.quantity != nil && request.choice == nil) {
            guard let combo = menu.comboIndex(named: request.text) else {
                if request.parts.isEmpty { return nil }
                throw .unknownItem(request.text, suggestion: Suggestions.closest(to: request.text, among: menu.combos.map(\.name)))
            }
            let quantity = try request.quantity.map { text throws(CommandError) in try CommandParser.number(text, what: "quantity", minimum: 1) } ?? 1
            return try ComboWords.lines(of: combo, quantity: quantity, parts: request.parts, number: number, in: menu)
        }
        guard request.choice == nil, !menu.combos.isEmpty, menu.itemIndex(named: request.text) == nil else { return nil }
        let typed = ChoiceWords.split(request.text) ?? (request.text, [])
        guard let (combo, quantity) = try namedCombo(typed.head, in: menu) else { return nil }
        return try ComboWords.lines(of: combo, quantity: quantity, parts: typed.options, number: number, in: menu)
    }

    /// The combo `head` names, with a quantity at either end: `breakfast set 2`.
    private static func namedCombo(_ head: String, in menu: Menu) throws(CommandError) -> (combo: Int, quantity: Int)? {
        if let combo = menu.comboIndex(named: head) { return (combo, 1) }
        var words = head.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return nil }
        if let last = words.last, CommandParser.isNumeral(last), let combo = menu.comboIndex(named: words.dropLast().joined(separator: " ")) {
            return (combo, try CommandParser.number(last, what: "quantity", minimum: 1))
        }
        guard CommandParser.isNumeral(words[0]) else { return nil }
        let quantity = words.removeFirst()
        guard let combo = menu.comboIndex(named: words.joined(separator: " ")) else { return nil }
        return (combo, try CommandParser.number(quantity, what: "quantity", minimum: 1))
    }

    /// The one line of a request that names no combo.
    static func resolve(_ request: OrderRequest, in menu: Menu) throws(CommandError) -> OrderLine {
        if request.quantity != nil || request.choice != nil {
            let item = try itemIndex(request.text, in: menu)
            let quantity = try request.quantity.map { text throws(CommandError) in try CommandParser.number(text, what: "quantity", minimum: 1) } ?? 1
            guard let choice = request.choice else { return OrderLine(item: item, quantity: quantity) }
            var options: [(group: String?, option: String, count: Int)] = []
            for option in choice.options {
                let count = try option.count.map { text throws(CommandError) in try CommandParser.number(text, what: "count", minimum: 1) } ?? 1
                options.append((option.group, option.option, count))
            }
            let selection = try ChoiceWords.selection(of: item, size: choice.size, options: options, in: menu)
            return OrderLine(item: item, quantity: quantity, choosing: selection, in: menu)
        }
        if let item = menu.itemIndex(named: request.text) {
            return OrderLine(item: item, quantity: 1)
        }
        // A name with a `+` of its own (`Ham+Cheese 2`) is the item it always was.
        var typed = ChoiceWords.split(request.text) ?? (request.text, [])
        if !typed.options.isEmpty, itemNamed(in: request.text, menu: menu) { typed = (request.text, []) }
        var words = typed.head.split(separator: " ").map(String.init)
        var quantity = 1
        if words.count >= 2, let last = words.last, CommandParser.isNumeral(last), menu.itemIndex(named: typed.head) == nil {
            quantity = try CommandParser.number(last, what: "quantity", minimum: 1)
            words.removeLast()
        } else if words.count >= 2, CommandParser.isNumeral(words[0]) {
            quantity = try CommandParser.number(words[0], what: "quantity", minimum: 1)
            words.removeFirst()
        }
        let name = words.joined(separator: " ")
        let item: Int
        var size: Int?
        if let named = menu.itemIndex(named: name) {
            item = named
        } else if let sized = ChoiceWords.sizedItem(words, in: menu) {
            (item, size) = (sized.item, sized.size)
        } else if let (named, sizes, word) = ChoiceWords.unknownSize(words, in: menu) {
            throw .unknownSize(word, item: named, sizes: sizes)
        } else {
            item = try itemIndex(name, in: menu)
        }
        guard size != nil || !typed.options.isEmpty else { return OrderLine(item: item, quantity: quantity) }
        let selection = try ChoiceWords.selection(of: item, size: size, options: typed.options, in: menu)
        return OrderLine(item: item, quantity: quantity, choosing: selection, in: menu)
    }

    /// `Latte (Oat), Latte (large)`: the lines of items with choices that take `ingredient`,
    /// each with the option that brings it (added or substituted) or else its size; `nil`
    /// when no such line takes it.
    static func choicesNeeding(_ ingredient: Int, in order: Order, menu: Menu) -> String? {
        var lines: [String] = []
        for line in order.lines {
            let item = menu.items[line.item]
            guard let choices = item.choices, let selection = line.selection ?? choices.defaultSelection,
                  choices.recipe(of: selection).components.contains(where: { $0.ingredient == ingredient }) else { continue }
            let options = selection.picks.filter { pick in
                let option = choices.groups[pick.group].options[pick.option]
                return option.adds.contains { $0.ingredient == ingredient } || option.changes.contains {
                    if case .replace(_, let other) = $0 { return other == ingredient } else { return false }
                }
            }
            let names = options.map { choices.groups[$0.group].options[$0.option].name }
            let reason = names.isEmpty ? choices.sizes[selection.size].name.map { [$0] } ?? [] : names
            let text = reason.isEmpty ? item.name : "\(item.name) (\(reason.joined(separator: ", ")))"
            if !lines.contains(text) { lines.append(text) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: ", ")
    }

    /// A choice an order line leaves open that its item needs: what a person at the prompt
    /// is asked for before the order runs.
    public struct OpenChoice: Sendable, Equatable {
        /// Which line of the order.
        public let line: Int
        public let item: String
        /// The group's name, or `nil` for the size.
        public let group: String?
        /// `1`, `1..3`: how many the group takes; empty for the size.
        public let limits: String
        public let options: [String]
    }

    /// The first choice a line of `arguments` leaves open, or `nil` when every line names
    /// what its item needs (or fails for another reason, which running it reports).
    public static func openChoice(in arguments: Arguments, menu: Menu) -> OpenChoice? {
        for (index, request) in arguments.lines.enumerated() where request.choice == nil {
            if let open = openComboChoice(of: request, line: index, in: menu) { return open }
            guard case .choiceRequired(let name, _)? = failure(of: request, in: menu),
                  let item = menu.itemIndex(named: name), let choices = menu.items[item].choices else { continue }
            let typed = ChoiceWords.split(request.text) ?? (request.text, [])
            var words = typed.head.split(separator: " ").map(String.init)
            if let first = words.first, CommandParser.isNumeral(first) { words.removeFirst() }
            if let last = words.last, CommandParser.isNumeral(last) { words.removeLast() }
            let open = choices.openChoices
            if open.size, ChoiceWords.sizedItem(words, in: menu) == nil {
                return OpenChoice(line: index, item: menu.items[item].name, group: nil, limits: "", options: choices.sizes.compactMap(\.name))
            }
            for group in open.groups {
                let options = choices.groups[group].options
                let named = typed.options.contains { text in
                    let name = NameKey.fold(text.split(separator: ":").last.map(String.init)?.trimmingWhitespace() ?? text)
                    return options.contains { NameKey.fold($0.name) == name || name.hasPrefix(NameKey.fold($0.name) + " ") }
                }
                guard !named else { continue }
                let declared = choices.groups[group]
                return OpenChoice(
                    line: index, item: menu.items[item].name, group: declared.name,
                    limits: OptionGroup.limitsText(declared.minimum, declared.maximum), options: options.map(\.name)
                )
            }
        }
        return nil
    }

    /// The first slot a typed combo leaves open, as a choice to ask for: `Breakfast Set —
    /// choice 1, choose 1 (Latte, Americano)`.
    private static func openComboChoice(of request: OrderRequest, line: Int, in menu: Menu) -> OpenChoice? {
        guard request.parts.isEmpty, !menu.combos.isEmpty, menu.itemIndex(named: request.text) == nil else { return nil }
        let typed = ChoiceWords.split(request.text) ?? (request.text, [])
        guard let (combo, _) = try? namedCombo(typed.head, in: menu) else { return nil }
        let declared = menu.combos[combo]
        guard let slot = ComboWords.openSlot(of: declared, typed: typed.options, in: menu) else { return nil }
        return OpenChoice(
            line: line, item: declared.name, group: tr("choice {number}", ["number": slot + 1]),
            limits: OptionGroup.limitsText(declared.slots[slot].minimum, declared.slots[slot].maximum),
            options: declared.slots[slot].items.map { menu.items[$0].name }
        )
    }

    /// `arguments` with `answer` given for `open`: the size before the item's name (after
    /// a quantity), or each option of a comma-separated answer after a `+`.
    public static func answering(_ open: OpenChoice, with answer: String, in arguments: Arguments) -> Arguments {
        var lines = arguments.lines
        let text = lines[open.line].text
        if open.group == nil {
            var words = text.split(separator: " ").map(String.init)
            let at = words.first.map { CommandParser.isNumeral($0) } == true ? 1 : 0
            words.insert(answer, at: at)
            lines[open.line] = OrderRequest(text: words.joined(separator: " "))
        } else {
            let options = answer.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            lines[open.line] = OrderRequest(text: ([text] + options.map { "+" + $0 }).joined(separator: " "))
        }
        return Arguments(lines)
    }

    private static func failure(of request: OrderRequest, in menu: Menu) -> CommandError? {
        do {
            if try comboLines(request, in: menu, number: 1) != nil { return nil }
            let line = try resolve(request, in: menu)
            guard line.selection == nil, menu.items[line.item].requiresChoice else { return nil }
            return .choiceRequired(item: menu.items[line.item].name, choices: required(of: menu.items[line.item]))
        } catch {
            return error
        }
    }

    /// Whether `text` names an item with a quantity at either end, as a line without
    /// choices does.
    private static func itemNamed(in text: String, menu: Menu) -> Bool {
        let words = text.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return false }
        if let last = words.last, CommandParser.isNumeral(last), menu.itemIndex(named: words.dropLast().joined(separator: " ")) != nil { return true }
        return CommandParser.isNumeral(words[0]) && menu.itemIndex(named: words.dropFirst().joined(separator: " ")) != nil
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
