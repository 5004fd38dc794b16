import KioskCore
import KioskMenu

/// Turns a command line into a `Command`. Names stay text here; the session resolves them
/// against the menu.
public enum CommandParser {
    /// The command on `line`, or `nil` for a blank line or a `#` comment.
    ///
    /// Works on the line's UTF-8 bytes with integer positions: spaces, quotes and commas
    /// never occur inside a multi-byte character, so every cut falls between characters.
    public static func parse(_ line: String) throws(CommandError) -> Command? {
        let bytes = Array(line.utf8)[...]
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), bytes[start] != UInt8(ascii: "#") else { return nil }
        let end = bytes[start...].firstIndex(where: isSpace) ?? bytes.endIndex
        let word = text(bytes[start..<end])
        let rest = bytes[end...]
        let name = bytes[start..<end].allSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) } ? word : word.lowercased()
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

    private static func noArguments(_ command: Command, _ rest: ArraySlice<UInt8>, _ name: String) throws(CommandError) -> Command {
        guard rest.allSatisfy(isSpace) else { throw .unexpectedArguments(command: name) }
        return command
    }

    private static func order(_ rest: ArraySlice<UInt8>) throws(CommandError) -> Command {
        var requests: [OrderRequest] = []
        for line in split(rest, on: UInt8(ascii: ",")) {
            let text = phrase(line)
            guard !text.isEmpty else { throw .usage(CommandCatalog.entry(named: "order")?.synopsis ?? "order") }
            requests.append(OrderRequest(text: text))
        }
        return .order(requests)
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
        let sink = words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
        switch sub {
        case "failed": return .sinksFailed(sink)
        case "retry": return .sinksRetry(sink)
        default:
            throw .unknownSubcommand(words[0], command: "sinks", suggestion: Suggestions.closest(to: sub, among: ["failed", "retry"]))
        }
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
        let utf8 = text.utf8
        let digits = utf8.first == UInt8(ascii: "-") || utf8.first == UInt8(ascii: "+") ? utf8.dropFirst() : utf8[...]
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
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

    /// Splits on ASCII white space; `"…"` keeps a name with spaces together.
    static func words(_ bytes: ArraySlice<UInt8>) -> [String] {
        var words: [String] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard !isSpace(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            var quoted = false
            var hasQuotes = false
            while index < bytes.endIndex, quoted || !isSpace(bytes[index]) {
                if bytes[index] == UInt8(ascii: "\"") {
                    quoted.toggle()
                    hasQuotes = true
                }
                index += 1
            }
            let word = bytes[start..<index]
            words.append(hasQuotes ? text(word.filter { $0 != UInt8(ascii: "\"") }[...]) : text(word))
        }
        return words
    }

    /// The words of `bytes` joined by single spaces, quotes removed. Usually the bytes
    /// themselves, trimmed: single spaces between words and no quotes.
    static func phrase(_ bytes: ArraySlice<UInt8>) -> String {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        let trimmed = bytes[first...last]
        var plain = true
        var previous: UInt8 = 0
        for byte in trimmed {
            if byte == UInt8(ascii: "\"") || (isSpace(byte) && (byte != 0x20 || previous == 0x20)) {
                plain = false
                break
            }
            previous = byte
        }
        return plain ? text(trimmed) : words(trimmed).joined(separator: " ")
    }

    /// Splits on `separator` outside double quotes.
    static func split(_ bytes: ArraySlice<UInt8>, on separator: UInt8) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var quoted = false
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "\"") { quoted.toggle() }
            if bytes[index] == separator, !quoted {
                parts.append(bytes[start..<index])
                start = index + 1
            }
        }
        parts.append(bytes[start...])
        return parts
    }

    /// Bytes cut from a valid line at ASCII boundaries, as text.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
