/// The language kiosk speaks to its operator: English (the messages as written in the code)
/// or Korean (their translations in `po/ko.po`). Customer-facing texts are the menu's.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case korean = "ko"

    /// The language a code names: `ko`, `ko_KR`, `ko_KR.UTF-8`, `en`, `en_GB.UTF-8@euro`.
    /// `nil` for a language kiosk has no catalog for, and for the neutral locales (`C`,
    /// `POSIX`, `C.UTF-8`), which name no language.
    public init?(code: String) {
        var language = Substring(code)
        if let cut = language.firstIndex(where: { $0 == "_" || $0 == "." || $0 == "@" || $0 == "-" }) { language = language[..<cut] }
        switch language.lowercased() {
        case "ko": self = .korean
        case "en": self = .english
        default: return nil
        }
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
