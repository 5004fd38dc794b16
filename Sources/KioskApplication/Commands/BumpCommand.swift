import KioskCore

/// `bump [N]`: ticket N, or the oldest in the kitchen, to its next state, whatever it is.
public enum BumpCommand: CommandHandler {
    public static func parse(_ words: CommandWords) throws(CommandError) -> TicketMove.Arguments {
        try TicketMove.parse(words, required: false)
    }

    public static func run(_ arguments: TicketMove.Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        try TicketMove.run(.bump(arguments.number), command: "bump", in: session)
    }
}
