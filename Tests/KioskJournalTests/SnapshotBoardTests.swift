@testable import KioskCore
@testable import KioskJournal
@testable import KioskRecords
import KioskTestSupport
import Testing

/// A day at a kiosk with an order board, as a session journals it: before each command a
/// record of what the board did by itself (auto starts and finishes, late tickets), then
/// the command's own record.
struct BoardDay {
    static let minute: Int64 = 60_000

    /// A blender of two hands and a counter, prices, and marks at 3 and 5 minutes, so a
    /// rush turns tickets warn and late.
    static func menu(auto: Bool) throws -> Menu {
        let fruits = ["strawberry", "banana", "kiwi", "mango"]
        func recipe(_ parts: (Int, Int)...) -> Recipe {
            Recipe(parts.map { Recipe.Component(ingredient: $0.0, quantity: $0.1) })
        }
        let items = [
            Item(name: "Strawberry Juice", price: Money(units: 5), recipe: recipe((0, 4)), prep: .seconds(120), station: 0),
            Item(name: "Banana Juice", price: Money(units: 4), recipe: recipe((1, 2)), prep: .seconds(30), station: 1),
            Item(name: "Kiwi Juice", price: Money(units: 4), recipe: recipe((2, 3)), prep: .seconds(120), station: 0),
            Item(name: "Strawberry Banana Juice", price: Money(units: 6), recipe: recipe((0, 2), (1, 1)), prep: .seconds(180), station: 0),
            Item(name: "Mango Juice", price: Money(units: 5), recipe: recipe((3, 3)), prep: .seconds(120), station: 0),
        ]
        return try Menu(
            name: "Board Day", currency: "USD", ingredients: fruits.map { Ingredient(name: $0, initialStock: 1000, lowMark: 20) },
            items: items, messages: MessageCatalog(templates: [:], board: true),
            stations: [Station(name: "blender", staff: 2), Station(name: "counter")],
            board: BoardSettings(warn: .seconds(180), late: .seconds(300), auto: auto)
        )
    }

    static func at(_ minutes: Double) -> Timestamp {
        Sample.time.adding(milliseconds: Int64(minutes * Double(minute)))
    }

    var kiosk: Kiosk
    var records: [JournalRecord] = []
    /// Every event made, for comparing what two kiosks do from the same state.
    var events: [Event] = []

    init(_ kiosk: Kiosk) {
        self.kiosk = kiosk
    }

    /// Ticks the board to `time`, then runs one command: each with a record of its own when
    /// it made anything. A move that does not apply (a `BoardError`) is part of the day.
    mutating func command(at time: Timestamp, facts: [JournalEntry] = [], _ body: (inout Kiosk, inout [Event]) throws -> Void) {
        var ticked: [Event] = []
        kiosk.advance(to: time, emitting: &ticked)
        if let first = ticked.first {
            records.append(JournalRecord(time: first.time, source: kiosk.source, entries: ticked.map(JournalEntry.event)))
        }
        var made: [Event] = []
        try? body(&kiosk, &made)
        if !made.isEmpty || !facts.isEmpty {
            records.append(JournalRecord(time: time, source: kiosk.source, entries: facts + made.map(JournalEntry.event)))
        }
        events += ticked + made
    }

    mutating func order(_ lines: [(String, Int)], at time: Timestamp) {
        let order = Order(lines.compactMap { line in kiosk.menu.itemIndex(named: line.0).map { OrderLine(item: $0, quantity: line.1) } })
        command(at: time) { kiosk, events in try kiosk.place(order, at: time, emitting: &events) }
    }

    mutating func perform(_ move: BoardCommand, at time: Timestamp) {
        command(at: time) { kiosk, events in try kiosk.perform(move, at: time, emitting: &events) }
    }

    /// Two hours of orders, several stations to a ticket, every move, a rush that goes late,
    /// refused orders, stock edits and profiles.
    static func journal(auto: Bool) throws -> BoardDay {
        var day = BoardDay(Kiosk(menu: try menu(auto: auto), ids: UUIDv7Generator(seed: 3)))
        let declared = day.kiosk.menu.ingredients.map { JournalEntry.stockDeclared(ingredient: $0.name, count: $0.initialStock) }
        day.records.append(JournalRecord(time: at(0), source: day.kiosk.source, entries: declared))
        day.command(at: at(0), facts: [.profileChanged(.add(profile: "ana")), .profileChanged(.avoid(profile: "ana", "kiwi"))]) { _, _ in }
        let items = ["Mango Juice", "Banana Juice", "Kiwi Juice", "Strawberry Banana Juice", "Strawberry Juice"]
        var minute = 0.0
        for round in 0..<90 {
            minute += Double(round % 4) * 0.75
            let time = at(minute)
            let first = items[round % items.count]
            let second = items[(round * 7 + 3) % items.count]
            day.order(round % 3 == 0 ? [(first, 1), (second, 2)] : [(first, 1 + round % 2)], at: time)
            switch round % 9 {
            case 1: day.perform(.bump(nil), at: time)
            case 2: day.perform(.start(nil), at: time)
            case 3: day.perform(.ready(nil), at: time)
            case 4, 5: day.perform(.pickup(nil), at: time)
            case 6: day.perform(.cancel(day.kiosk.board.map { $0.nextNumber - 1 } ?? 1), at: time)
            case 7: day.perform(.recall(nil), at: time)
            case 8:
                let preparing = day.kiosk.board?.listing(at: time).preparing.first?.number
                day.perform(.cancel(preparing ?? 1), at: time)
            default: break
            }
            if round % 20 == 10 {
                day.command(at: time) { kiosk, events in try kiosk.edit(.remove, 30, of: 3, at: time, emitting: &events) }
                day.command(at: time, facts: [.profileChanged(.rate(profile: "ben", item: "Mango Juice", score: 7 + round % 3))]) { _, _ in }
            }
            if round % 30 == 29 {
                // More than is left: refused.
                day.order([("Strawberry Juice", 400)], at: time)
                day.command(at: time) { kiosk, events in try kiosk.edit(.restock, 500, of: 0, at: time, emitting: &events) }
            }
        }
        // A rush: more than the blender makes before they turn warn and late, some of it
        // left in the kitchen at the end.
        for step in 0..<12 { day.order([("Mango Juice", 1)], at: at(minute + Double(step) / 4)) }
        day.perform(.start(nil), at: at(minute + 4))
        day.command(at: at(minute + 9)) { _, _ in }
        return day
    }

    /// A few more orders and moves from `time` on: what a process does next.
    mutating func goOn(from time: Timestamp) {
        let start = Double(time.millisecondsSince1970 - Sample.time.millisecondsSince1970) / Double(BoardDay.minute)
        for step in 0..<6 {
            let time = BoardDay.at(start + Double(step) * 1.5)
            order(step % 2 == 0 ? [("Mango Juice", 1)] : [("Banana Juice", 2), ("Kiwi Juice", 1)], at: time)
            switch step {
            case 1: perform(.pickup(nil), at: time)
            case 2: perform(.recall(nil), at: time)
            case 3: perform(.cancel(kiosk.board.map { $0.nextNumber - 1 } ?? 1), at: time)
            case 4: perform(.start(nil), at: time)
            default: perform(.bump(nil), at: time)
            }
        }
        command(at: BoardDay.at(start + 20)) { _, _ in }
    }
}

/// A snapshot keeps everything the journal folds: a kiosk started from a snapshot at any
/// record and the records after it is the kiosk folded from the first record.
@Suite struct SnapshotBoardTests {
    static let options = Journal.Options(durability: .written, segmentLimit: 8192, allocationChunk: 4096, snapshotInterval: 1 << 30)

    /// The whole state, compared part by part so a failure says which.
    static func expectSameState(_ restored: Kiosk, _ folded: Kiosk, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(restored.inventory == folded.inventory, "stock, \(context)", sourceLocation: sourceLocation)
        #expect(restored.retainedStock == folded.retainedStock, "retained stock, \(context)", sourceLocation: sourceLocation)
        #expect(restored.ledger.snapshot == folded.ledger.snapshot, "ledger and history, \(context)", sourceLocation: sourceLocation)
        #expect(restored.profiles == folded.profiles, "profiles, \(context)", sourceLocation: sourceLocation)
        #expect(restored.sequence == folded.sequence, "sequence, \(context)", sourceLocation: sourceLocation)
        #expect(restored.nextTicketNumber == folded.nextTicketNumber, "ticket numbers, \(context)", sourceLocation: sourceLocation)
        #expect(restored.board?.report == folded.board?.report, "board report, \(context)", sourceLocation: sourceLocation)
        #expect(restored.board?.now == folded.board?.now, "board time, \(context)", sourceLocation: sourceLocation)
        #expect(restored.board == folded.board, "board, \(context)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [true, false])
    func aKioskStartedFromASnapshotAtAnyRecordIsTheKioskFoldedFromTheStart(auto: Bool) throws {
        let day = try BoardDay.journal(auto: auto)
        let menu = day.kiosk.menu
        let kinds = Set(day.events.map(\.type))
        #expect(kinds.isSuperset(of: [.orderSucceeded, .orderFailed, .ticketStarted, .ticketReady, .ticketPickedUp, .ticketRecalled,
                                      .ticketCancelled, .ticketLate, .stockChanged]))

        let scratch = try ScratchDirectory()
        let journal = try Journal.open(scratch.state, options: Self.options).journal
        // positions[i]: where record i begins, the fold of the records before it.
        var positions: [UInt64] = [0]
        for record in day.records {
            _ = try journal.begin()
            journal.append(record)
            positions.append(try journal.commit())
        }
        var folded = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 5))
        for record in day.records { folded.apply(record) }
        let end = try #require(day.records.last?.time)
        var foldedGoingOn = BoardDay(folded)
        foldedGoingOn.goOn(from: end)
        #expect(foldedGoingOn.events.count > 12)

        let reopened = try Journal.open(scratch.state, options: Self.options)
        #expect(reopened.records == day.records)

        var prefix = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 6))
        for (index, position) in positions.enumerated() {
            if index > 0 { prefix.apply(day.records[index - 1]) }
            let taken = JournalSnapshot(position: position, kiosk: prefix.snapshot)
            let snapshot = try SnapshotCodec.encode(taken, format: .domain).withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
            #expect(snapshot == taken)
            var rest = Array(reopened.records[index...])
            if index % 32 == 0 || index == day.records.count {
                // Now and then the whole way: written as a snapshot file (which compacts the
                // journal), and read back with the records after it as a start reads them.
                try journal.writeSnapshot(taken, now: nil)
                let opened = try Journal.open(scratch.state, options: Self.options)
                #expect(opened.snapshot == taken)
                #expect(opened.records == rest)
                rest = opened.records
                // A process that fell behind compaction reloads from the snapshot.
                var reloaded = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 5)).reloaded(from: snapshot.kiosk)
                for record in rest { reloaded.apply(record) }
                Self.expectSameState(reloaded, folded, "reloaded from the snapshot before record \(index)")
            }
            var restored = Kiosk.restoring(snapshot.kiosk, menu: menu, ids: UUIDv7Generator(seed: 5)).kiosk
            Self.expectSameState(restored, prefix, "restored from the snapshot before record \(index)")

            // A process that starts from the snapshot goes on live exactly as the one that
            // wrote it would have: auto moves, marks and promises from the state restored.
            let point = max(index > 0 ? day.records[index - 1].time : Sample.time, prefix.board?.now ?? Sample.time)
            var prefixGoingOn = BoardDay(prefix)
            prefixGoingOn.goOn(from: point)
            var restoredGoingOnAtPoint = BoardDay(restored)
            restoredGoingOnAtPoint.goOn(from: point)
            #expect(restoredGoingOnAtPoint.events.map(\.brief) == prefixGoingOn.events.map(\.brief), "going on from the snapshot before record \(index)")
            Self.expectSameState(restoredGoingOnAtPoint.kiosk, prefixGoingOn.kiosk, "going on from the snapshot before record \(index)")

            for record in rest { restored.apply(record) }
            Self.expectSameState(restored, folded, "snapshot before record \(index)")

            var restoredGoingOn = BoardDay(restored)
            restoredGoingOn.goOn(from: end)
            #expect(restoredGoingOn.events.map(\.brief) == foldedGoingOn.events.map(\.brief), "going on, snapshot before record \(index)")
            Self.expectSameState(restoredGoingOn.kiosk, foldedGoingOn.kiosk, "going on, snapshot before record \(index)")
        }
    }
}

extension Event {
    /// An event's type, seq, time and ticket: what two kiosks going on alike make alike.
    var brief: String {
        let ticket: String = switch payload {
        case .orderSucceeded(let e): e.ticket.map { " \($0) promised \(e.promised?.millisecondsSince1970 ?? 0)" } ?? ""
        case .ticketStarted(let e): " \(e.ticket) \(e.station) \(e.prep)"
        case .ticketReady(let e), .ticketPickedUp(let e), .ticketRecalled(let e), .ticketLate(let e): " \(e.ticket)"
        case .ticketCancelled(let e): " \(e.ticket) from \(e.from.key) \(e.restocked) \(e.wasted)"
        case .stockChanged(let e): " \(e.ingredient) \(e.from)→\(e.to)"
        default: ""
        }
        return "\(sequence) \(type.rawValue)\(ticket) @\(time.millisecondsSince1970)"
    }
}

/// The board's section of a snapshot: where it goes, what it costs a snapshot without a
/// board, and that damage is refused, never trusted and never a trap.
@Suite struct SnapshotBoardCodecTests {
    /// The snapshot after the first `count` records of a day with the board in auto mode;
    /// at its end, tickets in every state, late ones, parts preparing and scheduled, marks
    /// to come, profiles.
    static func snapshot(after count: Int = .max) throws -> (menu: Menu, snapshot: JournalSnapshot) {
        let day = try BoardDay.journal(auto: true)
        var kiosk = Kiosk(menu: day.kiosk.menu, ids: UUIDv7Generator(seed: 1))
        for record in day.records.prefix(count) { kiosk.apply(record) }
        return (day.kiosk.menu, JournalSnapshot(position: 4096, kiosk: withoutTickets(kiosk.snapshot)))
    }

    /// `snapshot` with its history's tickets left out: the board's bytes come last, and
    /// section 9 has a test of its own.
    static func withoutTickets(_ snapshot: KioskSnapshot) -> KioskSnapshot {
        var stripped = snapshot
        stripped.ledger.history = snapshot.ledger.history.map {
            OrderRecord(sequence: $0.sequence, time: $0.time, lines: $0.lines, result: $0.result, price: $0.price)
        }
        return stripped
    }

    @Test func theHistorysTicketsAreSectionNineAfterTheBoard() throws {
        let day = try BoardDay.journal(auto: true)
        var kiosk = Kiosk(menu: day.kiosk.menu, ids: UUIDv7Generator(seed: 1))
        for record in day.records { kiosk.apply(record) }
        let taken = JournalSnapshot(position: 4096, kiosk: kiosk.snapshot.withoutLineTotals)
        let ticketed = taken.kiosk.ledger.history.filter { $0.ticket != nil }
        #expect(ticketed.count > 1 && ticketed.count == taken.kiosk.ledger.history.filter { if case .made = $0.result { true } else { false } }.count)
        let before = SnapshotCodec.encode(JournalSnapshot(position: 4096, kiosk: Self.withoutTickets(taken.kiosk)), format: .domain)
        var expected: [UInt8] = [9] + FormatBytes.varint(UInt64(ticketed.count))
        for record in ticketed { expected += FormatBytes.varint(record.sequence) + FormatBytes.varint(UInt64(record.ticket ?? 0)) }
        #expect(SnapshotCodec.encode(taken, format: .domain) == before + expected)
        #expect(try Self.decode(before + expected) == taken)
    }

    static func decode(_ bytes: some Collection<UInt8>) throws -> JournalSnapshot {
        try Array(bytes).withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
    }

    @Test func theBoardIsSectionTwoAfterTheProfilesAndReadsBackWhole() throws {
        let (_, taken) = try Self.snapshot()
        let board = try #require(taken.kiosk.board)
        #expect(Set(board.tickets.map(\.state)) == [.queued, .preparing, .ready, .pickedUp])
        #expect(!board.scheduled.isEmpty && !board.ageRuns.isEmpty && !board.recallable.isEmpty && board.lateCount > 0)
        #expect(board.states.count < board.nextNumber - board.firstNumber, "runs of states, not one per ticket")
        #expect(!taken.kiosk.profiles.isEmpty)
        var without = taken
        without.kiosk.board = nil
        let before = SnapshotCodec.encode(without, format: .domain)
        let bytes = SnapshotCodec.encode(taken, format: .domain)
        #expect(Array(bytes.prefix(before.count)) == before)
        #expect(bytes[before.count] == 2)
        #expect(try Self.decode(bytes) == taken)
        #expect(try Self.decode(before).kiosk.board == nil)
    }

    /// The bytes docs/STATE.md describes, for a board of one queued ticket.
    @Test func aBoardOfOneTicketIsTheBytesTheFormatDescribes() throws {
        let menu = try Menu(
            name: "Bar", ingredients: [Ingredient(name: "mango", initialStock: 5)],
            items: [Item(name: "Mango Juice", recipe: Recipe([.init(ingredient: 0, quantity: 1)]), prep: .seconds(120))],
            messages: MessageCatalog(templates: [:], board: true), stations: [Station(name: "bar")], board: BoardSettings()
        )
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        try kiosk.place(Order(item: 0, quantity: 1), at: Sample.time, emitting: &events)
        let board = try #require(kiosk.snapshot.board)
        var taken = JournalSnapshot(position: 1, kiosk: Self.withoutTickets(kiosk.snapshot))
        taken.kiosk.board = nil
        let before = SnapshotCodec.encode(taken, format: .domain)
        taken.kiosk.board = board

        typealias B = FormatBytes
        func signed(_ value: Int64) -> [UInt8] { B.varint(B.zigzag(value)) }
        let time = Sample.time.millisecondsSince1970
        let ready = time + 120_000
        var expected: [UInt8] = [2] + signed(2) + signed(1) + signed(time) + signed(300_000) + signed(480_000) + [0]
        expected += [1] + B.string("bar") + [1, 0] + [1] + signed(ready) + [0, 0]    // bar, staff 1, late 0, one hand
        expected += [1, 0, 1]                                                        // one run: 1 ticket queued
        expected += [1] + signed(1) + [0, 0] + signed(time) + signed(ready)          // ticket 1, queued, no flags
        expected += [1] + B.string("Mango Juice") + signed(1) + [0] + signed(120_000) // one line
        expected += [1, 0] + signed(120_000) + [0, 0]                                 // one part, queued, not started
        expected += [1] + B.string("mango") + signed(1) + [0]                         // consumed; unpriced
        expected += [0, 0, 0, 0, 0]                                                   // recall, waste, late, cancelled, scheduled
        expected += [1] + signed(300_000) + signed(480_000) + signed(2) + signed(1) + signed(1)  // ages
        #expect(SnapshotCodec.encode(taken, format: .domain) == before + expected)

        // A kiosk without a board: its numbers alone.
        let numbers = JournalSnapshot(position: 1, kiosk: KioskSnapshot(
            menuName: "x", sequence: 0, stock: [], ledger: LedgerSnapshot(madeOrders: 0, refusedOrders: 0), board: BoardSnapshot(numberingFrom: 7)
        ))
        let alone = [2] + signed(7) + signed(7) + signed(.min) + signed(300_000) + signed(480_000) + [0] + [UInt8](repeating: 0, count: 9)
        #expect(Array(SnapshotCodec.encode(numbers, format: .domain).suffix(alone.count)) == alone)
        #expect(try Self.decode(SnapshotCodec.encode(numbers, format: .domain)) == numbers)
    }

    @Test func aKioskThatNeverNumberedATicketWritesNoBoard() throws {
        let fresh = Kiosk(menu: try BoardDay.menu(auto: true), ids: UUIDv7Generator(seed: 1))
        #expect(fresh.snapshot.board == nil)
        let (withoutBoard, _) = try Sample.records()
        #expect(withoutBoard.snapshot.board == nil)
        // Deliveries (none) and no section: the bytes of a snapshot before boards were kept.
        #expect(SnapshotCodec.encode(JournalSnapshot(position: 7, kiosk: withoutBoard.snapshot.withoutLineTotals), format: .domain).last == 0)
    }

    @Test func everyTruncationOfTheBoardIsRefusedAndNoDamagedByteTraps() throws {
        let (menu, taken) = try Self.snapshot(after: 30)
        var without = taken
        without.kiosk.board = nil
        let start = SnapshotCodec.encode(without, format: .domain).count
        let bytes = SnapshotCodec.encode(taken, format: .domain)
        for length in (start + 1)..<bytes.count {
            #expect(throws: RecordDecodingError.self) { try Self.decode(bytes[0..<length]) }
        }
        var restored = 0
        for index in start..<bytes.count {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << bit
                guard let snapshot = try? Self.decode(damaged) else { continue }
                // Whatever reads as a board is one a kiosk can go on with.
                var kiosk = Kiosk.restoring(snapshot.kiosk, menu: menu, ids: UUIDv7Generator(seed: 1)).kiosk
                let later = BoardDay.at(120)
                var events: [Event] = []
                _ = kiosk.board?.listing(at: later)
                _ = kiosk.boardReport
                kiosk.advance(to: later, emitting: &events)
                _ = try? kiosk.perform(.bump(nil), at: later, emitting: &events)
                _ = try? kiosk.perform(.recall(nil), at: later, emitting: &events)
                _ = try? kiosk.perform(.cancel(kiosk.nextTicketNumber - 1), at: later, emitting: &events)
                _ = try? kiosk.place(Order([OrderLine(item: 0, quantity: 1), OrderLine(item: 1, quantity: 1)]), at: later, emitting: &events)
                restored += 1
            }
        }
        #expect(restored > 0)
    }

    /// Boards no kiosk could have had, each written as the codec writes any board.
    @Test func aBoardNoKioskCouldHaveIsRefusedSayingWhy() throws {
        let (_, taken) = try Self.snapshot()
        let board = try #require(taken.kiosk.board)
        let active = try #require(board.tickets.last { $0.state.isActive })
        let queued = try #require(board.tickets.first { $0.state == .queued })
        let damages: [(String, (inout BoardSnapshot) -> Void)] = [
            ("its ticket numbers are out of range", { $0.firstNumber = 0 }),
            ("its ticket numbers are out of range", { $0.nextNumber = $0.firstNumber + BoardSnapshot.maximumNumbers + 1 }),
            ("its ticket states do not add up", { $0.states[0].count += 1 }),
            ("its ticket states do not add up", { $0.states.append(BoardSnapshot.StateRun(.cancelled, count: 0)) }),
            ("station blender is not one a board has", { $0.stations[0].station = Station(name: "blender", staff: 0) }),
            ("its time is out of range", { $0.now = Timestamp(millisecondsSince1970: .min) }),
            ("its warn and late are out of range", { $0.settings = BoardSettings(warn: .milliseconds(-1), late: .seconds(60)) }),
            ("ticket \(queued.number) is not in its number's state", { board in
                board.tickets = board.tickets.map { $0.number == queued.number ? Self.ticket($0, state: .ready) : $0 }
            }),
            ("a ticket on the board is missing", { board in board.tickets.removeAll { $0.number == active.number } }),
            ("its tickets are out of order", { $0.tickets.reverse() }),
            ("its recall list is not the picked-up tickets it holds", { $0.recallable.append(queued.number) }),
            ("an age mark is outside its tickets", { $0.ageRuns[0].nextWarn = $0.firstNumber - 1 }),
        ]
        for (problem, damage) in damages {
            var damaged = taken
            damaged.kiosk.board = board
            damage(&damaged.kiosk.board!)
            #expect(throws: RecordDecodingError.malformed("the board: \(problem)"), "\(problem)") {
                try Self.decode(SnapshotCodec.encode(damaged, format: .domain))
            }
        }
        // A ticket with a part at a station the board does not have.
        var oneStation = taken
        oneStation.kiosk.board?.stations.removeLast()
        let atCounter = try #require(board.tickets.first { $0.stations.contains(1) })
        #expect(throws: RecordDecodingError.malformed("the board: ticket \(atCounter.number) has a part no board makes")) {
            try Self.decode(SnapshotCodec.encode(oneStation, format: .domain))
        }
    }

    /// A copy of `ticket` in another state, as a damaged snapshot could say.
    static func ticket(_ ticket: Ticket, state: TicketState) -> Ticket {
        var moved = ticket
        moved.state = state
        return moved
    }

    @Test func sectionsOutOfOrderOrTwiceAreRefused() throws {
        let (_, taken) = try Self.snapshot(after: 20)
        var boardOnly = taken
        boardOnly.kiosk.profiles = Profiles()
        var profilesOnly = taken
        profilesOnly.kiosk.board = nil
        var neither = profilesOnly
        neither.kiosk.profiles = Profiles()
        let base = SnapshotCodec.encode(neither, format: .domain)
        let profiles = Array(SnapshotCodec.encode(profilesOnly, format: .domain).dropFirst(base.count))
        let board = Array(SnapshotCodec.encode(boardOnly, format: .domain).dropFirst(base.count))
        #expect(try Self.decode(base + profiles + board) == taken)
        #expect(throws: RecordDecodingError.malformed("section 1 is out of order")) { try Self.decode(base + board + profiles) }
        #expect(throws: RecordDecodingError.malformed("section 2 is out of order")) { try Self.decode(base + board + board) }
    }

    /// A snapshot file whose checksum is right and whose board is not stops the start, as
    /// any snapshot that does not verify: nothing is trusted and nothing is changed.
    @Test func aSnapshotFileWithADamagedBoardStopsTheStart() throws {
        let scratch = try ScratchDirectory()
        let (_, taken) = try Self.snapshot(after: 40)
        var damaged = taken
        damaged.kiosk.board?.states[0].count += 1
        _ = try Journal.open(scratch.state, options: SnapshotBoardTests.options)
        try Snapshots.write(damaged, format: .domain, in: scratch.state)
        let path = scratch.state.snapshotPath(position: damaged.position)
        #expect(throws: JournalError.corruptSnapshot(file: path, problem: "the board: its ticket states do not add up")) {
            try Journal.open(scratch.state, options: SnapshotBoardTests.options)
        }
    }
}
