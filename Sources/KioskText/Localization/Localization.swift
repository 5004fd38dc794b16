import Synchronization

/// The one seam every word kiosk says to an operator goes through: `tr` for a message,
/// `trn` for one that counts. Messages are written in English with named placeholders
/// (`"#{ticket} ready by {time}"`), never Swift interpolation, so that `make pot` finds
/// them in the code (xgettext) and a translation may put the names in its own order.
///
/// The language is chosen once at start-up (`Localization.use`); English needs no
/// catalog. The Korean one, `po/ko.po` built into the binary, is read on its first use.
public enum Localization {
    private static let current = Atomic<UInt8>(0)

    /// A language for the current task and its children only, over the process's: for a
    /// test that speaks Korean beside tests that speak English.
    @TaskLocal public static var speaking: Language?

    /// The language the operator is spoken to in.
    public static var language: Language {
        speaking ?? (current.load(ordering: .relaxed) == 1 ? .korean : .english)
    }

    /// Speaks `language` from now on, process-wide.
    public static func use(_ language: Language) {
        current.store(language == .korean ? 1 : 0, ordering: .relaxed)
    }

    /// The catalog of `language`; `nil` for English, the code's own words.
    public static func catalog(for language: Language) -> POCatalog? {
        switch language {
        case .english: nil
        case .korean: korean
        }
    }

    /// Read once, on first use. The build checks the file (`msgfmt --check`, and a test
    /// that parses it), so a catalog that does not parse falls back to English words.
    private static let korean: POCatalog = {
        let text = String(decoding: PackageResources.ko_po, as: UTF8.self)
        return (try? POCatalog(po: text)) ?? POCatalog()
    }()

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
        guard !values.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else {
            bytes += template.utf8
            return
        }
        PreparedTemplate.of(template).fill(values, into: &bytes)
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
        guard !values.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var bytes: [UInt8] = []
        PreparedTemplate.of(template).fill(values, into: &bytes)
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

/// `singular` itself: marks a counted message translated later, where its count is known
/// (the screens' words, which a page counts), so that `make pot` extracts both forms.
public func trnNoop(_ singular: String, _ plural: String) -> (singular: String, plural: String) {
    (singular, plural)
}
