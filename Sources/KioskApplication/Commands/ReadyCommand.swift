import KioskCore

/// `ready [N]`: ticket N, or the oldest preparing, from preparing to ready.
public enum ReadyCommand: CommandHandler {
    public static func parse(_ words: CommandWords) throws(CommandError) -> TicketMove.Arguments {
        try TicketMove.parse(words, required: false)
    }

    public static func run(_ arguments: TicketMove.Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        try TicketMove.run(.ready(arguments.number), command: "ready", in: session)
    }
}
