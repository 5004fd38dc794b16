@testable import KioskCore
import Testing

/// The simulator's lean moves against the general ones: the same boards and the same starts.
@Suite struct BoardSimulatorTests {
    private static let stations = [Station(name: "bar", staff: 2), Station(name: "grill", staff: 1)]

    @Test func leanMovesLeaveTheSameBoardAndStartsAsTheGeneralMoves() {
        Self.compare(tickets: 400) { index in Int64((index * 7_919) % 50_000) }
    }

    /// Bursts of 300 tickets with an hour between them: the board empties, and its next
    /// window starts in a chunk it used before.
    @Test func leanMovesMatchAcrossABoardThatEmptiesAndFillsAgain() {
        Self.compare(tickets: 1_200) { index in index % 300 == 0 ? 3_600_000 : Int64((index * 7_919) % 20_000) }
    }

    /// Adds `tickets` tickets, the next `gap(index)` milliseconds after the last, to a lean
    /// board and a general one, collecting each when due, and compares after every step.
    private static func compare(tickets: Int, gap: (Int) -> Int64) {
        var lean = Board(simulating: Self.stations)
        var general = Board(simulating: Self.stations)
        var leanStarts: [TicketStart] = []
        var generalStarts: [TicketStart] = []
        var open: [(number: Int, ready: Int64)] = []
        var time: Int64 = 1_000
        for index in 0..<tickets {
            time += gap(index)
            // Collect what is due, in time order, then add a ticket; ties at one time happen.
            open.sort { $0.ready < $1.ready }
            while let first = open.first, first.ready <= time {
                open.removeFirst()
                var changes: [BoardChange] = []
                let collectedLean = lean.simulateCollect(first.number, at: first.ready, starts: &leanStarts)
                let collectedGeneral = general.collect(first.number, at: Timestamp(millisecondsSince1970: first.ready), changes: &changes)
                #expect(collectedLean == collectedGeneral)
                generalStarts += Self.starts(changes)
            }
            let line = TicketLine(item: index % 3 == 0 ? "Toast" : "Tea", quantity: 1, station: index % 3 == 0 ? 1 : 0, prep: 60_000)
            let service = Int64((index * 104_729) % 90_000)
            var changes: [BoardChange] = []
            let number = lean.simulateAdd(line, item: index % 3 == 0 ? 1 : 0, service: service, at: time, starts: &leanStarts)
            let made = general.add(line, item: index % 3 == 0 ? 1 : 0, service: service, at: Timestamp(millisecondsSince1970: time), changes: &changes)
            #expect(number == made.number)
            #expect(lean.promised(of: number) == made.promised)
            generalStarts += Self.starts(changes)
            open = Self.pending(lean, leanStarts)
            // After every step, not only at the end: a ticket ready and not yet collected
            // shows what the lean moves left in its slot.
            #expect(lean == general, "after ticket \(number)")
        }
        #expect(leanStarts == generalStarts)
        #expect(lean == general)
        #expect(lean.count(.pickedUp) > tickets / 2)
    }

    /// Tickets started and not yet picked up, with when they are collected: when they are
    /// ready, or for every fifth ticket half a minute later, so some wait ready.
    private static func pending(_ board: Board, _ starts: [TicketStart]) -> [(number: Int, ready: Int64)] {
        starts.filter { board.state(of: $0.ticket) == .preparing || board.state(of: $0.ticket) == .ready }
            .map { ($0.ticket, $0.ready + ($0.ticket % 5 == 0 ? 30_000 : 0)) }
    }

    private static func starts(_ changes: [BoardChange]) -> [TicketStart] {
        changes.compactMap { change in
            guard case .started(let number, let station, let prep, let at) = change else { return nil }
            return TicketStart(ticket: number, station: station, start: at.millisecondsSince1970, ready: at.adding(milliseconds: prep).millisecondsSince1970)
        }
    }
}
