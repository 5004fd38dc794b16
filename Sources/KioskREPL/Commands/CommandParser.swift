import KioskCore
import KioskMenu

/// Turns a command line into a `Command`. Names stay text here; the session resolves them
/// against the menu.
public enum CommandParser {
    /// The command on `line`, or `nil` for a blank line or a `#` comment.
    public static func parse(_ line: String) throws(CommandError) -> Command? {
        let trimmed = line.drop(while: \.isWhitespace)
        guard let first = trimmed.first, first != "#" else { return nil }
        let word = String(trimmed.prefix { !$0.isWhitespace })
        let rest = trimmed.dropFirst(word.count)
        let name = word.lowercased()
        switch CommandCatalog.aliases[name] ?? name {
        case "menu": return try noArguments(.menu, rest, "menu")
        case "report": return try noArguments(.report, rest, "report")
        case "reload": return try noArguments(.reload, rest, "reload")
        case "quit": return try noArguments(.quit, rest, name)
        case "order": return try order(rest)
        case "stock": return try stock(words(rest))
        case "restock": return try restock(words(rest))
        case "sinks": return try sinks(words(rest))
        case "history": return try history(words(rest))
        case "help": return try help(words(rest))
        default:
            throw .unknownCommand(word, suggestion: Suggestions.closest(to: name, among: CommandCatalog.names))
        }
    }

    private static func noArguments(_ command: Command, _ rest: Substring, _ name: String) throws(CommandError) -> Command {
        guard rest.allSatisfy(\.isWhitespace) else { throw .unexpectedArguments(command: name) }
        return command
    }

    private static func order(_ rest: Substring) throws(CommandError) -> Command {
        let lines = split(rest, on: ",").map(words)
        guard !lines.isEmpty, lines.allSatisfy({ !$0.isEmpty }) else {
            throw .usage(CommandCatalog.entry(named: "order")?.synopsis ?? "order")
        }
        return .order(lines.map(OrderRequest.init(words:)))
    }

    private static func stock(_ words: [String]) throws(CommandError) -> Command {
        guard let sub = words.first?.lowercased() else { return .stock }
        let edits: [String: StockEdit] = ["add": .add, "remove": .remove, "set": .set]
        guard let edit = edits[sub] else {
            throw .unknownSubcommand(words[0], command: "stock", suggestion: Suggestions.closest(to: sub, among: ["add", "remove", "set"]))
        }
        let (ingredient, amount) = try nameAndAmount(Array(words.dropFirst()), command: "stock")
        return .stockEdit(edit, ingredient: ingredient, amount: amount)
    }

    private static func restock(_ words: [String]) throws(CommandError) -> Command {
        guard !words.isEmpty else { return .restockAll }
        let (ingredient, amount) = try nameAndAmount(words, command: "restock")
        return .stockEdit(.restock, ingredient: ingredient, amount: amount)
    }

    private static func nameAndAmount(_ words: [String], command: String) throws(CommandError) -> (String, Int) {
        guard words.count >= 2, let last = words.last else {
            throw .usage(CommandCatalog.entry(named: command)?.synopsis ?? command)
        }
        let amount = try number(last, what: "amount", minimum: 0)
        return (words.dropLast().joined(separator: " "), amount)
    }

    private static func sinks(_ words: [String]) throws(CommandError) -> Command {
        guard let sub = words.first?.lowercased() else { return .sinks }
        guard sub == "retry", words.count == 1 else {
            throw .unknownSubcommand(words[0], command: "sinks", suggestion: Suggestions.closest(to: sub, among: ["retry"]))
        }
        return .sinksRetry
    }

    private static func history(_ words: [String]) throws(CommandError) -> Command {
        guard let count = words.first else { return .history(10) }
        guard words.count == 1 else { throw .usage("history [N]") }
        return .history(min(try number(count, what: "count", minimum: 1), Ledger.historyCapacity))
    }

    private static func help(_ words: [String]) throws(CommandError) -> Command {
        guard let topic = words.first else { return .help(nil) }
        guard CommandCatalog.entry(named: topic.lowercased()) != nil else {
            throw .unknownHelpTopic(topic, suggestion: Suggestions.closest(to: topic.lowercased(), among: CommandCatalog.names))
        }
        return .help(topic.lowercased())
    }

    // MARK: Words and numbers

    /// Whether `text` is written as a whole number (`12`, `-3`), whatever its size.
    static func isNumeral(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A whole number in `minimum...Menu.maximumQuantity`, checked without overflow.
    public static func number(_ text: String, what: String, minimum: Int) throws(CommandError) -> Int {
        guard isNumeral(text) else { throw .notANumber(text, what: what) }
        guard let value = Int(text) else {
            if text.hasPrefix("-") { throw .numberTooSmall(text, what: what, minimum: minimum) }
            throw .numberTooLarge(text, what: what)
        }
        guard value >= minimum else { throw .numberTooSmall(text, what: what, minimum: minimum) }
        guard value <= Menu.maximumQuantity else { throw .numberTooLarge(text, what: what) }
        return value
    }

    /// Splits on white space; `"…"` keeps a name with spaces together.
    static func words(_ text: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var hasWord = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
                hasWord = true
            } else if character.isWhitespace, !quoted {
                if hasWord { words.append(current) }
                current = ""
                hasWord = false
            } else {
                current.append(character)
                hasWord = true
            }
        }
        if hasWord { words.append(current) }
        return words
    }

    /// Splits on `separator` outside double quotes.
    static func split(_ text: Substring, on separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\"" { quoted.toggle() }
            if text[index] == separator, !quoted {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        parts.append(text[start...])
        return parts
    }
}
