/// The order board of a kitchen display: every order made becomes a ticket that goes
/// queued → preparing → ready → picked up, or is cancelled.
///
/// A value with no clock: every move takes the time it happens at and first fires what
/// was due by then (`advance(to:changes:)`), so changes come out in time order, each at
/// its exact time. What happened is appended to a `[BoardChange]` that a kiosk turns into
/// events; `apply(_:menu:)` folds those events back into an equal board.
///
/// **Stations** prepare tickets first in, first out, `staff` at a time. A ticket has one
/// part per station its lines use; a part takes the longest prep of its lines there, or
/// the service time the ticket was given.
///
/// **Promised-by**: when a ticket is made, each of its parts is given to the hand of its
/// station that is free first, after everything given out before it; the ticket is
/// promised for when its last part would be done. With `board auto` staff work exactly
/// so, and a ticket is ready at its promised time. A cancelled or withdrawn ticket only
/// makes later ones earlier than promised. Manual moves (and `start`, `ready` in auto
/// mode) leave the projection as it was until the station's queue empties.
///
/// **Cost**: making a ticket is O(1): a slot of a few words in flat storage
/// (`TicketStore`, found by number without hashing), a place in its station's FIFO queue,
/// and no scheduled entry of its own — warn and late marks come due in number order
/// (`AgeSchedule`), and auto starts take the oldest waiting part when a hand frees. Only
/// preparing parts are in a binary heap, by when they are done. Removal is lazy
/// everywhere. Tickets that are done are kept only as a byte of state (and the last 20
/// picked up, for recall), so millions of tickets fit.
public struct Board: Sendable {
    /// How many of the last picked-up tickets can be recalled.
    public static let recallDepth = 20

    public internal(set) var settings: BoardSettings {
        didSet { ageLimits = (settings.warn.milliseconds, settings.late.milliseconds) }
    }
    /// `warn` and `late` in milliseconds, converted once rather than for every ticket.
    private(set) var ageLimits: (warn: Int64, late: Int64)
    public internal(set) var stations: [Station]
    /// The number the next ticket gets. Numbers only increase, across restarts too.
    public internal(set) var nextNumber: Int
    /// The first number this board knows of.
    public internal(set) var firstNumber: Int
    /// The latest time the board has been moved to.
    public internal(set) var now: Timestamp
    /// The last picked-up tickets that can still be recalled, oldest first.
    public internal(set) var recallable: [Int] = []
    /// Ingredients of tickets cancelled after they were started, in the order first wasted.
    public internal(set) var waste: [IngredientCount] = []
    /// Tickets that went late, each counted once.
    public internal(set) var lateCount = 0
    public internal(set) var cancelledCount = 0

    var queues: [StationState]
    /// Tickets on the board, and picked-up ones that can be recalled.
    var tickets = TicketStore()
    /// The state of every ticket from `firstNumber` on.
    var states: [TicketState] = []
    /// Tickets per state.
    var counts = StateCounts()
    /// Every number below it is not queued: tickets are queued only when made, in number
    /// order, so the oldest queued ticket is the first queued one from here.
    var queuedFrom = 0
    /// For preparing and ready (`oldest[state.rawValue - 1]`): the numbers of the tickets
    /// in it, smallest first, with tickets that have left skipped when they come up.
    var oldest = [BinaryHeap<Int>](repeating: BinaryHeap(), count: 2)
    /// Preparing parts in auto mode, by when they are done.
    var schedule = BinaryHeap<ScheduledChange>()
    /// When tickets reach `warn` and `late`.
    var ages = AgeSchedule()
    /// Menu items' prep times as converted last, by item index.
    var preps: [(prep: Duration, milliseconds: Int64)?] = []
    var scheduled: UInt64 = 0
    /// What `add(item:quantity:of:…)` found for each item of `itemsMenu`, by item index: a
    /// menu never changes, so only a new menu or new stations (`reconfigure`) make it stale.
    var itemLines: [ItemLine] = []
    var itemsMenu: Menu?
    /// For each of the menu's stations, the board's station: reloads may add stations,
    /// and a board never drops one that has tickets.
    var menuStations: [Int]
    /// Whether the board keeps what only a person at the REPL asks for later: the
    /// order-to-ready and order-to-pickup times, the oldest-first heaps, the recall list,
    /// the warn and late marks.
    /// A simulator's board (`init(simulating:settings:)`) does not, so a million tickets
    /// cost a byte each.
    var keepsHistory = true

    /// An empty board with `stations` (at least one), numbering tickets from `nextNumber`.
    public init(stations: [Station], settings: BoardSettings, nextNumber: Int = 1) {
        self.settings = settings
        self.ageLimits = (settings.warn.milliseconds, settings.late.milliseconds)
        self.stations = stations.isEmpty ? [.counter] : stations
        self.nextNumber = nextNumber
        self.firstNumber = nextNumber
        self.queuedFrom = nextNumber
        self.now = Timestamp(millisecondsSince1970: .min)
        self.queues = self.stations.map { _ in StationState() }
        self.menuStations = Array(self.stations.indices)
        for index in queues.indices { resetProjection(index, at: 0) }
    }

    /// An empty board for `menu`'s stations and board settings (the defaults when it has none).
    public init(menu: Menu, nextNumber: Int = 1) {
        self.init(stations: menu.stations, settings: menu.board ?? BoardSettings(), nextNumber: nextNumber)
    }

    // MARK: Queries

    public func ticket(_ number: Int) -> Ticket? {
        tickets.ticket(number)
    }

    /// When the ticket was promised to be ready, if the board holds it: without a copy of
    /// its lines.
    public func promised(of number: Int) -> Timestamp? {
        tickets[number]?.promised
    }

    /// The state of any ticket this board made, done or not.
    public func state(of number: Int) -> TicketState? {
        guard number >= firstNumber, number - firstNumber < states.count else { return nil }
        return states[number - firstNumber]
    }

    /// How many tickets are in `state`.
    public func count(_ state: TicketState) -> Int {
        counts[state]
    }

    /// How many parts wait at a station, and how many it is preparing.
    public struct StationLoad: Sendable, Equatable {
        public let queued: Int
        public let preparing: Int
    }

    /// How many parts wait at `station`, and how many it is preparing.
    public func load(of station: Int) -> StationLoad {
        StationLoad(queued: queues[station].queued, preparing: queues[station].busy)
    }

    /// The board's station for the menu's station `index`.
    public func station(forMenuStation index: Int) -> Int {
        menuStations.indices.contains(index) ? menuStations[index] : 0
    }

    /// When the board next changes by itself — an auto start or finish, a ticket
    /// reaching `warn` or `late` — or `nil` when nothing is scheduled.
    ///
    /// Kept up to date by every move (`pruneSchedule()`), so reading it through an
    /// optional board reads one field and copies no board.
    public internal(set) var nextScheduledChange: Timestamp?

    /// A ticket in the kitchen past its `late` or `warn` age at `time`.
    public func mark(of ticket: Ticket, at time: Timestamp) -> TicketMark? {
        guard ticket.state.isInKitchen else { return nil }
        let age = ticket.age(at: time)
        if age >= settings.late.milliseconds { return .late }
        if age >= settings.warn.milliseconds { return .warn }
        return nil
    }

    /// Queued, preparing and ready tickets, oldest first: linear in the numbers from the
    /// oldest ticket the board holds.
    public var activeTickets: [Ticket] {
        var result: [Ticket] = []
        result.reserveCapacity(count(.queued) + count(.preparing) + count(.ready))
        // The store holds tickets in number order: the active ones, and the picked-up ones
        // that can be recalled.
        for number in tickets.numbers {
            if tickets[number]?.state.isActive == true, let ticket = tickets.ticket(number) { result.append(ticket) }
        }
        return result
    }
}

extension Board: Equatable {
    /// Equal in everything a board shows and does next: tickets and their states, numbers,
    /// the recall list, waste, counts, each station's queue, hands and projection, and the
    /// changes still scheduled, in the order they fire. Not in how lazily-removed entries
    /// happen to be stored, nor in the counter that orders changes due at the same time.
    public static func == (lhs: Board, rhs: Board) -> Bool {
        guard lhs.settings == rhs.settings, lhs.stations == rhs.stations, lhs.nextNumber == rhs.nextNumber,
              lhs.firstNumber == rhs.firstNumber, lhs.recallable == rhs.recallable, lhs.waste == rhs.waste,
              lhs.lateCount == rhs.lateCount, lhs.cancelledCount == rhs.cancelledCount, lhs.counts == rhs.counts,
              lhs.states == rhs.states, lhs.tickets == rhs.tickets, lhs.menuStations == rhs.menuStations,
              lhs.activeTickets.map(\.number) == rhs.activeTickets.map(\.number) else { return false }
        for (station, (a, b)) in zip(lhs.queues, rhs.queues).enumerated() {
            guard lhs.waiting(a, at: station) == rhs.waiting(b, at: station), a.queued == b.queued, a.busy == b.busy, a.inProgressByTicket == b.inProgressByTicket,
                  a.projection.sorted == b.projection.sorted, a.toReady == b.toReady, a.toPickup == b.toPickup,
                  a.late == b.late else { return false }
        }
        return lhs.liveSchedule == rhs.liveSchedule && lhs.pendingMarks == rhs.pendingMarks
    }

    /// The parts that really wait at a station, in order.
    private func waiting(_ state: StationState, at station: Int) -> [Int] {
        state.queue.elements.filter { waitingPart(of: $0, at: station) != nil }
    }

    /// The changes still to come in the order they fire, without the counter that orders
    /// them: a restored board numbers its changes afresh.
    private var liveSchedule: [ScheduledChange] {
        schedule.sorted.filter(isLive).map { ScheduledChange(time: $0.time, sequence: 0, ticket: $0.ticket, kind: $0.kind) }
    }
}
