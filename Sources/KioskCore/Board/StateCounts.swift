/// How many tickets are in each state: five counters held in place, so a move that
/// changes two of them checks no array's uniqueness or bounds (a simulated customer makes
/// three such moves).
struct StateCounts: Sendable, Hashable {
    private var queued = 0
    private var preparing = 0
    private var ready = 0
    private var pickedUp = 0
    private var cancelled = 0

    subscript(state: TicketState) -> Int {
        get {
            switch state {
            case .queued: queued
            case .preparing: preparing
            case .ready: ready
            case .pickedUp: pickedUp
            case .cancelled: cancelled
            }
        }
        set {
            switch state {
            case .queued: queued = newValue
            case .preparing: preparing = newValue
            case .ready: ready = newValue
            case .pickedUp: pickedUp = newValue
            case .cancelled: cancelled = newValue
            }
        }
    }
}
