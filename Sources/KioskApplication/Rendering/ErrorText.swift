import KioskCore
import KioskMenu
import KioskText

/// A command's error in words: the one place its text is made. A person sees it after
/// `error:`, a batch after `line N:`, a program in the `error` field of `--json` and in
/// the `detail` of an HTTP problem.
///
/// Names from the menu or the command line are made visible (`TerminalText`) and cut to a
/// readable length, so an error never carries an escape sequence to the terminal.
public struct ErrorText: Sendable {
    /// Renders the diagnostics of a menu that did not reload.
    public var diagnostics: DiagnosticRenderer

    public init(diagnostics: DiagnosticRenderer = DiagnosticRenderer()) {
        self.diagnostics = diagnostics
    }

    public func message(_ error: CommandError) -> String {
        // A menu's diagnostics are made visible as they are laid out, and may be coloured.
        if case .reloadFailed(let failure) = error { return "reload failed; the menu was not changed:\n" + menuProblems(failure.compilation) }
        // Every other message as a whole: ingredient and station names, the core's and the
        // journal's messages, paths quoted in them all come from outside.
        return TerminalText.visibleLines(words(error))
    }

    private func words(_ error: CommandError) -> String {
        switch error {
        case .unknownCommand(let word, let suggestion):
            "unknown command '\(shown(word))'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "; type 'help' for the commands")
        case .usage(let synopsis): "usage: \(synopsis)"
        case .unexpectedArguments(let command): "'\(command)' takes no arguments"
        case .unknownSubcommand(let word, let command, let suggestion, let synopsis):
            "unknown \(command) command '\(shown(word))'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "; usage: \(synopsis)"
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
        case .reloadFailed: "reload failed; the menu was not changed"
        case .unknownHelpTopic(let topic, let suggestion):
            "no help for '\(shown(topic))'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "; type 'help' for the commands")
        case .unknownSink(let name, let known):
            "no sink '\(shown(name))'" + (known.isEmpty ? "; no sink reads the journal" : "; the sinks are: " + known.map { "'\(shown($0))'" }.joined(separator: ", "))
        case .notSaved(let error): "the journal could not be written (\(error.message)); the command was undone"
        case .profile(let error): shown(error.message, limit: 200)
        case .suggestion(let error): shown(error.message, limit: 200)
        case .notAnAnswer(let word): "'\(shown(word))' is not an answer: give y, n or - (yes, no, skip) for each question, in order"
        case .unknownRule(let word, let suggestion):
            "unknown rule '\(shown(word))'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                + "; the rules are " + GroupRule.allCases.map(\.rawValue).joined(separator: ", ")
        case .noSuggestionToPage: "no suggestion to show more of; 'suggest' first"
        case .suggestionOutdated: "the stock, the profiles or the menu changed since the last suggestion; 'suggest' again"
        case .noBoard(let command): "this menu has no board: '\(command)' needs a 'board' statement in the menu"
        case .board(let error): error.message
        case .needsVirtualClock: "'wait' needs the virtual clock: start kiosk with --clock virtual; the wall clock moves by itself"
        case .invalidDuration(let text):
            "'\(shown(text))' is not a duration such as 90s, 2m or 1h (at most \(WaitCommand.maximumHours) hours)"
        }
    }

    /// Why a menu did not compile: the file that cannot be read, or every diagnostic.
    public func menuProblems(_ compilation: MenuCompilation) -> String {
        if let unreadable = compilation.unreadable {
            return "cannot read '\(TerminalText.visible(unreadable.path))': \(unreadable.reason)\n"
        }
        return compilation.render(with: diagnostics)
    }

    private func shown(_ text: String) -> String {
        TerminalText.shortened(TerminalText.visible(text), longerThan: 60, keeping: 57)
    }

    /// A message the core made with names in it: visible, and cut only when very long.
    private func shown(_ text: String, limit: Int) -> String {
        TerminalText.shortened(TerminalText.visible(text), longerThan: limit, keeping: limit - 3)
    }

    private func grouped(_ value: Int) -> String {
        value.grouped
    }
}
