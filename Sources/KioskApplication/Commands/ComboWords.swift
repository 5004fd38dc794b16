import KioskCore
import KioskText

/// A combo as typed — `2 breakfast set +large latte +oat +muffin` — turned into its part
/// lines: each `+` that names an item of one of the combo's slots starts a part (a size
/// may come before it, `xN` after it for a slot that takes more than one), and each other
/// `+` is an option of the part before it.
///
/// A slot the order names nothing for takes its one item when it offers just one; any
/// other slot that must take something is a choice the order leaves open, which the
/// prompt asks for and a script is refused with.
enum ComboWords {
    /// A part as typed: its item, the slot it fills, its size and options, how many.
    struct Part {
        var item: Int
        var slot: Int
        var size: Int?
        var options: [String] = []
        var count = 1
    }

    /// The part lines of `quantity` of `combo`, from the texts after its name's `+`s; the
    /// lines are numbered `number` among the order's combos.
    static func lines(
        of combo: Int, quantity: Int, parts texts: [String], number: Int, in menu: Menu
    ) throws(CommandError) -> [OrderLine] {
        let declared = menu.combos[combo]
        var parts: [Part] = []
        for text in texts {
            if var part = try part(named: text, of: declared, in: menu) {
                part.slot = slot(for: part.item, taking: part.count, of: declared, besides: parts)
                parts.append(part)
            } else if parts.isEmpty || names(text, anItemOf: menu) {
                throw unknownItem(text, of: declared, in: menu)
            } else {
                parts[parts.count - 1].options.append(text)
            }
        }
        return try lines(of: combo, quantity: quantity, parts: parts, number: number, in: menu)
    }

    /// The part lines of parts named apart (`kiosk serve`'s JSON): each an item's name, a
    /// count, and its size and options.
    static func lines(
        of combo: Int, quantity: Int, parts requests: [OrderRequest], number: Int, in menu: Menu
    ) throws(CommandError) -> [OrderLine] {
        let declared = menu.combos[combo]
        var parts: [Part] = []
        var selections: [Selection?] = []
        for request in requests {
            guard let item = menu.itemIndex(named: request.text), declared.slots.contains(where: { $0.items.contains(item) }) else {
                throw unknownItem(request.text, of: declared, in: menu)
            }
            let count = try request.quantity.map { text throws(CommandError) in try CommandParser.number(text, what: "count", minimum: 1) } ?? 1
            var part = Part(item: item, slot: 0, count: count)
            part.slot = slot(for: item, taking: count, of: declared, besides: parts)
            parts.append(part)
            if let choice = request.choice {
                var options: [(group: String?, option: String, count: Int)] = []
                for option in choice.options {
                    let times = try option.count.map { text throws(CommandError) in try CommandParser.number(text, what: "count", minimum: 1) } ?? 1
                    options.append((option.group, option.option, times))
                }
                selections.append(try ChoiceWords.selection(of: item, size: choice.size, options: options, in: menu))
            } else {
                selections.append(nil)
            }
        }
        return try lines(of: combo, quantity: quantity, parts: parts, selections: selections, number: number, in: menu)
    }

    /// The first slot of `combo` a combo left open — one that must take more than it was
    /// given and offers more than one item — or `nil`: what the prompt asks for.
    static func openSlot(of combo: Combo, typed texts: [String], in menu: Menu) -> Int? {
        var parts: [Part] = []
        for text in texts {
            guard var part = try? part(named: text, of: combo, in: menu) else { continue }
            part.slot = slot(for: part.item, taking: part.count, of: combo, besides: parts)
            parts.append(part)
        }
        return combo.slots.indices.first { slot in
            combo.slots[slot].items.count > 1 && parts.filter { $0.slot == slot }.reduce(0) { $0 + $1.count } < combo.slots[slot].minimum
        }
    }

    // MARK: Parts

    /// The part `text` names — `[SIZE] ITEM [xN]` of an item one of the combo's slots offers —
    /// or `nil` when it names none (an option of the part before it).
    private static func part(named text: String, of combo: Combo, in menu: Menu) throws(CommandError) -> Part? {
        var words = text.split(separator: " ").map(String.init)
        var count = 1
        if words.count >= 2, let last = words.last, let times = ChoiceWords.repeatCount(last) {
            let rest = Array(words.dropLast())
            if offered(rest, by: combo, in: menu) != nil {
                count = try CommandParser.number(times, what: "count", minimum: 1)
                words = rest
            }
        }
        guard let (item, size) = offered(words, by: combo, in: menu) else { return nil }
        return Part(item: item, slot: 0, size: size, count: count)
    }

    /// The item `words` name, with a size before its name, when a slot of `combo` offers it.
    private static func offered(_ words: [String], by combo: Combo, in menu: Menu) -> (item: Int, size: Int?)? {
        let offers = { (item: Int) in combo.slots.contains { $0.items.contains(item) } }
        if let item = menu.itemIndex(named: words.joined(separator: " ")), offers(item) { return (item, nil) }
        if let sized = ChoiceWords.sizedItem(words, in: menu), offers(sized.item) { return (sized.item, sized.size) }
        return nil
    }

    /// The slot a part of `item` fills: the first that offers it and has room for `count`
    /// more beside the parts before it, else the first that offers it (whose limits then
    /// refuse the order with what they are).
    private static func slot(for item: Int, taking count: Int, of combo: Combo, besides parts: [Part]) -> Int {
        let offering = combo.slots.indices.filter { combo.slots[$0].items.contains(item) }
        let roomy = offering.first { slot in
            parts.filter { $0.slot == slot }.reduce(0) { $0 + $1.count } + count <= combo.slots[slot].maximum
        }
        return roomy ?? offering.first ?? 0
    }

    private static func lines(
        of combo: Int, quantity: Int, parts typed: [Part], number: Int, in menu: Menu
    ) throws(CommandError) -> [OrderLine] {
        var selections: [Selection?] = []
        for part in typed {
            let named = part.size != nil || !part.options.isEmpty
            selections.append(named ? try ChoiceWords.selection(of: part.item, size: part.size, options: part.options, in: menu) : nil)
        }
        return try lines(of: combo, quantity: quantity, parts: typed, selections: selections, number: number, in: menu)
    }

    /// The lines of the parts, in slot order, after each slot's limits are checked; a slot
    /// named nothing that offers one item takes its minimum of it.
    private static func lines(
        of combo: Int, quantity: Int, parts typed: [Part], selections typedSelections: [Selection?], number: Int, in menu: Menu
    ) throws(CommandError) -> [OrderLine] {
        let declared = menu.combos[combo]
        var parts = typed
        var selections = typedSelections
        for (index, slot) in declared.slots.enumerated() where slot.items.count == 1 && slot.minimum > 0 && !parts.contains(where: { $0.slot == index }) {
            parts.append(Part(item: slot.items[0], slot: index, count: slot.minimum))
            selections.append(nil)
        }
        for (index, slot) in declared.slots.enumerated() {
            let taken = parts.filter { $0.slot == index }.reduce(0) { $0.saturatingAdding($1.count) }
            guard (slot.minimum...slot.maximum).contains(taken) else {
                throw .comboOutsideLimits(
                    combo: declared.name, slot: index + 1, minimum: slot.minimum, maximum: slot.maximum, taken: taken,
                    items: slot.items.map { menu.items[$0].name }
                )
            }
        }
        var lines: [OrderLine] = []
        for index in parts.indices.sorted(by: { (parts[$0].slot, $0) < (parts[$1].slot, $1) }) {
            let part = parts[index]
            let (lineQuantity, overflow) = part.count.multipliedReportingOverflow(by: quantity)
            guard !overflow, lineQuantity <= Menu.maximumQuantity else { throw .numberTooLarge(String(part.count), what: "count") }
            let mark = ComboPart(combo: combo, number: number, slot: part.slot, quantity: quantity)
            if let selection = selections[index] {
                lines.append(OrderLine(item: part.item, quantity: lineQuantity, choosing: selection, in: menu, part: mark))
            } else {
                lines.append(OrderLine(item: part.item, quantity: lineQuantity, part: mark))
            }
        }
        return lines
    }

    /// Whether `text` names an item of the menu (with a size before it, or `xN` after).
    private static func names(_ text: String, anItemOf menu: Menu) -> Bool {
        var words = text.split(separator: " ").map(String.init)
        if words.count >= 2, let last = words.last, ChoiceWords.repeatCount(last) != nil { words.removeLast() }
        return menu.itemIndex(named: words.joined(separator: " ")) != nil || ChoiceWords.sizedItem(words, in: menu) != nil
    }

    private static func unknownItem(_ text: String, of combo: Combo, in menu: Menu) -> CommandError {
        let names = combo.slots.flatMap { $0.items.map { menu.items[$0].name } }
        return .unknownComboItem(text, combo: combo.name, items: names, suggestion: Suggestions.closest(to: text, among: names))
    }
}

extension Int {
    /// `self + other`, stopping at `Int.max`.
    fileprivate func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
