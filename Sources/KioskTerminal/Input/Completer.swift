import KioskApplication
import KioskCore

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
    /// The board's ticket numbers by state, oldest first; picked-up ones only while they
    /// can be recalled. Empty without a board.
    public var tickets: [TicketState: [Int]] = [:]

    public init(table: CommandTable = .standard, items: [String] = [], slugs: [String] = [], ingredients: [String] = []) {
        self.table = table
        self.items = items
        self.slugs = slugs
        self.ingredients = ingredients
    }

    /// The ticket numbers of `board` by state, for completing the board's commands.
    public static func tickets(of board: Board?) -> [TicketState: [Int]] {
        guard let board else { return [:] }
        var numbers: [TicketState: [Int]] = [.pickedUp: board.recallable]
        for ticket in board.activeTickets { numbers[ticket.state, default: []].append(ticket.number) }
        return numbers
    }

    /// The vocabulary of a menu: item names and aliases, slugs, ingredients.
    public init(menu: Menu, table: CommandTable = .standard) {
        self.init(
            table: table,
            items: menu.items.flatMap { [$0.name] + $0.aliases },
            slugs: menu.items.map(\.slug),
            ingredients: menu.ingredients.map(\.name)
        )
    }

    /// Replacements for `word`, the last word of `line` (the text up to the cursor).
    public func complete(line: String, word: String) -> [String] {
        let beforeWord = String(line.dropLast(word.count))
        let words = beforeWord.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        guard let name = words.first else { return matching(word, in: table.names) }
        guard var completion = table.entry(named: name)?.completion else { return [] }
        // Walk down the sub-commands typed so far.
        var consumed = 1
        while case .subcommands(let subcommands) = completion {
            guard consumed < words.count else { return matching(word, in: subcommands.map(\.name)) }
            guard let next = subcommands.first(where: { $0.name == words[consumed] }) else { return [] }
            completion = next.then
            consumed += 1
        }
        switch completion {
        case .nothing, .subcommands:
            return []
        case .commands:
            return words.count == consumed ? matching(word, in: table.names) : []
        case .items:
            let afterCommand = textAfter(firstWords: consumed, in: line)
            let phrase = afterCommand.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? afterCommand
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

    private func matching(_ prefix: String, in candidates: [String]) -> [String] {
        let lower = prefix.lowercased()
        return unique(candidates.filter { $0.lowercased().hasPrefix(lower) })
    }

    /// For names with spaces: candidates that start with `phrase`, each cut to begin where
    /// the current word begins.
    private func rest(of phrase: String, word: String, candidates: [String]) -> [String] {
        let lower = phrase.lowercased()
        let offset = phrase.count - word.count
        return unique(candidates.compactMap { candidate in
            guard candidate.lowercased().hasPrefix(lower), candidate.count >= offset else { return nil }
            return String(candidate.dropFirst(offset))
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
