import KioskCore

/// `cancel N`: takes ticket N off the board and reverses its sale; a queued ticket's
/// ingredients go back to stock, a started one's are waste.
public enum CancelCommand: CommandHandler {
    public static func parse(_ words: CommandWords) throws(CommandError) -> TicketMove.Arguments {
        try TicketMove.parse(words, required: true)
    }

    public static func run(_ arguments: TicketMove.Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        guard let number = arguments.number else { throw .usage(session.commands.entry(named: "cancel")?.synopsis ?? "cancel N") }
        return try TicketMove.run(.cancel(number), command: "cancel", in: session)
    }
}
