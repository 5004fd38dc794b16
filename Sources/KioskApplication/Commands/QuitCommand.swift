/// `quit`: ends the session (the runners stop at it); the sinks then get the flush timeout.
public enum QuitCommand: CommandHandler {
    public static func run(_ arguments: NoArguments, in session: Session) throws(CommandError) -> CommandOutput {
        .none
    }
}
