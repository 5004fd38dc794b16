import KioskCore

/// `pickup [N]`: ticket N, or the oldest ready, from ready to picked up.
public enum PickupCommand: CommandHandler {
    public static func parse(_ words: CommandWords) throws(CommandError) -> TicketMove.Arguments {
        try TicketMove.parse(words, required: false)
    }

    public static func run(_ arguments: TicketMove.Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        try TicketMove.run(.pickup(arguments.number), command: "pickup", in: session)
    }
}
