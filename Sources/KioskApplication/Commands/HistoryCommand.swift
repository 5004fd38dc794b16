import KioskCore

/// `history [N]`: the last N orders, made or refused.
public enum HistoryCommand: CommandHandler {
    public struct Arguments: CommandArguments, Equatable {
        public let count: Int

        public init(count: Int) {
            self.count = count
        }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        let list = words.words
        guard let count = list.first else { return Arguments(count: 10) }
        guard list.count == 1 else { throw words.usage }
        return Arguments(count: min(try CommandParser.number(count, what: "count", minimum: 1), Ledger.historyCapacity))
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        .history(Array(session.kiosk.ledger.history.suffix(arguments.count)))
    }
}
