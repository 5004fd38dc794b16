import KioskCore

/// `history [N]`: the last N orders, made or refused.
public enum HistoryCommand: CommandHandler {
    public struct Arguments: CommandArguments, Equatable {
        public let count: Int
        /// Only orders after this sequence number, the first `count` of them: a page, for
        /// a program that reads them all (`kiosk serve`'s `GET /orders?after=SEQ`).
        public let after: UInt64?

        public init(count: Int, after: UInt64? = nil) {
            self.count = count
            self.after = after
        }
    }

    /// The arguments of a page of history from a program: `limit` as text (10 when `nil`,
    /// at most the history's capacity) and `after` as text, each checked as a typed number.
    public static func page(limit: String?, after: String?) throws(CommandError) -> Arguments {
        let count = try limit.map { text throws(CommandError) in try CommandParser.number(text, what: "limit", minimum: 1) } ?? 10
        var start: UInt64?
        if let after {
            guard CommandParser.isNumeral(after), !after.hasPrefix("-"), !after.hasPrefix("+") else { throw .notANumber(after, what: "after") }
            guard let value = UInt64(after) else { throw .numberTooLarge(after, what: "after") }
            start = value
        }
        return Arguments(count: min(count, Ledger.historyCapacity), after: start)
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        let list = words.words
        guard let count = list.first else { return Arguments(count: 10) }
        guard list.count == 1 else { throw words.usage }
        return Arguments(count: min(try CommandParser.number(count, what: "count", minimum: 1), Ledger.historyCapacity))
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        guard let after = arguments.after else { return .history(Array(session.kiosk.ledger.history.suffix(arguments.count))) }
        return .history(Array(session.kiosk.ledger.history.lazy.filter { $0.sequence > after }.prefix(arguments.count)))
    }
}
