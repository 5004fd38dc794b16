import KioskCore

/// What the board's move commands share: reading a ticket number and making the move.
public enum TicketMove {
    /// The arguments of a move: a ticket number (`12` or `#12`), or none for the command's
    /// default ticket.
    public struct Arguments: CommandArguments, Equatable {
        public let number: Int?

        public init(number: Int?) {
            self.number = number
        }
    }

    /// The arguments for ticket `text` (`12` or `#12`), checked as a typed number is.
    public static func arguments(ticket text: String) throws(CommandError) -> Arguments {
        Arguments(number: try number(text))
    }

    /// At most one ticket number; `required` for `cancel`, which has no default ticket.
    static func parse(_ words: CommandWords, required: Bool) throws(CommandError) -> Arguments {
        let list = words.words
        guard list.count <= 1 else { throw words.usage }
        guard let text = list.first else {
            if required { throw words.usage }
            return Arguments(number: nil)
        }
        return Arguments(number: try number(text))
    }

    /// A ticket number, with or without its `#`.
    static func number(_ text: String) throws(CommandError) -> Int {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard CommandParser.isNumeral(digits), !digits.hasPrefix("-"), !digits.hasPrefix("+") else {
            throw .notANumber(text, what: "ticket")
        }
        guard let value = Int(digits) else { throw .numberTooLarge(text, what: "ticket") }
        guard value >= 1 else { throw .numberTooSmall(text, what: "ticket", minimum: 1) }
        return value
    }

    /// Makes `move` on the session's board.
    static func run(_ move: BoardCommand, command: String, in session: Session) throws(CommandError) -> CommandOutput {
        try requireBoard(command, in: session)
        let ticket: Ticket
        do {
            ticket = try session.kiosk.perform(move, at: session.clock(), emitting: &session.events)
        } catch {
            throw .board(error)
        }
        let state = session.kiosk.board?.state(of: ticket.number) ?? ticket.state
        return .ticketMoved(MovedTicket(ticket: ticket.number, state: state, lines: ticket.items))
    }

    /// The error of a board command on a menu without a board.
    static func requireBoard(_ command: String, in session: Session) throws(CommandError) {
        guard session.kiosk.board != nil else { throw .noBoard(command: command) }
    }
}
