import KioskCore
import KioskMenu

/// Turns a command line into a `Command`. Names stay text here; the session resolves them
/// against the menu.
public enum CommandParser {
    /// The command on `line`, or `nil` for a blank line or a `#` comment.
    public static func parse(_ line: String) throws(CommandError) -> Command? {
        let utf8 = line.utf8
        guard let start = utf8.firstIndex(where: { !isSpace($0) }), utf8[start] != UInt8(ascii: "#") else { return nil }
        let end = utf8[start...].firstIndex(where: isSpace) ?? utf8.endIndex
        let word = String(line[start..<end])
        let rest = line[end...]
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
        guard rest.utf8.allSatisfy(isSpace) else { throw .unexpectedArguments(command: name) }
        return command
    }

    private static func order(_ rest: Substring) throws(CommandError) -> Command {
        let lines = split(rest, on: UInt8(ascii: ",")).map(words)
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

    /// Splits on ASCII white space; `"…"` keeps a name with spaces together. Works on UTF-8
    /// bytes: spaces and quotes never occur inside a multi-byte character.
    static func words(_ text: Substring) -> [String] {
        var words: [String] = []
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            guard !isSpace(utf8[index]) else {
                index = utf8.index(after: index)
                continue
            }
            let start = index
            var quoted = false
            var hasQuotes = false
            while index < utf8.endIndex, quoted || !isSpace(utf8[index]) {
                if utf8[index] == UInt8(ascii: "\"") {
                    quoted.toggle()
                    hasQuotes = true
                }
                index = utf8.index(after: index)
            }
            let word = text[start..<index]
            words.append(hasQuotes ? String(decoding: word.utf8.filter { $0 != UInt8(ascii: "\"") }, as: UTF8.self) : String(word))
        }
        return words
    }

    /// Splits on `separator` outside double quotes.
    static func split(_ text: Substring, on separator: UInt8) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var quoted = false
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == separator, !quoted {
                parts.append(text[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        parts.append(text[start...])
        return parts
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
