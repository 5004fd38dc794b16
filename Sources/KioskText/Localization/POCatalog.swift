/// A GNU gettext PO catalog, read from its text: each message's translation, and the
/// `Plural-Forms` rule of its header that picks a plural form for a count.
///
/// Reads what `msgfmt` reads: comments, `msgctxt`, `msgid`, `msgid_plural`, `msgstr` and
/// `msgstr[N]`, strings continued over several lines, C escapes. Entries marked `fuzzy`,
/// obsolete ones (`#~`) and untranslated ones are left out, so their messages stay English,
/// as gettext does.
public struct POCatalog: Sendable {
    private var singulars: [String: String] = [:]
    private var plurals: [String: [String]] = [:]
    /// The header's `Plural-Forms` rule: a form's index for a count.
    public private(set) var pluralRule = PluralRule.germanic
    /// How many plural forms the header declares.
    public private(set) var pluralCount = 2

    /// An empty catalog: every message stays as written.
    public init() {}

    /// The catalog in `po`, the text of a PO file.
    public init(po text: String) throws(CatalogError) {
        var reader = POReader(text)
        var header: String?
        while let entry = try reader.next() {
            guard !entry.fuzzy, !entry.obsolete else { continue }
            if entry.msgid.isEmpty, entry.context == nil {
                header = entry.translations.first
                continue
            }
            let key = entry.context.map { $0 + "\u{4}" + entry.msgid } ?? entry.msgid
            if entry.msgidPlural != nil {
                guard entry.translations.allSatisfy({ !$0.isEmpty }), !entry.translations.isEmpty else { continue }
                plurals[key] = entry.translations
            } else if let translation = entry.translations.first, !translation.isEmpty {
                singulars[key] = translation
            }
        }
        if let header { try readPluralForms(header) }
    }

    /// How many messages have a translation.
    public var count: Int { singulars.count + plurals.count }

    /// The translation of `message`; `nil` when the catalog has none.
    public func translation(of message: String, context: String? = nil) -> String? {
        singulars[context.map { $0 + "\u{4}" + message } ?? message]
    }

    /// The translation of a counted message, in the form the plural rule picks for `count`.
    public func translation(of singular: String, plural: String, count: Int, context: String? = nil) -> String? {
        guard let forms = plurals[context.map { $0 + "\u{4}" + singular } ?? singular] else { return nil }
        let index = pluralRule.form(for: count)
        return forms[index >= 0 && index < forms.count ? index : 0]
    }

    private mutating func readPluralForms(_ header: String) throws(CatalogError) {
        for line in header.split(separator: "\n") where line.hasPrefix("Plural-Forms:") {
            let value = line.dropFirst("Plural-Forms:".count)
            var nplurals: Int?
            var expression: Substring?
            for part in value.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                switch String(pair[0]).trimmingWhitespace() {
                case "nplurals": nplurals = Int(String(pair[1]).trimmingWhitespace())
                case "plural": expression = pair[1]
                default: break
                }
            }
            guard let nplurals, nplurals >= 1, nplurals <= 6, let expression else {
                throw CatalogError(line: 0, message: "the header's Plural-Forms needs nplurals (1 to 6) and plural")
            }
            pluralCount = nplurals
            pluralRule = try PluralRule(String(expression))
        }
    }
}

/// Why a PO text could not be read.
public struct CatalogError: Error, Sendable, Equatable {
    /// The line, counted from 1 (0 for the header's fields).
    public let line: Int
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

/// One entry of a PO file, as read.
struct POEntry {
    var context: String?
    var msgid = ""
    var msgidPlural: String?
    var translations: [String] = []
    var fuzzy = false
    var obsolete = false
}

/// Reads a PO file's entries one at a time, on its UTF-8 bytes: the quotes, backslashes,
/// keywords and comment marks it looks for are ASCII, never inside a multi-byte character,
/// so kiosk's whole catalog is read in one pass over its bytes.
struct POReader {
    private let bytes: [UInt8]
    /// Where the next line starts, and its number (from 1).
    private var offset = 0
    private var lineNumber = 0
    /// A line read but left for the next entry.
    private var pending: (line: ArraySlice<UInt8>, number: Int)?

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Which string a continuation line adds to.
    private enum Field {
        case context, msgid, plural
        case translation(Int)
    }

    /// The next line without the white space at its ends; `nil` at the end.
    private mutating func nextLine() -> (line: ArraySlice<UInt8>, number: Int)? {
        if let line = pending {
            pending = nil
            return line
        }
        guard offset < bytes.count else { return nil }
        let end = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        var line = bytes[offset..<end]
        offset = end + 1
        lineNumber += 1
        while let first = line.first, POReader.isSpace(first) { line = line.dropFirst() }
        while let last = line.last, POReader.isSpace(last) { line = line.dropLast() }
        return (line, lineNumber)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    private static func starts(_ line: ArraySlice<UInt8>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard line.count >= count else { return false }
        return prefix.withUTF8Buffer { line.prefix(count).elementsEqual($0) }
    }

    private static func contains(_ line: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
        word.withUTF8Buffer { word in
            guard line.count >= word.count else { return false }
            var index = line.startIndex
            while index + word.count <= line.endIndex {
                if line[index..<(index + word.count)].elementsEqual(word) { return true }
                index += 1
            }
            return false
        }
    }

    mutating func next() throws(CatalogError) -> POEntry? {
        var entry = POEntry()
        var field: Field?
        var started = false
        while let (line, number) = nextLine() {
            if line.isEmpty {
                if started { break }
                continue
            }
            if POReader.starts(line, with: "#~") {
                entry.obsolete = true
                started = true
                continue
            }
            if line.first == UInt8(ascii: "#") {
                // A comment after an entry's strings starts the next entry.
                if started, field != nil {
                    pending = (line, number)
                    break
                }
                if POReader.starts(line, with: "#,"), POReader.contains(line, "fuzzy") { entry.fuzzy = true }
                started = true
                continue
            }
            if line.first == UInt8(ascii: "\"") {
                guard let current = field else { throw CatalogError(line: number, message: "a string outside an entry") }
                let text = try POReader.string(line, line: number)
                switch current {
                case .context: entry.context = (entry.context ?? "") + text
                case .msgid: entry.msgid += text
                case .plural: entry.msgidPlural = (entry.msgidPlural ?? "") + text
                case .translation(let form): entry.translations[form] += text
                }
                continue
            }
            guard let space = line.firstIndex(where: POReader.isSpace) else {
                throw CatalogError(line: number, message: "'\(String(decoding: line, as: UTF8.self))' is not a PO keyword and a string")
            }
            let keyword = String(decoding: line[..<space], as: UTF8.self)
            var rest = line[space...]
            while let first = rest.first, POReader.isSpace(first) { rest = rest.dropFirst() }
            // A new msgctxt or msgid after a finished entry starts the next entry.
            if started, keyword == "msgctxt" || keyword == "msgid", !entry.translations.isEmpty {
                pending = (line, number)
                break
            }
            let text = try POReader.string(rest, line: number)
            started = true
            switch keyword {
            case "msgctxt":
                entry.context = text
                field = .context
            case "msgid":
                entry.msgid = text
                field = .msgid
            case "msgid_plural":
                entry.msgidPlural = text
                field = .plural
            case "msgstr":
                guard entry.translations.isEmpty else { throw CatalogError(line: number, message: "a second msgstr") }
                entry.translations = [text]
                field = .translation(0)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let form = Int(keyword.dropFirst(7).dropLast()),
                    form == entry.translations.count
                else {
                    throw CatalogError(line: number, message: "unknown keyword '\(keyword)'")
                }
                entry.translations.append(text)
                field = .translation(form)
            }
        }
        guard started else { return nil }
        if !entry.obsolete, entry.translations.isEmpty, field != nil {
            throw CatalogError(line: lineNumber, message: "msgid \"\(entry.msgid)\" has no msgstr")
        }
        return entry
    }

    /// The text of a quoted PO string, its escapes undone.
    static func string(_ quoted: ArraySlice<UInt8>, line: Int) throws(CatalogError) -> String {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard quoted.count >= 2, quoted.first == quote, quoted.last == quote else {
            throw CatalogError(line: line, message: "a string must be in double quotes")
        }
        let body = quoted.dropFirst().dropLast()
        guard body.contains(backslash) else {
            guard !body.contains(quote) else { throw CatalogError(line: line, message: "an unescaped '\"' in a string") }
            return String(decoding: body, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var escaped = false
        for byte in body {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "a"): out.append(0x07)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "v"): out.append(0x0B)
                case backslash, quote, UInt8(ascii: "'"), UInt8(ascii: "?"): out.append(byte)
                default:
                    // The escaped character may be any; decode it whole for the message.
                    let character = String(decoding: [byte], as: UTF8.self)
                    throw CatalogError(line: line, message: "unknown escape '\\\(character)'")
                }
                escaped = false
            } else if byte == backslash {
                escaped = true
            } else if byte == quote {
                throw CatalogError(line: line, message: "an unescaped '\"' in a string")
            } else {
                out.append(byte)
            }
        }
        guard !escaped else { throw CatalogError(line: line, message: "a string ends in a lone backslash") }
        return String(decoding: out, as: UTF8.self)
    }
}
