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

/// Reads a PO file's entries one at a time.
struct POReader {
    private let lines: [Substring]
    private var index = 0

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Which string a continuation line adds to.
    private enum Field {
        case context, msgid, plural
        case translation(Int)
    }

    mutating func next() throws(CatalogError) -> POEntry? {
        var entry = POEntry()
        var field: Field?
        var started = false
        while index < lines.count {
            let line = String(lines[index]).trimmingWhitespace()
            if line.isEmpty {
                index += 1
                if started { break }
                continue
            }
            if line.hasPrefix("#~") {
                entry.obsolete = true
                started = true
                index += 1
                continue
            }
            if line.hasPrefix("#") {
                // A comment after an entry's strings starts the next entry.
                if started, field != nil { break }
                if line.hasPrefix("#,"), line.split(whereSeparator: { $0 == "," || $0 == " " }).contains("fuzzy") { entry.fuzzy = true }
                started = true
                index += 1
                continue
            }
            let number = index + 1
            if line.hasPrefix("\"") {
                guard let current = field else { throw CatalogError(line: number, message: "a string outside an entry") }
                let text = try POReader.string(line, line: number)
                switch current {
                case .context: entry.context = (entry.context ?? "") + text
                case .msgid: entry.msgid += text
                case .plural: entry.msgidPlural = (entry.msgidPlural ?? "") + text
                case .translation(let form): entry.translations[form] += text
                }
                index += 1
                continue
            }
            guard let space = line.firstIndex(of: " ") else { throw CatalogError(line: number, message: "'\(line)' is not a PO keyword and a string") }
            let keyword = line[..<space]
            let text = try POReader.string(String(line[space...]).trimmingWhitespace(), line: number)
            // A new msgctxt or msgid after a finished entry starts the next entry.
            if started, keyword == "msgctxt" || keyword == "msgid", entry.translations.count > 0 { break }
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
            index += 1
        }
        guard started else { return nil }
        if !entry.obsolete, entry.translations.isEmpty, field != nil {
            throw CatalogError(line: index, message: "msgid \"\(entry.msgid)\" has no msgstr")
        }
        return entry
    }

    /// The text of a quoted PO string, its escapes undone.
    static func string(_ quoted: String, line: Int) throws(CatalogError) -> String {
        guard quoted.count >= 2, quoted.first == "\"", quoted.last == "\"" else {
            throw CatalogError(line: line, message: "a string must be in double quotes")
        }
        let body = quoted.dropFirst().dropLast()
        guard body.contains("\\") else {
            guard !body.contains("\"") else { throw CatalogError(line: line, message: "an unescaped '\"' in a string") }
            return String(body)
        }
        var out = ""
        var escaped = false
        for character in body {
            if escaped {
                switch character {
                case "n": out += "\n"
                case "t": out += "\t"
                case "r": out += "\r"
                case "a": out += "\u{7}"
                case "b": out += "\u{8}"
                case "f": out += "\u{C}"
                case "v": out += "\u{B}"
                case "\\", "\"", "'", "?": out.append(character)
                default: throw CatalogError(line: line, message: "unknown escape '\\\(character)'")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                throw CatalogError(line: line, message: "an unescaped '\"' in a string")
            } else {
                out.append(character)
            }
        }
        guard !escaped else { throw CatalogError(line: line, message: "a string ends in a lone backslash") }
        return out
    }
}
