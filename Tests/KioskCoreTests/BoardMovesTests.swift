@testable import KioskCore
import Testing

/// The board's one set of moves over random sequences: after every move the board keeps
/// its invariants, and the moves report the same starts and leave the same board whatever
/// records their changes (a kiosk's `[BoardChange]`, a simulator's `StartRecorder`).
@Suite struct BoardMovesTests {
    private static let stations = [Station(name: "bar", staff: 2), Station(name: "grill", staff: 1), Station(name: "counter", staff: 1)]

    /// What a random sequence may do.
    enum Moves: Sendable, CustomStringConvertible {
        /// A simulator's: one-line tickets added, collected when ready, withdrawn while queued.
        case simulator
        /// A kiosk's with `board auto`: tickets of several lines too, and every command.
        case autoKiosk
        /// A kiosk's without auto: people move every ticket.
        case manualKiosk

        var description: String {
            switch self {
            case .simulator: "simulator"
            case .autoKiosk: "auto kiosk"
            case .manualKiosk: "manual kiosk"
            }
        }
    }

    static let runs: [(Moves, UInt64)] = [(.simulator, 1), (.simulator, 2), (.simulator, 3), (.autoKiosk, 4), (.autoKiosk, 5), (.manualKiosk, 6)]

    @Test(arguments: BoardMovesTests.runs)
    func everyMoveKeepsTheBoardsInvariants(moves: Moves, seed: UInt64) {
        var run = Run(moves: moves, seed: seed)
        for step in 0..<1_000 {
            run.step()
            let broken = run.brokenInvariants()
            #expect(broken.isEmpty, "\(moves), seed \(seed), step \(step): \(broken)")
            if !broken.isEmpty { return }
        }
        // Not a vacuous run: tickets went all the way, and (but for people's moves) some waited.
        #expect(run.board.count(.pickedUp) > (moves == .simulator ? 300 : moves == .autoKiosk ? 60 : 5), "\(moves), seed \(seed)")
        #expect(run.started > 200, "\(moves), seed \(seed)")
        if moves == .simulator { #expect(run.withdrawn > 10, "\(moves), seed \(seed)") }
    }

    /// The simulator's starts are the kiosk's `.started` changes, on equal boards: the
    /// recorder changes what is reported, never what is done.
    @Test(arguments: [UInt64(7), 8, 9])
    func aStartRecorderSeesTheStartsAKioskSeesOnAnEqualBoard(seed: UInt64) {
        var run = Run(moves: .simulator, seed: seed)
        var twin = Board(simulating: Self.stations)
        var starts: [TicketStart] = []
        for step in 0..<1_000 {
            let changesBefore = run.changes.count
            let move = run.step()
            switch move {
            case .add(let line, let item, let service, let time):
                let number = twin.add(line, item: item, service: service, at: time, starts: &starts)
                #expect(number == run.board.nextNumber - 1)
            case .collect(let number, let time):
                twin.collect(number, at: time, starts: &starts)
            case .withdraw(let number):
                var ignored: [BoardChange] = []
                twin.withdrawQueued(number, changes: &ignored)
            case .other:
                Issue.record("a simulator's run made a kiosk's move")
            }
            let expected = run.changes[changesBefore...].compactMap(Self.start)
            #expect(Array(starts.suffix(expected.count)) == expected, "step \(step)")
            #expect(twin == run.board, "step \(step)")
        }
        #expect(starts.count == run.started)
        #expect(starts.count > 200)
    }

    private static func start(_ change: BoardChange) -> TicketStart? {
        guard case .started(let number, let station, let prep, let at) = change else { return nil }
        return TicketStart(ticket: number, station: station, start: at.millisecondsSince1970, ready: at.adding(milliseconds: prep).millisecondsSince1970)
    }

    /// One random sequence of moves on one board, with what a checker needs to know of it.
    struct Run {
        enum Move {
            case add(TicketLine, item: Int, service: Int64, at: Int64)
            case collect(Int, at: Int64)
            case withdraw(Int)
            case other
        }

        let moves: Moves
        var random: SplitMix64
        var board: Board
        var time: Int64 = 1_000_000
        /// Every change made, in order.
        var changes: [BoardChange] = []
        /// Ready tickets a simulator's customer comes to collect, with when.
        var open: [(number: Int, collect: Int64)] = []
        /// Tickets a simulator's customer waits for and may give up on.
        var waiting: [Int] = []
        /// The promise of every ticket made, by number.
        var promised: [Int: Int64] = [:]
        var started = 0
        var withdrawn = 0
        /// Whether anything but a simulator's moves happened: promises then no longer hold.
        var promisesBroken = false
        /// The last ticket started at each station by an auto move: stations serve first in,
        /// first out.
        var lastStarted: [Int: Int] = [:]
        var problems: [String] = []

        init(moves: Moves, seed: UInt64) {
            self.moves = moves
            random = SplitMix64(seed: seed)
            switch moves {
            case .simulator:
                board = Board(simulating: BoardMovesTests.stations)
            case .autoKiosk, .manualKiosk:
                board = Board(stations: BoardMovesTests.stations, settings: BoardSettings(warn: .seconds(240), late: .seconds(420), auto: moves == .autoKiosk))
            }
        }

        private mutating func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

        /// One move at a time a little after the last (often the same time: ties).
        @discardableResult
        mutating func step() -> Move {
            time += draw(3) == 0 ? 0 : Int64(draw(40_000))
            let before = changes.count
            let move = moves == .simulator ? simulatorMove() : kioskMove()
            check(changes[before...])
            return move
        }

        private mutating func simulatorMove() -> Move {
            open.sort { ($0.collect, $0.number) < ($1.collect, $1.number) }
            if let first = open.first, first.collect <= time {
                open.removeFirst()
                let collected = board.collect(first.number, at: Timestamp(millisecondsSince1970: first.collect), changes: &changes)
                if !collected { problems.append("ticket \(first.number) was not ready when due") }
                return .collect(first.number, at: first.collect)
            }
            waiting.removeAll { board.state(of: $0) != .queued }
            if draw(8) == 0, let index = waiting.indices.randomElement(using: &random) {
                let number = waiting.remove(at: index)
                if !board.withdrawQueued(number, changes: &changes) { problems.append("queued ticket \(number) was not withdrawn") }
                withdrawn += 1
                return .withdraw(number)
            }
            let station = draw(3)
            let line = TicketLine(item: ["Tea", "Toast", "Cake"][station], quantity: 1, station: station, prep: 60_000)
            let service = Int64(draw(90_000))
            let made = board.add(line, item: station, service: service, at: Timestamp(millisecondsSince1970: time), changes: &changes)
            promised[made.number] = made.promised.millisecondsSince1970
            waiting.append(made.number)
            return .add(line, item: station, service: service, at: time)
        }

        private mutating func kioskMove() -> Move {
            let at = Timestamp(millisecondsSince1970: time)
            let active = board.activeTickets.map(\.number)
            switch draw(10) {
            case 0...3:
                let lines = (0...draw(3)).map { _ in
                    let station = draw(3)
                    return TicketLine(item: ["Tea", "Toast", "Cake"][station], quantity: 1 + draw(2), station: station, prep: Int64(10_000 + draw(60_000)))
                }
                let number = board.add(lines, service: draw(4) == 0 ? Int64(draw(50_000)) : nil, at: at, changes: &changes)
                promised[number] = board.promised(of: number)?.millisecondsSince1970
            case 4:
                _ = try? board.perform(.start(draw(2) == 0 ? nil : active.randomElement(using: &random)), at: at, changes: &changes)
                promisesBroken = true
            case 5:
                _ = try? board.perform(.ready(draw(2) == 0 ? nil : active.randomElement(using: &random)), at: at, changes: &changes)
                promisesBroken = true
            case 6:
                _ = try? board.perform(.pickup(draw(2) == 0 ? nil : active.randomElement(using: &random)), at: at, changes: &changes)
            case 7:
                _ = try? board.perform(.bump(draw(2) == 0 ? nil : active.randomElement(using: &random)), at: at, changes: &changes)
                if moves == .autoKiosk { promisesBroken = true }
            case 8:
                if let number = active.randomElement(using: &random), draw(3) == 0 {
                    _ = try? board.perform(.cancel(number), at: at, changes: &changes)
                } else {
                    _ = try? board.perform(.recall(nil), at: at, changes: &changes)
                }
                promisesBroken = true
            default:
                board.advance(to: at, changes: &changes)
            }
            return .other
        }

        /// What the changes of one move say, against what came before.
        private mutating func check(_ made: ArraySlice<BoardChange>) {
            var previous = made.first?.time
            for change in made {
                if let last = previous, change.time < last { problems.append("\(change) before \(last)") }
                if change.time.millisecondsSince1970 > time { problems.append("\(change) after the move's time \(time)") }
                previous = change.time
                switch change {
                case .started(let number, let station, _, _):
                    started += 1
                    if moves == .simulator {
                        if let last = lastStarted[station], last > number { problems.append("station \(station) started \(number) after \(last)") }
                        lastStarted[station] = number
                    }
                case .ready(let number, let at):
                    // Promised for when its last part would be done, on stations working
                    // first in, first out: a ticket is ready then, or earlier when someone
                    // ahead left.
                    if board.settings.auto, !promisesBroken, let promise = promised[number] {
                        if at.millisecondsSince1970 > promise { problems.append("ticket \(number) ready at \(at) after its promise \(promise)") }
                        if withdrawn == 0, at.millisecondsSince1970 != promise { problems.append("ticket \(number) ready at \(at), promised \(promise)") }
                    }
                    if moves == .simulator { open.append((number, at.millisecondsSince1970 + (number % 5 == 0 ? 30_000 : 0))) }
                default:
                    break
                }
            }
        }

        /// Every invariant the board breaks now, described.
        mutating func brokenInvariants() -> [String] {
            var broken = problems
            problems.removeAll()
            let numbers = board.firstNumber..<board.nextNumber
            var counts: [TicketState: Int] = [:]
            for number in numbers { counts[board.state(of: number) ?? .cancelled, default: 0] += 1 }
            for state in [TicketState.queued, .preparing, .ready, .pickedUp, .cancelled] where board.count(state) != counts[state, default: 0] {
                broken.append("\(board.count(state)) tickets counted \(state), \(counts[state, default: 0]) are")
            }
            var queued = Array(repeating: 0, count: board.stations.count)
            var preparing = Array(repeating: 0, count: board.stations.count)
            var due: Int64?
            for number in numbers where board.state(of: number)?.isActive == true {
                guard let ticket = board.ticket(number) else {
                    broken.append("active ticket \(number) is not held")
                    continue
                }
                if ticket.state != board.state(of: number) { broken.append("ticket \(number) is \(ticket.state), listed \(String(describing: board.state(of: number)))") }
                let parts = ticket.parts
                if Set(parts.map(\.station)).count != parts.count { broken.append("ticket \(number) has two parts at one station") }
                for part in parts {
                    if part.state == .queued { queued[part.station] += 1 }
                    if part.state == .preparing {
                        preparing[part.station] += 1
                        guard let started = part.started else {
                            broken.append("ticket \(number)'s part at \(part.station) is preparing and never started")
                            continue
                        }
                        let done = started.millisecondsSince1970 + part.prep
                        if board.settings.auto, done < board.now.millisecondsSince1970 { broken.append("ticket \(number)'s part at \(part.station) overdue") }
                        due = min(due ?? done, done)
                    }
                }
                switch ticket.state {
                case .queued where parts.contains { $0.state != .queued }: broken.append("queued ticket \(number) has a part started")
                case .preparing where parts.allSatisfy { $0.state == .queued }: broken.append("preparing ticket \(number) has no part started")
                case .preparing where parts.allSatisfy { $0.state == .ready }: broken.append("preparing ticket \(number) has every part done")
                case .ready where parts.contains { $0.state != .ready }: broken.append("ready ticket \(number) has a part not done")
                default: break
                }
                if ticket.state != .queued, ticket.started == nil { broken.append("ticket \(number) is \(ticket.state) and never started") }
                if ticket.state == .ready, ticket.readyAt == nil, board.keepsHistory { broken.append("ready ticket \(number) has no ready time") }
            }
            for station in board.stations.indices {
                let load = board.load(of: station)
                if load.queued != queued[station] || load.preparing != preparing[station] {
                    broken.append("station \(station) counts \(load), holds \(queued[station]) queued and \(preparing[station]) preparing")
                }
                // In auto mode no hand is idle while a part waits (people may start more).
                if board.settings.auto, load.queued > 0, load.preparing < board.stations[station].staff {
                    broken.append("station \(station) has a free hand and \(load.queued) parts waiting")
                }
                if moves == .simulator, load.preparing > board.stations[station].staff {
                    broken.append("station \(station) prepares \(load.preparing) with \(board.stations[station].staff) staff")
                }
            }
            // What the board does next by itself: the first part done, or sooner a mark.
            if board.settings.auto {
                let next = board.nextScheduledChange?.millisecondsSince1970
                if board.keepsHistory {
                    if let due, next.map({ $0 > due }) ?? true { broken.append("next change \(String(describing: next)), a part is done at \(due)") }
                } else if next != due {
                    broken.append("next change \(String(describing: next)), the first part is done at \(String(describing: due))")
                }
            }
            return broken
        }
    }
}
