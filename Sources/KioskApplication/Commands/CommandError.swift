import KioskCore
import KioskMenu
import KioskText

/// Why a command did not do what it was asked: each case carries what the user needs to
/// fix it; the text is made in `message`, in one place.
public enum CommandError: Error, Sendable, Equatable {
    case unknownCommand(String, suggestion: String?)
    case usage(String)
    case unexpectedArguments(command: String)
    case unknownSubcommand(String, command: String, suggestion: String?)
    case notANumber(String, what: String)
    case numberTooLarge(String, what: String)
    case numberTooSmall(String, what: String, minimum: Int)
    case unknownItem(String, suggestion: String?)
    case unknownIngredient(String, suggestion: String?)
    /// An order refused for missing stock: nothing was taken.
    case refused(missing: [Missing])
    case requirementTooLarge(ingredient: String)
    case totalTooLarge
    case belowZero(ingredient: String, available: Int, requested: Int)
    case aboveMaximum(ingredient: String, current: Int, requested: Int)
    case line(LineProblem)
    case reloadFailed(diagnostics: String)
    case unknownHelpTopic(String, suggestion: String?)
    case notInteractive(String)
    /// No sink by that name reads the journal.
    case unknownSink(String, known: [String])
    /// The journal could not be written, so the command was undone.
    case notSaved(String)

    public var message: String {
        switch self {
        case .unknownCommand(let word, let suggestion):
            "unknown command '\(shown(word))'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "; type 'help' for the commands")
        case .usage(let synopsis): "usage: \(synopsis)"
        case .unexpectedArguments(let command): "'\(command)' takes no arguments"
        case .unknownSubcommand(let word, let command, let suggestion):
            "unknown \(command) command '\(shown(word))'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                + "; usage: \(CommandCatalog.entry(named: command)?.synopsis ?? command)"
        case .notANumber(let text, let what): "\(what) '\(shown(text))' is not a whole number"
        case .numberTooLarge(let text, let what):
            "\(what) \(shown(text)) is too large (the most is \(grouped(Menu.maximumQuantity)))"
        case .numberTooSmall(let text, let what, let minimum): "\(what) must be at least \(minimum) (got \(shown(text)))"
        case .unknownItem(let name, let suggestion):
            "unknown item '\(shown(name))'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "; type 'menu' for the items")
        case .unknownIngredient(let name, let suggestion):
            "unknown ingredient '\(shown(name))'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "; type 'stock' for the ingredients")
        case .refused(let missing):
            "order refused: not enough " + missing.map { "\($0.ingredient) (needed \(grouped($0.needed)), available \(grouped($0.available)))" }
                .joined(separator: ", ")
        case .requirementTooLarge(let ingredient): "order refused: it needs more \(ingredient) than any stock can hold"
        case .totalTooLarge: "order refused: its price, or the sales total with it, is too large to keep"
        case .belowZero(let ingredient, let available, let requested):
            "cannot remove \(grouped(requested)) \(ingredient): only \(grouped(available)) in stock"
        case .aboveMaximum(let ingredient, let current, let requested):
            "cannot add \(grouped(requested)) \(ingredient): it has \(grouped(current)) and stock stops at \(grouped(Menu.maximumQuantity))"
        case .line(.tooLong(let bytes, let limit)): "line is too long (\(grouped(bytes)) bytes; the most is \(grouped(limit)))"
        case .line(.invalidUTF8): "line is not valid UTF-8"
        case .reloadFailed(let diagnostics): "reload failed; the menu was not changed:\n" + diagnostics
        case .unknownHelpTopic(let topic, let suggestion):
            "no help for '\(shown(topic))'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "; type 'help' for the commands")
        case .notInteractive(let what): "\(what) needs a terminal"
        case .unknownSink(let name, let known):
            "no sink '\(shown(name))'" + (known.isEmpty ? "; no sink reads the journal" : "; the sinks are: " + known.map { "'\(shown($0))'" }.joined(separator: ", "))
        case .notSaved(let reason): "the journal could not be written (\(reason)); the command was undone"
        }
    }

    private func shown(_ text: String) -> String {
        let visible = TerminalText.visible(text)
        return visible.count > 60 ? String(visible.prefix(57)) + "…" : visible
    }

    private func grouped(_ value: Int) -> String {
        Money(units: value)?.grouped ?? String(value)
    }
}
