import KioskCore

/// `board [public|all-day]`: the kitchen's three columns, the customer screen, or the
/// all-day counts per item.
public enum ShowBoardCommand: CommandHandler {
    public enum Arguments: String, CommandArguments, Equatable {
        case kitchen = ""
        case `public`
        case allDay = "all-day"
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        let list = words.words
        guard let first = list.first else { return .kitchen }
        guard list.count == 1, let view = Arguments(rawValue: try words.subcommand(first)) else { throw words.usage }
        return view
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        guard let board = session.kiosk.board else { throw .noBoard(command: "board") }
        switch arguments {
        case .kitchen: return .board(board.listing(at: session.clock()))
        case .public: return .publicBoard(board.publicListing)
        case .allDay: return .allDay(board.allDay)
        }
    }
}
