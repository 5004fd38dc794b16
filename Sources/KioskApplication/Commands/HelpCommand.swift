import KioskText

/// `help [COMMAND]`: every command, or one in detail.
public enum HelpCommand: CommandHandler {
    public struct Arguments: CommandArguments, Equatable {
        /// The command asked about, by the name typed (lower-cased); `nil` for all.
        public let topic: String?

        public init(topic: String?) {
            self.topic = topic
        }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        guard let topic = words.words.first else { return Arguments(topic: nil) }
        let lowered = topic.lowercased()
        guard words.table.entry(named: lowered) != nil else {
            throw .unknownHelpTopic(topic, suggestion: Suggestions.closest(to: lowered, among: words.table.names(in: Localization.language)))
        }
        return Arguments(topic: lowered)
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        .text(HelpText.text(for: arguments.topic, in: session.commands))
    }
}
