import KioskText

/// Why a move on the board was refused. Nothing changes when one is thrown.
public enum BoardError: Error, Equatable, Sendable {
    /// The menu has no `board`.
    case noBoard
    case unknownTicket(Int)
    /// The move needs the ticket `expected`, and it is `state`.
    case wrongState(ticket: Int, state: TicketState, expected: TicketState)
    /// A move without a number found no ticket in `state`.
    case noTicket(TicketState)
    /// `bump` alone found no ticket queued or preparing.
    case kitchenEmpty
    /// Picked up or cancelled: there is nothing to bump it to.
    case cannotBump(ticket: Int, state: TicketState)
    /// Picked up or cancelled already.
    case cannotCancel(ticket: Int, state: TicketState)
    /// Picked up before the last `Board.recallDepth`.
    case tooOldToRecall(ticket: Int)

    /// The text after `error:`, in the operator's language.
    public var message: String {
        switch self {
        case .noBoard: tr("this menu has no order board: add a 'board' statement")
        case .unknownTicket(let number): tr("there is no ticket {number}", ["number": number])
        case .wrongState(let number, let state, let expected):
            tr("ticket {number} is {state}, not {expected}", ["number": number, "state": BoardError.words(state), "expected": BoardError.words(expected)])
        case .noTicket(.pickedUp): tr("no picked-up ticket can be recalled")
        case .noTicket(let state): tr("no ticket is {state}", ["state": BoardError.words(state)])
        case .kitchenEmpty: tr("no ticket is queued or preparing")
        case .cannotBump(let number, let state):
            tr("ticket {number} is {state}: there is nothing to bump it to", ["number": number, "state": BoardError.words(state)])
        case .cannotCancel(let number, let state):
            tr("ticket {number} is {state} and cannot be cancelled", ["number": number, "state": BoardError.words(state)])
        case .tooOldToRecall(let number):
            tr("ticket {number} was picked up before the last {depth} and cannot be recalled", ["number": number, "depth": Board.recallDepth])
        }
    }

    /// A ticket's state in the operator's language (English: its `description`).
    public static func words(_ state: TicketState) -> String {
        switch state {
        case .queued: tr("queued")
        case .preparing: tr("preparing")
        case .ready: tr("ready")
        case .pickedUp: tr("picked up")
        case .cancelled: tr("cancelled")
        }
    }
}
