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

    /// The text after `error:`.
    public var message: String {
        switch self {
        case .noBoard: "this menu has no order board: add a 'board' statement"
        case .unknownTicket(let number): "there is no ticket \(number)"
        case .wrongState(let number, let state, let expected): "ticket \(number) is \(state), not \(expected)"
        case .noTicket(.pickedUp): "no picked-up ticket can be recalled"
        case .noTicket(let state): "no ticket is \(state)"
        case .kitchenEmpty: "no ticket is queued or preparing"
        case .cannotBump(let number, let state): "ticket \(number) is \(state): there is nothing to bump it to"
        case .cannotCancel(let number, let state): "ticket \(number) is \(state) and cannot be cancelled"
        case .tooOldToRecall(let number):
            "ticket \(number) was picked up before the last \(Board.recallDepth) and cannot be recalled"
        }
    }
}
