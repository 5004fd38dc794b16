import KioskCore
import KioskText

/// Turns a command line into a `Command`: finds the entry its first word names in the
/// table, and lets the entry's parse function read the rest.
public enum CommandParser {
    /// The command on `line`, or `nil` for a blank line or a `#` comment.
    public static func parse(_ line: String, table: CommandTable = .standard) throws(CommandError) -> Command? {
        let bytes = Array(line.utf8)[...]
        guard let start = bytes.firstIndex(where: { !CommandWords.isSpace($0) }), bytes[start] != UInt8(ascii: "#") else { return nil }
        let end = bytes[start...].firstIndex(where: CommandWords.isSpace) ?? bytes.endIndex
        let word = CommandWords.text(bytes[start..<end])
        let isLower = bytes[start..<end].allSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
        let name = isLower ? word : word.lowercased()
        guard let entry = table.entry(named: name) else {
            throw .unknownCommand(word, suggestion: Suggestions.closest(to: name, among: table.names(in: Localization.language)))
        }
        let words = CommandWords(typed: name, entry: entry, table: table, bytes: bytes[end...])
        return Command(entry: entry, arguments: try entry.parse(words))
    }

    /// The canonical name of the command `line` asks for, whether or not the rest parses:
    /// the entry's name when its first word names one, else that word as typed; `nil` for
    /// a blank line or a comment. `--json` reports it for a line that failed to parse.
    public static func commandName(of line: String, table: CommandTable = .standard) -> String? {
        let bytes = Array(line.utf8)[...]
        guard let start = bytes.firstIndex(where: { !CommandWords.isSpace($0) }), bytes[start] != UInt8(ascii: "#") else { return nil }
        let end = bytes[start...].firstIndex(where: CommandWords.isSpace) ?? bytes.endIndex
        let word = CommandWords.text(bytes[start..<end])
        return table.entry(named: word.lowercased())?.name ?? word
    }

    // MARK: Numbers

    /// Whether `text` is written as a whole number (`12`, `-3`), whatever its size.
    public static func isNumeral(_ text: String) -> Bool {
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
}
