import Synchronization

/// The one seam every word kiosk says to an operator goes through: `tr` for a message,
/// `trn` for one that counts. Messages are written in English with named placeholders
/// (`"#{ticket} ready by {time}"`), never Swift interpolation, so that `make pot` finds
/// them in the code (xgettext) and a translation may put the names in its own order.
///
/// The language is chosen once at start-up (`Localization.use`); English needs no
/// catalog. A catalog is read on its first use: the Korean one, `po/ko.po`, is built into
/// the binary; any other is a file the program's `CatalogShelf` finds.
public enum Localization {
    private static let current = Mutex<Language>(.english)

    /// A language for the current task and its children only, over the process's: for a
    /// test that speaks Korean beside tests that speak English.
    @TaskLocal public static var speaking: Language?

    /// The language the operator is spoken to in.
    public static var language: Language {
        speaking ?? current.withLock { $0 }
    }

    /// Speaks `language` from now on, process-wide.
    public static func use(_ language: Language) {
        current.withLock { $0 = language }
    }

    /// The catalogs built into the binary, by language code: read on first use.
    private static let builtIn: [String: [UInt8]] = ["ko": PackageResources.ko_po]

    private struct Catalogs {
        var shelf: CatalogShelf?
        /// Every catalog read so far; `nil` for a code found to have none (or one that
        /// does not parse).
        var read: [String: POCatalog?] = [:]
    }

    private static let catalogs = Mutex(Catalogs())

    /// Where installed catalogs are found from now on. Set once at start-up, before any
    /// language is chosen, by the program (which reads files; this module reads none).
    public static func shelve(_ shelf: CatalogShelf) {
        catalogs.withLock {
            $0.shelf = shelf
            $0.read = [:]
        }
    }

    /// The catalog of `language`; `nil` for English, the code's own words.
    public static func catalog(for language: Language) -> POCatalog? {
        guard language != .english else { return nil }
        return catalog(code: language.code)
    }

    /// Whether kiosk has a catalog for `code` (built in or on the shelf), reading it.
    static func hasCatalog(_ code: String) -> Bool {
        catalog(code: code) != nil
    }

    /// The codes of every catalog, built in or on the shelf.
    static var catalogCodes: [String] {
        let shelved = catalogs.withLock { $0.shelf }?.codes() ?? []
        return Array(Set(builtIn.keys).union(shelved.filter { hasCatalog($0) }))
    }

    /// A catalog that does not parse is no catalog, and its language is not offered: the
    /// build checks the built-in one (`msgfmt --check`, and a test that parses it); an
    /// installed one is checked by whoever installs it (`msgfmt --check`).
    private static func catalog(code: String) -> POCatalog? {
        if let known = catalogs.withLock({ $0.read[code] }) { return known }
        let shelf = catalogs.withLock { $0.shelf }
        let text = builtIn[code].map { String(decoding: $0, as: UTF8.self) } ?? shelf?.catalog(code)
        let read = text.flatMap { try? POCatalog(po: $0) }
        catalogs.withLock { $0.read[code] = read }
        return read
    }

    /// `message` in `language`, its `{name}` placeholders filled from `values`.
    public static func text(_ message: String, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:], in language: Language) -> String {
        fill(template(of: message, in: language), values)
    }

    /// The form of `singular`/`plural` for `count` in `language` (English: `singular` for 1).
    public static func text(
        _ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:], in language: Language
    ) -> String {
        let template = catalog(for: language)?.translation(of: singular, plural: plural, count: count) ?? (count == 1 ? singular : plural)
        return fill(template, values)
    }

    /// Appends `message` in `language`, filled from `values`, to `bytes` as UTF-8.
    public static func write(
        _ message: String, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:], in language: Language, into bytes: inout [UInt8]
    ) {
        let template = template(of: message, in: language)
        guard needsFilling(template, hasValues: !values.isEmpty) else {
            bytes += template.utf8
            return
        }
        PreparedTemplate.of(template).fill(into: &bytes) { index, name, bytes in values.write(name, expected: index, into: &bytes) }
    }

    /// Appends `message` in `language` to `bytes`, each placeholder written by `values` with
    /// its place among `message`'s own placeholders (0 for the first).
    public static func write(
        _ message: String, in language: Language, into bytes: inout [UInt8], values: (_ place: Int, _ bytes: inout [UInt8]) -> Void
    ) {
        write(message, as: template(of: message, in: language), into: &bytes, values: values)
    }

    /// Appends `template`, `message` or a translation of it, to `bytes`, each placeholder
    /// written by `values` with its place among `message`'s placeholders: a translation
    /// that puts them in another order is filled as the message names them, and a name the
    /// message has not stays as it is.
    public static func write(
        _ message: String, as template: String, into bytes: inout [UInt8], values: (_ place: Int, _ bytes: inout [UInt8]) -> Void
    ) {
        let prepared = PreparedTemplate.of(template)
        // English, or a translation that keeps the message's placeholders in their order.
        let ownNames = template == message ? nil : PreparedTemplate.of(message).names
        let places = ownNames.flatMap { own in own == prepared.names ? nil : prepared.names.map { own.firstIndex(of: $0) } }
        prepared.fill(into: &bytes) { index, _, bytes in
            guard let place = places.map({ $0[index] }) ?? index else { return false }
            values(place, &bytes)
            return true
        }
    }

    /// Whether `template` has a `{` for values to fill; a template without one is its text.
    private static func needsFilling(_ template: String, hasValues: Bool) -> Bool {
        hasValues && template.utf8.contains(UInt8(ascii: "{"))
    }

    private static func template(of message: String, in language: Language) -> String {
        catalog(for: language)?.translation(of: message) ?? message
    }

    /// `template` with each `{name}` of `values` replaced, read by the one reader of
    /// `{name}` templates (`BraceTemplate`, so `{{` is a brace): a value that holds braces is
    /// never read as a placeholder, and a name without a value stays as it is. A Korean
    /// particle the template writes in its dual form right after a value (`'{name}'을(를)`)
    /// becomes the form the value takes (`KoreanParticle`); the values themselves are never
    /// read for particles. Each template is read once (`PreparedTemplate`).
    public static func fill(_ template: String, _ values: KeyValuePairs<String, any CustomStringConvertible>) -> String {
        guard needsFilling(template, hasValues: !values.isEmpty) else { return template }
        var bytes: [UInt8] = []
        PreparedTemplate.of(template).fill(into: &bytes) { index, name, bytes in values.write(name, expected: index, into: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// `message` in the operator's language, `{name}` placeholders filled from `values`:
/// `tr("#{ticket} is ready", ["ticket": 12])`. Extracted by `make pot`.
public func tr(_ message: String, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) -> String {
    Localization.text(message, values, in: Localization.language)
}

/// What `tr(message, values)` says, appended to `bytes` as UTF-8 without a `String`
/// between: for the lines a busy batch prints with every order.
public func tr(_ message: String, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:], into bytes: inout [UInt8]) {
    Localization.write(message, values, in: Localization.language, into: &bytes)
}

/// What `tr(message, values, into:)` says, each placeholder written by `values` straight
/// into `bytes`, by its place in `message` (`{ticket}` 0, `{time}` 1, …): for a line printed
/// with every order, where an array of values and a `String` of each number would cost
/// more than the line.
public func tr(_ message: String, into bytes: inout [UInt8], values: (_ place: Int, _ bytes: inout [UInt8]) -> Void) {
    Localization.write(message, in: Localization.language, into: &bytes, values: values)
}

/// The singular or plural of a counted message in the operator's language, as its
/// language's plural rule picks for `count`: `trn("{n} event", "{n} events", n, ["n": n])`.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) -> String {
    Localization.text(singular, plural, count: count, values, in: Localization.language)
}

/// `message` itself: marks a message translated later, where it is shown (a command's
/// summary in the table, read by `help` through `tr`), so that `make pot` extracts it.
public func trNoop(_ message: String) -> String {
    message
}

/// `word` itself: marks a word typed at the prompt (a command's name, a sub-command's) for
/// the catalog under `context` (its `msgctxt`), as gettext's `NC_` does, so that a
/// language's catalog gives the word its operators type: `trContextNoop("command", "order")`,
/// `주문` in Korean.
public func trContextNoop(_ context: String, _ word: String) -> String {
    word
}

/// `singular` itself: marks a counted message translated later, where its count is known
/// (the screens' words, which a page counts), so that `make pot` extracts both forms.
public func trnNoop(_ singular: String, _ plural: String) -> (singular: String, plural: String) {
    (singular, plural)
}

/// Where the catalogs a program has installed are: what `Localization` asks for a
/// language the binary has no catalog of. Made by the program, which reads files.
public struct CatalogShelf: Sendable {
    /// The text of the `.po` catalog of `code` (`ja`, `pt_BR`), if one is installed.
    public var catalog: @Sendable (_ code: String) -> String?
    /// The codes of the catalogs installed.
    public var codes: @Sendable () -> [String]

    public init(catalog: @escaping @Sendable (_ code: String) -> String?, codes: @escaping @Sendable () -> [String]) {
        self.catalog = catalog
        self.codes = codes
    }
}
