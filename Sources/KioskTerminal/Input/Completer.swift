import KioskApplication
import KioskCore
import KioskText

/// Tab completion by context, as the command table declares it: command names first,
/// then what each command's entry says follows it — items, ingredients, sub-commands.
///
/// Pure: it sees the line up to the cursor and the word being completed, and returns the
/// text to put in place of that word. Item names may have spaces; a match replaces only
/// the current word with the rest of the name.
public struct Completer: Sendable {
    public var table: CommandTable
    public var items: [String]
    public var slugs: [String]
    public var ingredients: [String]
    public var tags: [String]
    /// The profiles' names: they change as `profile` makes and removes them.
    public var profiles: [String]
    /// The board's ticket numbers by state, oldest first; picked-up ones only while they
    /// can be recalled. Empty without a board.
    public var tickets: [TicketState: [Int]] = [:]
    /// The operator's language: a Korean operator is offered the commands' Korean words
    /// with the English ones. Typed words complete in either language.
    public var language: Language
    /// For each item with choices, by every name it answers to (`NameKey.fold`): its
    /// sizes and options, offered after the item's name and after a `+`.
    public var choices: [String: ItemChoiceWords] = [:]
    /// For each combo, by every name it answers to (`NameKey.fold`): the names of the
    /// items it offers, offered after a `+` with the options of the item before.
    public var combos: [String: [String]] = [:]

    /// The words an item with choices adds to an order line: its sizes and options.
    public struct ItemChoiceWords: Sendable, Equatable {
        public let sizes: [String]
        public let options: [String]

        public init(sizes: [String], options: [String]) {
            self.sizes = sizes
            self.options = options
        }
    }

    public init(
        table: CommandTable = .standard, items: [String] = [], slugs: [String] = [], ingredients: [String] = [], tags: [String] = [],
        profiles: [String] = [], language: Language = .english
    ) {
        self.table = table
        self.language = language
        self.items = items
        self.slugs = slugs
        self.ingredients = ingredients
        self.tags = tags
        self.profiles = profiles
    }

    /// The ticket numbers of `board` by state, for completing the board's commands.
    public static func tickets(of board: Board?) -> [TicketState: [Int]] {
        guard let board else { return [:] }
        var numbers: [TicketState: [Int]] = [.pickedUp: board.recallable]
        for ticket in board.activeTickets { numbers[ticket.state, default: []].append(ticket.number) }
        return numbers
    }

    /// The vocabulary of a menu: item names and aliases, slugs, ingredients, tags; and the
    /// profiles' names.
    public init(menu: Menu, table: CommandTable = .standard, profiles: [String] = [], language: Language = .english) {
        self.init(
            table: table,
            items: menu.items.flatMap { [$0.name] + $0.aliases },
            slugs: menu.items.map(\.slug),
            ingredients: menu.ingredients.map(\.name),
            tags: menu.tags,
            profiles: profiles,
            language: language
        )
        for item in menu.items {
            guard let itemChoices = item.choices else { continue }
            let words = ItemChoiceWords(sizes: itemChoices.sizes.compactMap(\.name), options: itemChoices.groups.flatMap { $0.options.map(\.name) })
            for name in [item.name, item.slug] + item.aliases { choices[NameKey.fold(name)] = words }
            // `large Latte`: an item named after its size completes as one name.
            items += words.sizes.map { "\($0) \(item.name)" }
        }
        for combo in menu.combos {
            let offered = combo.slots.flatMap { $0.items.map { menu.items[$0].name } }
            for name in [combo.name, combo.slug] + combo.aliases { combos[NameKey.fold(name)] = offered }
            items += [combo.name] + combo.aliases
        }
    }

    /// Replacements for `word`, the last word of `line` (the text up to the cursor).
    public func complete(line: String, word: String) -> [String] {
        let beforeWord = String(line.dropLast(word.count))
        let words = beforeWord.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        guard let name = words.first else { return matching(word, in: table.names(in: language)) }
        guard var completion = table.entry(named: name)?.completion else { return [] }
        // Walk down the sub-commands, and a profile's name, typed so far.
        var consumed = 1
        walking: while true {
            switch completion {
            case .subcommands(let subcommands):
                guard consumed < words.count else { return matching(word, in: subcommands.flatMap { $0.names(in: language) }) }
                guard let next = subcommands.first(where: { $0.isNamed(words[consumed]) }) else { return [] }
                completion = next.then
                consumed += 1
            case .profile(let then):
                guard consumed < words.count else { return matching(word, in: profiles) }
                completion = then
                consumed += 1
            default:
                break walking
            }
        }
        if case .clauses(let clauses) = completion {
            return complete(clauses, line: line, word: word, words: words, consumed: consumed)
        }
        return complete(completion, line: line, word: word, words: words, consumed: consumed)
    }

    /// After a part's keyword, what the keyword takes; after its values, those values or
    /// another keyword.
    private func complete(_ clauses: [Completion.Subcommand], line: String, word: String, words: [String], consumed: Int) -> [String] {
        let names = clauses.map(\.name)
        guard let last = words.indices.dropFirst(consumed).last(where: { names.contains(words[$0]) }),
              let clause = clauses.first(where: { $0.name == words[last] }) else {
            return matching(word, in: names)
        }
        let values = complete(clause.then, line: line, word: word, words: words, consumed: last + 1)
        return last == words.count - 1 ? values : unique(values + matching(word, in: names))
    }

    private func complete(_ completion: Completion, line: String, word: String, words: [String], consumed: Int) -> [String] {
        switch completion {
        case .nothing, .subcommands, .clauses, .profile:
            return []
        case .profiles:
            return listed(word, in: profiles)
        case .rules:
            return matching(word, in: GroupRule.allCases.map(\.rawValue))
        case .subjects:
            let phrase = lastPhrase(afterWords: consumed, in: line)
            return rest(of: trimLeading(phrase), word: word, candidates: Allergen.allCases.map(\.name) + ingredients + tags + items)
        case .commands:
            return words.count == consumed ? matching(word, in: table.names(in: language)) : []
        case .items:
            let phrase = lastPhrase(afterWords: consumed, in: line)
            if let first = phrase.firstIndex(of: "+"), let offered = comboItems(named: String(phrase[..<first])), let plus = phrase.lastIndex(of: "+") {
                // In a combo: its items, and the options of the item named last.
                let named = first == plus ? [] : phrase[phrase.index(after: first)..<plus].split(separator: "+").map(String.init)
                let options = named.reversed().lazy.map { self.options(of: $0) }.first { !$0.isEmpty } ?? []
                return rest(of: trimLeading(String(phrase[phrase.index(after: plus)...])), word: word, candidates: offered + options)
            }
            if let plus = phrase.lastIndex(of: "+") {
                return rest(of: trimLeading(String(phrase[phrase.index(after: plus)...])), word: word, candidates: options(of: String(phrase[..<plus])))
            }
            let candidates = phrase.contains("-") ? items + slugs : items
            return rest(of: trimLeading(phrase), word: word, candidates: candidates)
        case .ingredients:
            return rest(of: trimLeading(textAfter(firstWords: consumed, in: line)), word: word, candidates: ingredients)
        case .tickets(let states):
            guard words.count == consumed else { return [] }
            let numbers = states.flatMap { tickets[$0] ?? [] }.sorted().map(String.init)
            let digits = word.hasPrefix("#") ? String(word.dropFirst()) : word
            return numbers.filter { $0.hasPrefix(digits) }
        }
    }

    /// The items of the combo `head` names (after a quantity), or `nil` when it names none.
    private func comboItems(named head: String) -> [String]? {
        var words = head.split(whereSeparator: \.isWhitespace).map(String.init)
        if let first = words.first, first.allSatisfy(\.isNumber) { words.removeFirst() }
        if let last = words.last, last.allSatisfy(\.isNumber) { words.removeLast() }
        return combos[NameKey.fold(words.joined(separator: " "))]
    }

    /// The options of the item `head` names (`2 large latte +oat `, up to its last `+`):
    /// its name after a quantity and a size, before any option.
    private func options(of head: String) -> [String] {
        var words = (head.split(separator: "+").first.map(String.init) ?? head).split(whereSeparator: \.isWhitespace).map(String.init)
        if let first = words.first, first.allSatisfy(\.isNumber) { words.removeFirst() }
        if let last = words.last, last.allSatisfy(\.isNumber) { words.removeLast() }
        for start in words.indices {
            if let found = choices[NameKey.fold(words[start...].joined(separator: " "))] { return found.options }
        }
        return []
    }

    /// The text after the first `n` words, from its last comma on.
    private func lastPhrase(afterWords n: Int, in line: String) -> String {
        let after = textAfter(firstWords: n, in: line)
        return after.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? after
    }

    /// For a comma-separated list typed as one word (`ana,b`): the candidates for its last
    /// name, each after the names before it.
    private func listed(_ word: String, in candidates: [String]) -> [String] {
        guard let comma = word.lastIndex(of: ",") else { return matching(word, in: candidates) }
        let before = word[...comma]
        return matching(String(word[word.index(after: comma)...]), in: candidates).map { before + $0 }
    }

    private func matching(_ prefix: String, in candidates: [String]) -> [String] {
        let lower = prefix.lowercased()
        return unique(candidates.filter { $0.lowercased().hasPrefix(lower) })
    }

    /// For names with spaces: candidates that start with `phrase`, each cut to begin where
    /// the current word begins.
    private func rest(of phrase: String, word: String, candidates: [String]) -> [String] {
        let lower = phrase.lowercased()
        let offset = phrase.count - word.count
        // The word may begin before the phrase (`mango,ki`, `+o`): what it has before stays.
        let before = offset < 0 ? String(word.prefix(-offset)) : ""
        return unique(candidates.compactMap { candidate in
            guard candidate.lowercased().hasPrefix(lower), candidate.count >= offset else { return nil }
            return before + String(candidate.dropFirst(max(offset, 0)))
        })
    }

    /// The text after the first `n` words.
    private func textAfter(firstWords n: Int, in line: String) -> String {
        var rest = Substring(line)
        for _ in 0..<n {
            rest = rest.drop(while: \.isWhitespace)
            rest = rest.drop { !$0.isWhitespace }
        }
        return String(rest)
    }

    private func trimLeading(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace))
    }

    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }.sorted()
    }
}
