import KioskCore

/// `start [N]`: ticket N, or the oldest queued, from queued to preparing.
public enum StartCommand: CommandHandler {
    public static func parse(_ words: CommandWords) throws(CommandError) -> TicketMove.Arguments {
        try TicketMove.parse(words, required: false)
    }

    public static func run(_ arguments: TicketMove.Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        try TicketMove.run(.start(arguments.number), command: "start", in: session)
    }
}
