import KioskCore
import KioskText

/// The choices of an order line as typed — `2 large latte +oat +extra shot x2` — turned
/// into a selection of the item's: the size before the item's name, each option after a
/// `+`, by its name (unique within the item) or as `GROUP: OPTION`, taken once or `xN`
/// times.
///
/// A group the line names takes exactly the options it names; a group it does not name
/// takes its defaults. The selection is then checked against the item's limits, so a
/// line is refused with the group and its limits rather than made wrong.
enum ChoiceWords {
    /// The options after the first `+` of `text`, each trimmed, and what comes before.
    static func split(_ text: String) -> (head: String, options: [String])? {
        guard text.contains("+") else { return nil }
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        return (parts[0], Array(parts.dropFirst()))
    }

    /// The size whose name is `words`, of the item named by the rest: `large latte`.
    static func sizedItem(_ words: [String], in menu: Menu) -> (item: Int, size: Int)? {
        guard words.count >= 2 else { return nil }
        for cut in 1..<words.count {
            guard let item = menu.itemIndex(named: words[cut...].joined(separator: " ")),
                  let size = size(named: words[..<cut].joined(separator: " "), of: menu.items[item]) else { continue }
            return (item, size)
        }
        return nil
    }

    /// `medium latte` where Latte has sizes but no `medium`: the item, its sizes and the
    /// word, for an error that says what the sizes are.
    static func unknownSize(_ words: [String], in menu: Menu) -> (item: String, sizes: [String], word: String)? {
        guard words.count >= 2 else { return nil }
        for cut in 1..<words.count {
            guard let item = menu.itemIndex(named: words[cut...].joined(separator: " ")),
                  let choices = menu.items[item].choices, choices.hasSizes else { continue }
            return (menu.items[item].name, choices.sizes.compactMap(\.name), words[..<cut].joined(separator: " "))
        }
        return nil
    }

    static func size(named name: String, of item: Item) -> Int? {
        let key = NameKey.fold(name)
        return item.choices?.sizes.firstIndex { $0.name.map(NameKey.fold) == key }
    }

    /// The selection of `item` in `size` (its default when `nil`) with `options` as typed.
    static func selection(of item: Int, size: Int?, options: [String], in menu: Menu) throws(CommandError) -> Selection {
        let declared = menu.items[item]
        guard let choices = declared.choices else {
            throw .unknownOption(options.first ?? "", item: declared.name, suggestion: nil)
        }
        var picks: [(group: Int, option: Int, count: Int)] = []
        for text in options { picks.append(try pick(text, of: declared, choices: choices)) }
        return try selection(of: item, size: size, picks: picks, in: menu)
    }

    /// The selection of `item` with options given apart (`kiosk serve`'s JSON): each by its
    /// group (or `nil`, for a name unique within the item), its name and a count.
    static func selection(
        of item: Int, size: String?, options: [(group: String?, option: String, count: Int)], in menu: Menu
    ) throws(CommandError) -> Selection {
        let declared = menu.items[item]
        guard let choices = declared.choices else {
            throw .unknownOption(size ?? options.first?.option ?? "", item: declared.name, suggestion: nil)
        }
        var sized: Int?
        if let size {
            guard let found = self.size(named: size, of: declared) else {
                throw .unknownSize(size, item: declared.name, sizes: choices.sizes.compactMap(\.name))
            }
            sized = found
        }
        var picks: [(group: Int, option: Int, count: Int)] = []
        for option in options {
            let text = option.group.map { "\($0): \(option.option)" } ?? option.option
            guard let found = self.option(named: text, choices: choices) else {
                let names = choices.groups.flatMap { $0.options.map(\.name) }
                throw .unknownOption(text, item: declared.name, suggestion: Suggestions.closest(to: option.option, among: names))
            }
            picks.append((found.group, found.option, option.count))
        }
        return try selection(of: item, size: sized, picks: picks, in: menu)
    }

    /// The selection of `item` in `size` taking `picks`, checked against its limits.
    private static func selection(of item: Int, size: Int?, picks taken: [(group: Int, option: Int, count: Int)], in menu: Menu) throws(CommandError) -> Selection {
        let declared = menu.items[item]
        guard let choices = declared.choices else { throw .unknownOption("", item: declared.name, suggestion: nil) }
        guard let size = size ?? choices.defaultSize else {
            throw .choiceRequired(item: declared.name, choices: OrderCommand.required(of: declared))
        }
        var counts: [Int: [Int: Int]] = [:]
        for pick in taken {
            let (sum, overflow) = counts[pick.group, default: [:]][pick.option, default: 0].addingReportingOverflow(pick.count)
            counts[pick.group, default: [:]][pick.option] = overflow ? Int.max : sum
        }
        var picks: [Selection.Pick] = []
        for (index, group) in choices.groups.enumerated() {
            if let named = counts[index] {
                for option in named.keys.sorted() { picks.append(Selection.Pick(group: index, option: option, count: named[option] ?? 0)) }
            } else {
                for option in group.options.indices where group.options[option].isDefault { picks.append(Selection.Pick(group: index, option: option)) }
            }
        }
        let selection = Selection(size: size, picks: picks)
        switch choices.problem(with: selection) {
        case nil:
            return selection
        case .outsideLimits(let index, let taken):
            let group = choices.groups[index]
            if taken < group.minimum, counts[index] == nil {
                throw .choiceRequired(item: declared.name, choices: OrderCommand.required(of: declared))
            }
            throw .choiceOutsideLimits(item: declared.name, group: group.name, minimum: group.minimum, maximum: group.maximum, taken: taken)
        case .repeatedTooOften(let group, let option):
            let taken = choices.groups[group].options[option]
            throw .optionRepeated(item: declared.name, option: taken.name, most: taken.repeatLimit)
        case .unknownSize, .unknownOption:
            throw .unknownOption("", item: declared.name, suggestion: nil)
        }
    }

    /// One `+OPTION [xN]`: its group, its option and how many times.
    private static func pick(_ text: String, of item: Item, choices: ItemChoices) throws(CommandError) -> (group: Int, option: Int, count: Int) {
        if let found = option(named: text, choices: choices) { return (found.group, found.option, 1) }
        var words = text.split(separator: " ").map(String.init)
        if words.count >= 2, let last = words.last, let times = repeatCount(last) {
            words.removeLast()
            let name = words.joined(separator: " ")
            if let found = option(named: name, choices: choices) {
                return (found.group, found.option, try CommandParser.number(times, what: "count", minimum: 1))
            }
        }
        let names = choices.groups.flatMap { $0.options.map(\.name) }
        throw .unknownOption(text, item: item.name, suggestion: Suggestions.closest(to: text, among: names))
    }

    /// `x2`, `×2` or `*2`: the digits of a repeat, or `nil`.
    static func repeatCount(_ word: String) -> String? {
        for mark in ["x", "X", "×", "*"] where word.hasPrefix(mark) {
            let digits = String(word.dropFirst(mark.count))
            if CommandParser.isNumeral(digits) { return digits }
        }
        return nil
    }

    /// The option `name` names — `Oat`, or `Milk: Oat` — or `nil` when none does.
    private static func option(named name: String, choices: ItemChoices) -> (group: Int, option: Int)? {
        if let colon = name.firstIndex(of: ":") {
            let groupKey = NameKey.fold(String(name[..<colon]).trimmingWhitespace())
            let optionKey = NameKey.fold(String(name[name.index(after: colon)...]).trimmingWhitespace())
            guard let group = choices.groups.firstIndex(where: { NameKey.fold($0.name) == groupKey }),
                  let option = choices.groups[group].options.firstIndex(where: { NameKey.fold($0.name) == optionKey }) else { return nil }
            return (group, option)
        }
        // An option's name is unique within its item (the menu language proves it).
        let key = NameKey.fold(name)
        for (group, options) in choices.groups.enumerated() {
            if let option = options.options.firstIndex(where: { NameKey.fold($0.name) == key }) { return (group, option) }
        }
        return nil
    }
}
