import KioskCore
import KioskText

/// Everything about one command, declared once in `CommandTable`: its name and aliases,
/// its help, what Tab completes after it, and its handler (how its arguments are read and
/// how it runs). Dispatch, `help`, completion, `--json` and the reference's checks read it.
///
/// A class, immutable: every parsed `Command` refers to its entry rather than copying it.
public final class CommandEntry: Sendable {
    /// The name typed, and the name `--json` reports.
    public let name: String
    /// Other names for it (`exit` for `quit`).
    public let aliases: [String]
    /// `order ITEM [QTY] [, ITEM [QTY]]…`: the first line of `help COMMAND` and the
    /// usage in errors.
    public let synopsis: String
    /// One line for the list `help` prints.
    public let summary: String
    /// The rest of `help COMMAND`.
    public let details: String
    /// What Tab completes after the name.
    public let completion: Completion
    /// Whether the command ends the session (`quit`).
    public let endsSession: Bool
    let parse: @Sendable (CommandWords) throws(CommandError) -> any CommandArguments
    let run: @Sendable (any CommandArguments, Session) throws(CommandError) -> CommandOutput

    public init<Handler: CommandHandler>(
        _ name: String, aliases: [String] = [], synopsis: String, summary: String, details: String,
        completion: Completion = .nothing, endsSession: Bool = false, handler: Handler.Type
    ) {
        self.name = name
        self.aliases = aliases
        self.synopsis = synopsis
        self.summary = summary
        self.details = details
        self.completion = completion
        self.endsSession = endsSession
        parse = { words throws(CommandError) in try Handler.parse(words) }
        run = { [synopsis] arguments, session throws(CommandError) in
            // Arguments always come from this entry's own parse; anything else is a usage error.
            guard let arguments = arguments as? Handler.Arguments else { throw .usage(synopsis) }
            return try Handler.run(arguments, in: session)
        }
    }

    /// Its English name and aliases: what `--json`, docs/COMMANDS.md and kiosk(1) list.
    public var names: [String] { [name] + aliases }

    /// Every word that reaches this command, in any language.
    public var allNames: [String] { [name] + aliases + PromptWords.everyLanguage(for: name) }

    /// Its words in `language` (`주문` for `order` in Korean): they reach it whatever the
    /// language, Tab offers them at that language's prompt, and `help` lists them there.
    public func localWords(in language: Language) -> [String] {
        PromptWords.words(for: name, in: language)
    }

    /// The words offered for it in `language`: the language's own first.
    public func names(in language: Language) -> [String] {
        localWords(in: language) + names
    }

    /// The words that may follow the name, if the command has sub-commands.
    public var subcommands: [String] {
        if case .subcommands(let list) = completion { list.map(\.name) } else { [] }
    }

    /// The sub-command a word names, English or Korean, by its English name.
    public func subcommand(named word: String) -> String? {
        guard case .subcommands(let list) = completion else { return nil }
        return list.first { $0.isNamed(word) }?.name
    }
}

/// What Tab completes after a command's name.
public indirect enum Completion: Sendable {
    case nothing
    /// Command names (`help`).
    case commands
    /// Item names, aliases and slugs, for each line of a comma-separated order.
    case items
    /// Ingredient names (then a number).
    case ingredients
    /// A sub-command first, then what follows it.
    case subcommands([Subcommand])
    /// Parts in any order, each a keyword then what it takes (`suggest for ana rule average`).
    case clauses([Subcommand])
    /// A profile's name, then what follows it.
    case profile(then: Completion)
    /// Profile names, separated by commas.
    case profiles
    /// The group rules of `suggest`.
    case rules
    /// What a profile may avoid, like or dislike: allergens, ingredients, tags and items.
    case subjects
    /// The numbers of the board's tickets in these states (`picked up`: those that can
    /// still be recalled).
    case tickets([TicketState])

    public struct Subcommand: Sendable {
        public let name: String
        public let then: Completion

        public init(_ name: String, then: Completion = .nothing) {
            self.name = name
            self.then = then
        }

        /// Its words in `language` (`추가` for `stock add` in Korean).
        public func localWords(in language: Language) -> [String] {
            PromptWords.words(for: name, in: language)
        }

        /// The words offered for it in `language`: the language's own first.
        public func names(in language: Language) -> [String] {
            localWords(in: language) + [name]
        }

        /// Whether `word` names it, in any language.
        public func isNamed(_ word: String) -> Bool {
            word == name || PromptWords.everyLanguage(for: name).contains(word)
        }
    }
}

/// How one command reads its arguments and runs: a type of its own, in a file of its own
/// (`Commands/OrderCommand.swift`), named by its entry in `CommandTable`.
public protocol CommandHandler: SendableMetatype {
    associatedtype Arguments: CommandArguments

    /// The arguments in `words`, or the error that says what to fix.
    static func parse(_ words: CommandWords) throws(CommandError) -> Arguments

    /// Runs against the session's kiosk: what to show, or the error. Events it causes go
    /// into `session.events`.
    static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput
}

extension CommandHandler where Arguments == NoArguments {
    /// A command without arguments refuses any.
    public static func parse(_ words: CommandWords) throws(CommandError) -> NoArguments {
        guard words.isEmpty else { throw .unexpectedArguments(command: words.typed) }
        return NoArguments()
    }
}
