/// Where the board's moves report what happened: every change (`[BoardChange]`, what a
/// kiosk turns into events), or only what a caller reads of it (`StartRecorder`).
///
/// The moves are written once, generic over their recorder: a recorder that drops a kind
/// of change costs nothing for it once the moves are specialized for it.
package protocol BoardChangeRecorder {
    /// Notes `change`, which happened at its own time: changes come in time order.
    mutating func record(_ change: BoardChange)
}

extension Array: BoardChangeRecorder where Element == BoardChange {
    package mutating func record(_ change: BoardChange) {
        append(change)
    }
}

/// The parts started, as a simulator reads the board: it owns the clock and the other
/// moves, so it needs nothing else.
package struct StartRecorder: BoardChangeRecorder {
    package var starts: [TicketStart] = []

    package init() {}

    @inline(__always)
    package mutating func record(_ change: BoardChange) {
        guard case .started(let ticket, let station, let prep, let at) = change else { return }
        starts.append(TicketStart(ticket: ticket, station: station, start: at.millisecondsSince1970, ready: at.adding(milliseconds: prep).millisecondsSince1970))
    }
}
