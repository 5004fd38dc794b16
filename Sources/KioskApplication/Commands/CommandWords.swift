import KioskText

/// The rest of a command line after the command's name, for its parse function: as words,
/// as one phrase, or split at commas.
///
/// Works on the line's UTF-8 bytes with integer positions: spaces, quotes and commas never
/// occur inside a multi-byte character, so every cut falls between characters.
public struct CommandWords: Sendable {
    /// The command's name as typed: `exit` for `quit`'s alias.
    public let typed: String
    /// The entry the name found: its synopsis and sub-commands, for errors.
    public let entry: CommandEntry
    /// Every command, for those that take a command's name (`help`).
    public let table: CommandTable
    let bytes: ArraySlice<UInt8>

    init(typed: String, entry: CommandEntry, table: CommandTable, bytes: ArraySlice<UInt8>) {
        self.typed = typed
        self.entry = entry
        self.table = table
        self.bytes = bytes
    }

    /// Whether nothing but white space follows the name.
    public var isEmpty: Bool { bytes.allSatisfy(CommandWords.isSpace) }

    /// The words, split on white space; `"…"` keeps a name with spaces together.
    public var words: [String] { CommandWords.words(bytes) }

    /// The words joined by single spaces, quotes removed: the whole rest as one name.
    public var phrase: String { CommandWords.phrase(bytes) }

    /// The rest split at commas outside quotes, each part as a phrase.
    public var phrases: [String] {
        // One phrase, the usual order: no list of parts to split into.
        guard bytes.contains(UInt8(ascii: ",")) else { return [CommandWords.phrase(bytes)] }
        return CommandWords.split(bytes, on: UInt8(ascii: ",")).map(CommandWords.phrase)
    }

    /// The usage error of this command.
    public var usage: CommandError { .usage(entry.synopsis) }

    /// `word`, lower-cased, when it is one of the entry's sub-commands; otherwise the error
    /// that names it, with the closest sub-command as a suggestion.
    public func subcommand(_ word: String) throws(CommandError) -> String {
        let lowered = word.lowercased()
        guard let name = entry.subcommand(named: lowered) else {
            let offered: [String] = if case .subcommands(let list) = entry.completion {
                list.flatMap { $0.names(in: Localization.language) }
            } else {
                []
            }
            throw .unknownSubcommand(
                word, command: entry.name, suggestion: Suggestions.closest(to: lowered, among: offered), synopsis: entry.synopsis
            )
        }
        return name
    }

    /// A name and a whole number, as `stock add` and `restock` take them.
    public struct NameAndAmount: Sendable, Equatable {
        public let name: String
        public let amount: Int
    }

    /// A name then a whole number (`mango juice 2`, `"oat milk" 5`).
    public func nameAndAmount() throws(CommandError) -> NameAndAmount {
        try CommandWords.nameAndAmount(words[...], synopsis: entry.synopsis)
    }

    static func nameAndAmount(_ words: ArraySlice<String>, synopsis: String) throws(CommandError) -> NameAndAmount {
        guard words.count >= 2, let last = words.last else { throw .usage(synopsis) }
        let amount = try CommandParser.number(last, what: "amount", minimum: 0)
        return NameAndAmount(name: words.dropLast().joined(separator: " "), amount: amount)
    }

    // MARK: Bytes

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

    /// Usually the bytes themselves, trimmed: single spaces between words and no quotes.
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
    static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
