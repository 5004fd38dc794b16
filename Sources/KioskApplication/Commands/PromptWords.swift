import KioskText
import Synchronization

/// The words a language's operators type for kiosk's commands and sub-commands: each
/// catalog's `msgctxt "command"` entry for the English word (`주문` for `order`; several
/// words separated by ", "). The table marks each English word for the catalog
/// (`trContextNoop("command", …)`). A word of any language reaches its command; Tab and
/// `help` offer the operator's own.
public enum PromptWords {
    /// The `msgctxt` of a word typed at the prompt.
    public static let context = "command"

    /// The words `language`'s catalog gives for `english`; none in English, or when the
    /// catalog leaves it as it is.
    public static func words(for english: String, in language: Language) -> [String] {
        guard let translated = Localization.catalog(for: language)?.translation(of: english, context: context), translated != english else {
            return []
        }
        return translated.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// Every language's words for `english`, read once: what reaches the command whatever
    /// the operator's language.
    public static func everyLanguage(for english: String) -> [String] {
        if let known = read.withLock({ $0[english] }) { return known }
        let found = Language.available.flatMap { words(for: english, in: $0) }
        read.withLock { $0[english] = found }
        return found
    }

    private static let read = Mutex<[String: [String]]>([:])
}
