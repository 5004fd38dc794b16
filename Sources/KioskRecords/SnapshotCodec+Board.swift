import KioskCore

/// Section 2 of a snapshot: the order board (`BoardSnapshot`).
///
/// ```
/// board    = next:signed first:signed now:signed warn:signed late:signed auto:u8   (ms)
///            count (name:string staff:varint late:varint projection toReady toPickup)*
///            count (state:u8 tickets:varint)*        every number from first, in runs
///            count ticket*
///            count (number:signed)*                  the recall list, oldest first
///            count (ingredient:string count:signed)* waste
///            late:varint cancelled:varint
///            count (time:signed ticket:signed part:varint)*   auto parts, in firing order
///            count (warn:signed late:signed end:signed nextWarn:signed nextLate:signed)*
/// projection, toReady, toPickup = count signed*
/// ticket   = number:signed state:u8 flags:u8 ordered:signed promised:signed
///            [started:signed] [readyAt:signed] [pickedUpAt:signed]   flags 1, 2, 4; 8 late
///            count (line station:signed prep:signed)*      (a line as `LineCodec` writes it)
///            count (station:varint prep:signed state:u8 started:u8 [started:signed])*
///            count (ingredient:string count:signed)* count (total:signed)*
/// ```
///
/// A kiosk whose menu has no board writes its ticket numbers alone: no stations and
/// nothing after them. Whatever the bytes say must be a board some kiosk could have had
/// (`BoardSnapshot.inconsistency`), or the snapshot is malformed.
extension SnapshotCodec {
    private enum TicketFlag {
        static let started: UInt8 = 1
        static let readyAt: UInt8 = 2
        static let pickedUpAt: UInt8 = 4
        static let late: UInt8 = 8
        static let all: UInt8 = 15
    }

    static func encode(_ board: BoardSnapshot, into writer: inout ByteWriter) {
        writer.int(board.nextNumber)
        writer.int(board.firstNumber)
        writer.signed(board.now.millisecondsSince1970)
        writer.signed(board.settings.warn.milliseconds)
        writer.signed(board.settings.late.milliseconds)
        writer.byte(board.settings.auto ? 1 : 0)
        writer.varint(UInt64(board.stations.count))
        for record in board.stations {
            writer.string(record.station.name)
            writer.varint(UInt64(max(record.station.staff, 0)))
            writer.varint(UInt64(max(record.late, 0)))
            for times in [record.projection, record.toReady, record.toPickup] { writeTimes(times, into: &writer) }
        }
        writer.varint(UInt64(board.states.count))
        for run in board.states {
            writer.byte(run.state.rawValue)
            writer.varint(UInt64(max(run.count, 0)))
        }
        writer.varint(UInt64(board.tickets.count))
        for ticket in board.tickets { encode(ticket, into: &writer) }
        writer.varint(UInt64(board.recallable.count))
        for number in board.recallable { writer.int(number) }
        writeCounts(board.waste, into: &writer)
        writer.varint(UInt64(max(board.lateCount, 0)))
        writer.varint(UInt64(max(board.cancelledCount, 0)))
        writer.varint(UInt64(board.scheduled.count))
        for part in board.scheduled {
            writer.signed(part.time.millisecondsSince1970)
            writer.int(part.ticket)
            writer.varint(UInt64(max(part.part, 0)))
        }
        writer.varint(UInt64(board.ageRuns.count))
        for run in board.ageRuns {
            writer.signed(run.warn)
            writer.signed(run.late)
            writer.int(run.end)
            writer.int(run.nextWarn)
            writer.int(run.nextLate)
        }
    }

    private static func encode(_ ticket: Ticket, into writer: inout ByteWriter) {
        writer.int(ticket.number)
        writer.byte(ticket.state.rawValue)
        var flags: UInt8 = 0
        if ticket.started != nil { flags |= TicketFlag.started }
        if ticket.readyAt != nil { flags |= TicketFlag.readyAt }
        if ticket.pickedUpAt != nil { flags |= TicketFlag.pickedUpAt }
        if ticket.isLate { flags |= TicketFlag.late }
        writer.byte(flags)
        writer.signed(ticket.ordered.millisecondsSince1970)
        writer.signed(ticket.promised.millisecondsSince1970)
        for time in [ticket.started, ticket.readyAt, ticket.pickedUpAt] {
            if let time { writer.signed(time.millisecondsSince1970) }
        }
        writer.varint(UInt64(ticket.lines.count))
        for line in ticket.lines {
            LineCodec.encode(item: line.item, quantity: line.quantity, choice: line.choice, into: &writer)
            writer.int(line.station)
            writer.signed(line.prep)
        }
        writer.varint(UInt64(ticket.parts.count))
        for part in ticket.parts {
            writer.varint(UInt64(max(part.station, 0)))
            writer.signed(part.prep)
            writer.byte(part.state.rawValue)
            writer.byte(part.started == nil ? 0 : 1)
            if let started = part.started { writer.signed(started.millisecondsSince1970) }
        }
        writeCounts(ticket.consumed, into: &writer)
        writer.varint(UInt64(ticket.lineTotals.count))
        for total in ticket.lineTotals { writer.int(total.hundredths) }
    }

    private static func writeTimes(_ times: [Int64], into writer: inout ByteWriter) {
        writer.varint(UInt64(times.count))
        for time in times { writer.signed(time) }
    }

    private static func writeCounts(_ counts: [IngredientCount], into writer: inout ByteWriter) {
        writer.varint(UInt64(counts.count))
        for entry in counts {
            writer.string(entry.ingredient)
            writer.int(entry.count)
        }
    }

    // MARK: Reading

    /// Reads a board section and checks it is one a board could have been.
    static func decodeBoard(_ reader: inout ByteReader) throws(RecordDecodingError) -> BoardSnapshot {
        let next = try reader.int()
        let first = try reader.int()
        let now = Timestamp(millisecondsSince1970: try reader.signed())
        let settings = BoardSettings(warn: .milliseconds(try reader.signed()), late: .milliseconds(try reader.signed()), auto: try flag(&reader))
        var stations: [BoardSnapshot.StationRecord] = []
        for _ in 0..<(try reader.count(minimumBytes: 6)) {
            let station = Station(name: try reader.string(), staff: try natural(&reader))
            let late = try natural(&reader)
            let projection = try readTimes(&reader)
            let toReady = try readTimes(&reader)
            stations.append(BoardSnapshot.StationRecord(
                station: station, projection: projection, toReady: toReady, toPickup: try readTimes(&reader), late: late
            ))
        }
        var states: [BoardSnapshot.StateRun] = []
        for _ in 0..<(try reader.count(minimumBytes: 2)) {
            states.append(BoardSnapshot.StateRun(try state(&reader), count: try natural(&reader)))
        }
        var tickets: [Ticket] = []
        for _ in 0..<(try reader.count(minimumBytes: 9)) { tickets.append(try decodeTicket(&reader)) }
        var recallable: [Int] = []
        for _ in 0..<(try reader.count()) { recallable.append(try reader.int()) }
        let waste = try readCounts(&reader)
        let lateCount = try natural(&reader)
        let cancelledCount = try natural(&reader)
        var scheduled: [BoardSnapshot.ScheduledPart] = []
        for _ in 0..<(try reader.count(minimumBytes: 3)) {
            scheduled.append(BoardSnapshot.ScheduledPart(
                time: Timestamp(millisecondsSince1970: try reader.signed()), ticket: try reader.int(), part: try natural(&reader)
            ))
        }
        var ageRuns: [BoardSnapshot.AgeRun] = []
        for _ in 0..<(try reader.count(minimumBytes: 5)) {
            ageRuns.append(BoardSnapshot.AgeRun(
                warn: try reader.signed(), late: try reader.signed(), end: try reader.int(), nextWarn: try reader.int(), nextLate: try reader.int()
            ))
        }
        let board = BoardSnapshot(
            settings: settings, nextNumber: next, firstNumber: first, now: now, stations: stations, states: states, tickets: tickets,
            recallable: recallable, waste: waste, lateCount: lateCount, cancelledCount: cancelledCount, scheduled: scheduled, ageRuns: ageRuns
        )
        if let problem = board.inconsistency { throw .malformed("the board: \(problem)") }
        return board
    }

    private static func decodeTicket(_ reader: inout ByteReader) throws(RecordDecodingError) -> Ticket {
        let number = try reader.int()
        let state = try state(&reader)
        let flags = try reader.byte()
        guard flags & ~TicketFlag.all == 0 else { throw .malformed("a ticket's flags are unknown") }
        let ordered = Timestamp(millisecondsSince1970: try reader.signed())
        let promised = Timestamp(millisecondsSince1970: try reader.signed())
        func time(_ flag: UInt8) throws(RecordDecodingError) -> Timestamp? {
            flags & flag == 0 ? nil : Timestamp(millisecondsSince1970: try reader.signed())
        }
        let started = try time(TicketFlag.started)
        let readyAt = try time(TicketFlag.readyAt)
        let pickedUpAt = try time(TicketFlag.pickedUpAt)
        var lines: [TicketLine] = []
        for _ in 0..<(try reader.count(minimumBytes: 4)) {
            let line = try LineCodec.decode(&reader)
            lines.append(TicketLine(item: line.item, quantity: line.quantity, station: try reader.int(), prep: try reader.signed(), choice: line.choice))
        }
        var parts: [Ticket.Part] = []
        for _ in 0..<(try reader.count(minimumBytes: 4)) {
            let station = try natural(&reader)
            let prep = try reader.signed()
            let partState = try Self.state(&reader)
            let partStarted = try flag(&reader) ? Timestamp(millisecondsSince1970: try reader.signed()) : nil
            parts.append(Ticket.Part(station: station, prep: prep, state: partState, started: partStarted))
        }
        guard let firstPart = parts.first else { throw .malformed("a ticket has no part") }
        let consumed = try readCounts(&reader)
        var lineTotals: [Money] = []
        for _ in 0..<(try reader.count()) { lineTotals.append(Money(hundredths: try reader.int())) }
        return Ticket(
            number: number, lines: lines, ordered: ordered, promised: promised, state: state, firstPart: firstPart,
            otherParts: Array(parts.dropFirst()), started: started, readyAt: readyAt, pickedUpAt: pickedUpAt,
            isLate: flags & TicketFlag.late != 0, consumed: consumed, lineTotals: lineTotals
        )
    }

    /// A varint that is a count or an index: at most `Int.max`.
    private static func natural(_ reader: inout ByteReader) throws(RecordDecodingError) -> Int {
        guard let value = Int(exactly: try reader.varint()) else { throw .malformed("a number is too large") }
        return value
    }

    private static func flag(_ reader: inout ByteReader) throws(RecordDecodingError) -> Bool {
        switch try reader.byte() {
        case 0: false
        case 1: true
        default: throw .malformed("a flag is neither 0 nor 1")
        }
    }

    private static func state(_ reader: inout ByteReader) throws(RecordDecodingError) -> TicketState {
        guard let state = TicketState(rawValue: try reader.byte()) else { throw .malformed("an unknown ticket state") }
        return state
    }

    private static func readTimes(_ reader: inout ByteReader) throws(RecordDecodingError) -> [Int64] {
        var times: [Int64] = []
        for _ in 0..<(try reader.count()) { times.append(try reader.signed()) }
        return times
    }

    private static func readCounts(_ reader: inout ByteReader) throws(RecordDecodingError) -> [IngredientCount] {
        var counts: [IngredientCount] = []
        for _ in 0..<(try reader.count(minimumBytes: 2)) {
            counts.append(IngredientCount(ingredient: try reader.string(), count: try reader.int()))
        }
        return counts
    }
}
