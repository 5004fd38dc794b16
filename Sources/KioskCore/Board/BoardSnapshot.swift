/// What a snapshot keeps of an order board: everything the board cannot work out again
/// from its tickets, as plain values. `Board(restoring:)` rebuilds the rest — each
/// station's queue and hands, the counts, the oldest-first heaps — so a restored board
/// shows and does from then on exactly what the board it was taken from would have.
///
/// Kept: the numbers, the board's time and settings; each station with its report
/// figures and the projection new tickets are promised from (it remembers work that
/// cancelled tickets no longer need, until the station's queue empties, so it is not the
/// tickets' to tell); the state of every ticket numbered, in runs (most are done); the
/// tickets the board holds, whole; the recall list, waste and counts; the parts auto
/// stations will finish, in the order they fire; and the age schedule's cursors, whose
/// offsets are the `warn` and `late` of the menu each ticket was made under.
///
/// A kiosk whose menu has no board keeps only its ticket numbers
/// (`init(numberingFrom:)`), so that a board it has again numbers on.
public struct BoardSnapshot: Sendable, Hashable {
    /// A station, and what only the board knows of it.
    public struct StationRecord: Sendable, Hashable {
        public var station: Station
        /// For each hand, when it is free once the work given out is done (ms): the
        /// promises of new tickets start from it.
        public var projection: [Int64]
        /// Order-to-ready and order-to-pickup times of the tickets with a part here (ms),
        /// in the order they happened.
        public var toReady: [Int64]
        public var toPickup: [Int64]
        /// How many of its tickets went late.
        public var late: Int

        public init(station: Station, projection: [Int64], toReady: [Int64] = [], toPickup: [Int64] = [], late: Int = 0) {
            self.station = station
            self.projection = projection
            self.toReady = toReady
            self.toPickup = toPickup
            self.late = late
        }
    }

    /// `count` tickets in a row, numbered one after the other, in `state`.
    public struct StateRun: Sendable, Hashable {
        public var state: TicketState
        public var count: Int

        public init(_ state: TicketState, count: Int) {
            self.state = state
            self.count = count
        }
    }

    /// A part an auto station finishes by itself at `time`: part `part` of ticket `ticket`.
    public struct ScheduledPart: Sendable, Hashable {
        public var time: Timestamp
        public var ticket: Int
        public var part: Int

        public init(time: Timestamp, ticket: Int, part: Int) {
            self.time = time
            self.ticket = ticket
            self.part = part
        }
    }

    /// Tickets made under one `warn` and `late` (ms), numbered before `end`: the next of
    /// them each mark is still to come for.
    public struct AgeRun: Sendable, Hashable {
        public var warn: Int64
        public var late: Int64
        public var end: Int
        public var nextWarn: Int
        public var nextLate: Int

        public init(warn: Int64, late: Int64, end: Int, nextWarn: Int, nextLate: Int) {
            self.warn = warn
            self.late = late
            self.end = end
            self.nextWarn = nextWarn
            self.nextLate = nextLate
        }
    }

    /// More numbers than any kiosk makes: the limit keeps a damaged snapshot from asking
    /// for gigabytes of ticket states.
    public static let maximumNumbers = 1 << 28
    /// Times further than this from 1970 (about 35,000 years) are damage: the board
    /// subtracts them from one another.
    static let maximumTimeOffset: Int64 = 1 << 50

    public var settings: BoardSettings
    /// The number the next ticket gets.
    public var nextNumber: Int
    /// The first number the board knows of: `states` start here.
    public var firstNumber: Int
    /// The latest time the board was moved to.
    public var now: Timestamp
    /// The board's stations in its order: the menu's, and any a reload dropped that
    /// still had tickets. Empty for a kiosk without a board.
    public var stations: [StationRecord]
    /// The state of every ticket from `firstNumber` to before `nextNumber`, in runs.
    public var states: [StateRun]
    /// The tickets the board holds, by number: those on the board and the picked-up ones
    /// that can be recalled.
    public var tickets: [Ticket]
    public var recallable: [Int]
    public var waste: [IngredientCount]
    public var lateCount: Int
    public var cancelledCount: Int
    /// In the order they fire.
    public var scheduled: [ScheduledPart]
    public var ageRuns: [AgeRun]

    public init(
        settings: BoardSettings, nextNumber: Int, firstNumber: Int, now: Timestamp, stations: [StationRecord], states: [StateRun],
        tickets: [Ticket], recallable: [Int] = [], waste: [IngredientCount] = [], lateCount: Int = 0, cancelledCount: Int = 0,
        scheduled: [ScheduledPart] = [], ageRuns: [AgeRun] = []
    ) {
        self.settings = settings
        self.nextNumber = nextNumber
        self.firstNumber = firstNumber
        self.now = now
        self.stations = stations
        self.states = states
        self.tickets = tickets
        self.recallable = recallable
        self.waste = waste
        self.lateCount = lateCount
        self.cancelledCount = cancelledCount
        self.scheduled = scheduled
        self.ageRuns = ageRuns
    }

    /// The ticket numbers of a kiosk without a board: its next board numbers from `next`.
    public init(numberingFrom next: Int) {
        self.init(
            settings: BoardSettings(), nextNumber: next, firstNumber: next, now: Timestamp(millisecondsSince1970: .min),
            stations: [], states: [], tickets: []
        )
    }

    /// Whether this is only a kiosk's ticket numbers, with no board (no stations).
    public var isNumberingOnly: Bool { stations.isEmpty }
}

extension BoardSnapshot {
    /// What makes the snapshot one no board could have been, or `nil` when a board can be
    /// restored from it: numbers out of order, states that do not add up, a ticket whose
    /// state is not its number's, a part at a station the board does not have, a recall
    /// of a ticket not held, an age cursor outside its run. Checked before a board is
    /// rebuilt from it, so damage is refused rather than trusted.
    public var inconsistency: String? {
        guard firstNumber >= 1, nextNumber >= firstNumber, nextNumber - firstNumber <= Self.maximumNumbers else {
            return "its ticket numbers are out of range"
        }
        if isNumberingOnly {
            let empty = states.isEmpty && tickets.isEmpty && recallable.isEmpty && waste.isEmpty && scheduled.isEmpty && ageRuns.isEmpty
            return empty && firstNumber == nextNumber && lateCount == 0 && cancelledCount == 0 ? nil : "it has tickets but no station"
        }
        return stationProblem ?? stateProblem ?? ticketProblem ?? recallProblem ?? scheduleProblem
    }

    private static func isOrdinary(_ time: Timestamp?) -> Bool {
        guard let time else { return true }
        return time.millisecondsSince1970 >= -maximumTimeOffset && time.millisecondsSince1970 <= maximumTimeOffset
    }

    private var stationProblem: String? {
        for record in stations {
            guard (1...Station.maximumStaff).contains(record.station.staff), record.projection.count <= record.station.staff,
                  record.late >= 0 else { return "station \(record.station.name) is not one a board has" }
        }
        guard Self.isOrdinary(now) else { return "its time is out of range" }
        let ages = Duration.zero ... .milliseconds(Self.maximumTimeOffset)
        guard ages.contains(settings.warn), ages.contains(settings.late) else { return "its warn and late are out of range" }
        guard lateCount >= 0, cancelledCount >= 0 else { return "its counts are negative" }
        return nil
    }

    private var stateProblem: String? {
        var total = 0
        for run in states {
            guard run.count >= 1, run.count <= nextNumber - firstNumber - total else { return "its ticket states do not add up" }
            total += run.count
        }
        return total == nextNumber - firstNumber ? nil : "its ticket states do not add up"
    }

    private var ticketProblem: String? {
        var runs = states.makeIterator()
        var run: StateRun?
        var runEnd = firstNumber
        var previous = firstNumber - 1
        var held = 0
        for ticket in tickets {
            guard ticket.number > previous, ticket.number < nextNumber else { return "its tickets are out of order" }
            previous = ticket.number
            while runEnd <= ticket.number, let next = runs.next() {
                run = next
                runEnd += next.count
            }
            guard run?.state == ticket.state, ticket.state != .cancelled else { return "ticket \(ticket.number) is not in its number's state" }
            if ticket.state.isActive { held += 1 }
            if let problem = problem(of: ticket) { return problem }
        }
        let active = states.reduce(0) { $1.state.isActive ? $0 + $1.count : $0 }
        return active == held ? nil : "a ticket on the board is missing"
    }

    private func problem(of ticket: Ticket) -> String? {
        let stationCount = stations.count
        var seen = Set<Int>()
        for part in ticket.parts {
            guard part.station >= 0, part.station < stationCount, seen.insert(part.station).inserted, part.state.isInKitchen || part.state == .ready,
                  part.state != .preparing || part.started != nil, Self.isOrdinary(part.started) else {
                return "ticket \(ticket.number) has a part no board makes"
            }
        }
        guard [ticket.ordered, ticket.started, ticket.readyAt, ticket.pickedUpAt].allSatisfy(Self.isOrdinary) else {
            return "ticket \(ticket.number) has a time out of range"
        }
        return nil
    }

    private var recallProblem: String? {
        let pickedUp = Set(tickets.filter { $0.state == .pickedUp }.map(\.number))
        guard recallable.count <= Board.recallDepth, Set(recallable).count == recallable.count, Set(recallable) == pickedUp else {
            return "its recall list is not the picked-up tickets it holds"
        }
        return nil
    }

    private var scheduleProblem: String? {
        guard scheduled.allSatisfy({ $0.part >= 0 }) else { return "a scheduled part is not a part" }
        for run in ageRuns {
            guard run.end >= firstNumber, run.end <= nextNumber, (firstNumber...run.end).contains(run.nextWarn),
                  (firstNumber...run.end).contains(run.nextLate) else { return "an age mark is outside its tickets" }
        }
        return nil
    }
}
