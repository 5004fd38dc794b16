/// A language kiosk speaks to its operator: English, the messages as the code writes them,
/// or any language it has a catalog for — Korean's built in (`po/ko.po`), others installed
/// as files (`CatalogShelf`). The set of languages is the set of catalogs found: a
/// translator adds one by adding a file, never by editing code. Customer-facing texts are
/// the menu's.
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The language's code as gettext names its catalog: `en`, `ko`, `ja`, `pt_BR`.
    public let code: String

    private init(checked code: String) {
        self.code = code
    }

    /// The code's own language, needing no catalog.
    public static let english = Language(checked: "en")
    /// The language of the catalog built into kiosk.
    public static let korean = Language(checked: "ko")

    public var description: String { code }

    /// The language a code names when kiosk has a catalog for it: `ko`, `ko_KR`,
    /// `ko_KR.UTF-8`, `en`, `en_GB.UTF-8@euro`, `pt_BR`. A catalog of the whole code
    /// (`pt_BR`) comes before one of its language (`pt`). `nil` for a language without a
    /// catalog, and for the neutral locales (`C`, `POSIX`, `C.UTF-8`), which name none.
    public init?(code: String) {
        var name = Substring(code)
        if let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<cut] }
        let region = String(name.map { $0 == "-" ? "_" : $0 })
        let language = (region.split(separator: "_", maxSplits: 1).first.map(String.init) ?? region).lowercased()
        if language == "en" {
            self = .english
            return
        }
        for candidate in [region, language] where !candidate.isEmpty {
            if Localization.hasCatalog(candidate) {
                self.init(checked: candidate)
                return
            }
        }
        return nil
    }

    /// Every language kiosk can speak now: English, the built-in catalogs and the
    /// installed ones, by code.
    public static var available: [Language] {
        ([english] + Localization.catalogCodes.map { Language(checked: $0) }).sorted { $0.code < $1.code }
    }

    /// `en, ko`: the codes of `available`, for a message that lists them.
    public static var availableCodes: String {
        available.map(\.code).joined(separator: ", ")
    }

    /// The language the environment asks for, in POSIX order: `LANGUAGE` (a list, its first
    /// language kiosk speaks), then the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is
    /// set. A neutral locale (`C.UTF-8`, most containers' only one) chooses nothing, so the
    /// menu's `language` statement can; a language kiosk does not speak chooses English.
    public static func fromEnvironment(_ environment: [String: String]) -> Language? {
        if let list = environment["LANGUAGE"], !list.isEmpty {
            for code in list.split(separator: ":") {
                if let language = Language(code: String(code)) { return language }
            }
        }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            if isNeutral(value) { return nil }
            return Language(code: value) ?? .english
        }
        return nil
    }

    /// The language to speak: `--lang` over the environment over the menu's `language`
    /// statement; English when none of them says.
    public static func choose(option: Language?, environment: [String: String], menu: Language?) -> Language {
        option ?? fromEnvironment(environment) ?? menu ?? .english
    }

    private static func isNeutral(_ locale: String) -> Bool {
        let name = locale.split(separator: ".", maxSplits: 1).first.map(String.init) ?? locale
        return name == "C" || name == "POSIX"
    }
}
