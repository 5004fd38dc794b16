import KioskCore
import KioskSimulation
import Testing

/// The REPL's board as the simulator's kitchen, against the reference `FIFOKitchen`:
/// driven through the same day — tickets submitted as customers arrive, finished at the
/// ready time the kitchen announced, withdrawn when a customer's patience runs out first —
/// both must start the same tickets at the same times and let the same customers go.
/// (Which call announces a start may differ at a tie: the board, in auto mode, frees a
/// hand at its own clock's moment, which is the same moment.)
@Suite struct BoardKitchenTests {
    /// A day for a kitchen: how tickets arrive, how long they take, how long customers wait.
    struct Day {
        var staff: [Int]
        var tickets: Int
        var meanGap: Double
        var meanService: Double
        var fixedService = false
        /// `nil`: customers wait as long as it takes.
        var patience: Int64?
        var exponentialPatience = false
        /// Service times and patience are rounded to this many milliseconds, which makes
        /// ready times and timeouts tie. Arrivals are not: an arrival at the very moment
        /// a part is done and a customer gives up is settled differently — the board, in
        /// auto mode, frees the hand when the arrival moves its clock, before the customer
        /// leaves — so the equivalence holds for days where arrivals do not tie.
        var grain: Int64 = 1
        var seed: UInt64
    }

    private enum Call {
        case arrive, ready(TicketID), patience(TicketID)
    }

    /// Drives a kitchen through `day` as the simulation does, writing down every start and
    /// every withdrawal, sorted. Ticket slots are reused, with a new generation, as the
    /// simulation's are.
    private static func drive(
        _ day: Day, submit: (KitchenTicket, Int64, inout [KitchenStart]) -> Void,
        finish: (TicketID, Int64, inout [KitchenStart]) -> Void, withdraw: (TicketID) -> Bool
    ) -> [String] {
        var random = Xoshiro256StarStar(seed: day.seed)
        func draw(_ mean: Double, grain: Int64) -> Int64 {
            let raw = Int64((random.nextExponential() * mean).rounded())
            return max(grain, (raw / grain) * grain)
        }
        var agenda: [(time: Int64, order: Int, call: Call)] = [(0, 0, .arrive)]
        var order = 1
        var generations: [UInt32] = []
        var freeSlots: [Int32] = []
        var started: Set<TicketID> = []
        var submitted = 0
        var log: [String] = []
        func schedule(_ call: Call, at time: Int64) {
            agenda.append((time, order, call))
            order += 1
        }
        func note(_ starts: inout [KitchenStart]) {
            for start in starts {
                started.insert(start.ticket)
                schedule(.ready(start.ticket), at: start.ready)
                log.append("\(start.start): start \(start.ticket.slot).\(start.ticket.generation) at \(start.station), ready \(start.ready)")
            }
            starts.removeAll()
        }
        var starts: [KitchenStart] = []
        while let next = agenda.indices.min(by: { (agenda[$0].time, agenda[$0].order) < (agenda[$1].time, agenda[$1].order) }) {
            let (now, _, call) = agenda.remove(at: next)
            switch call {
            case .arrive:
                let slot = freeSlots.popLast() ?? Int32(generations.count)
                if Int(slot) == generations.count { generations.append(0) }
                let id = TicketID(slot: slot, generation: generations[Int(slot)])
                let station = Int(random.nextInt(below: UInt64(day.staff.count)))
                let service = day.fixedService ? Int64(day.meanService) : draw(day.meanService, grain: day.grain)
                submit(KitchenTicket(id: id, station: station, item: 0, preparationMilliseconds: service), now, &starts)
                note(&starts)
                if let patience = day.patience {
                    schedule(.patience(id), at: now + (day.exponentialPatience ? draw(Double(patience), grain: day.grain) : patience))
                }
                submitted += 1
                if submitted < day.tickets { schedule(.arrive, at: now + draw(day.meanGap, grain: 1)) }
            case .ready(let id):
                finish(id, now, &starts)
                note(&starts)
                started.remove(id)
                generations[Int(id.slot)] += 1
                freeSlots.append(id.slot)
            case .patience(let id):
                // Only a customer still waiting gives up, as in the simulation.
                guard generations[Int(id.slot)] == id.generation, !started.contains(id) else { continue }
                let withdrawn = withdraw(id)
                log.append("\(now): withdraw \(id.slot).\(id.generation): \(withdrawn)")
                if withdrawn {
                    generations[Int(id.slot)] += 1
                    freeSlots.append(id.slot)
                }
            }
        }
        return log.sorted()
    }

    static let days: [(String, Day)] = [
        ("M/M/3 near saturation", Day(staff: [3], tickets: 6_000, meanGap: 21_000, meanService: 60_000, seed: 11)),
        ("M/M/2 with exponential patience", Day(staff: [2], tickets: 4_000, meanGap: 24_000, meanService: 60_000, patience: 90_000, exponentialPatience: true, seed: 12)),
        ("M/D/1 with fixed patience: ready times and timeouts tie", Day(staff: [1], tickets: 5_000, meanGap: 50_000, meanService: 60_000, fixedService: true, patience: 120_000, seed: 13)),
        ("two stations with fixed patience", Day(staff: [2, 1], tickets: 5_000, meanGap: 24_000, meanService: 45_000, patience: 240_000, seed: 14)),
    ]

    @Test(arguments: BoardKitchenTests.days)
    func theBoardStartsWhatTheReferenceKitchenStartsWhenItStartsIt(name: String, day: Day) {
        var reference = FIFOKitchen(servers: day.staff)
        let expected = BoardKitchenTests.drive(
            day, submit: { reference.submit($0, at: $1, started: &$2) }, finish: { reference.finish($0, at: $1, started: &$2) },
            withdraw: { reference.withdraw($0) }
        )
        var board = BoardKitchen(stations: day.staff.enumerated().map { .init(name: "s\($0.offset)", staff: $0.element) }, itemNames: ["Tea"])
        let actual = BoardKitchenTests.drive(
            day, submit: { board.submit($0, at: $1, started: &$2) }, finish: { board.finish($0, at: $1, started: &$2) },
            withdraw: { board.withdraw($0) }
        )
        // Not a vacuous day: tickets queued, started, and (with patience) some withdrawn.
        #expect(expected.filter { $0.contains(": start") }.count > day.tickets / 2, "\(name)")
        if day.patience != nil { #expect(expected.contains { $0.hasSuffix(": true") }, "\(name)") }
        let first = zip(actual, expected).first { $0 != $1 }
        #expect(actual.count == expected.count, "\(name)")
        #expect(first == nil, "\(name): first difference \(String(describing: first))")
    }

    @Test func theBoardKeepsNothingPerTicketOnceItIsDone() {
        var kitchen = BoardKitchen(stations: [.init(name: "bar", staff: 2)], itemNames: ["Tea"])
        var started: [TicketStart] = []
        for slot in 0..<500 as Range<Int32> {
            let id = TicketID(slot: slot % 7, generation: UInt32(slot / 7))
            let time = Timestamp(millisecondsSince1970: Int64(slot) * 1_000)
            kitchen.submit(KitchenTicket(id: id, station: 0, item: 0, preparationMilliseconds: 500), at: time, started: &started)
            kitchen.finish(id, at: time.adding(milliseconds: 500), started: &started)
        }
        #expect(started.count == 500)
        #expect(kitchen.board.count(.pickedUp) == 500)
        #expect(kitchen.board.count(.queued) + kitchen.board.count(.preparing) + kitchen.board.count(.ready) == 0)
        #expect(kitchen.board.activeTickets.isEmpty)
        #expect(kitchen.board.recallable.isEmpty)
        #expect(kitchen.board.ticket(500) == nil)
        #expect(kitchen.board.state(of: 500) == .pickedUp)
    }
}
