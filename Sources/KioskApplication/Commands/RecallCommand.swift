import KioskCore

/// `recall [N]`: the last picked-up ticket, or N among the last 20, back to ready.
public enum RecallCommand: CommandHandler {
    public static func parse(_ words: CommandWords) throws(CommandError) -> TicketMove.Arguments {
        try TicketMove.parse(words, required: false)
    }

    public static func run(_ arguments: TicketMove.Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        try TicketMove.run(.recall(arguments.number), command: "recall", in: session)
    }
}
