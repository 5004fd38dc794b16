/// What a board changes of a ticket as it moves, kept apart from its lines and what its
/// order took: plain values only, so reading or changing one copies a few words and
/// touches no reference count.
struct TicketRecord: Sendable, Hashable {
    let ordered: Timestamp
    let promised: Timestamp
    var state: TicketState
    var isLate = false
    var partCount: Int
    /// Part 0; the others are kept with the lines (`TicketStore.Extras`).
    var firstPart: Ticket.Part
    var started: Timestamp?
    var readyAt: Timestamp?
    var pickedUpAt: Timestamp?
}

/// The tickets a board holds, by number: flat storage indexed by `number - origin`, in
/// chunks of 64 slots.
///
/// Numbers only increase, so a new ticket goes at the end, and tickets leave the front
/// in amortized O(1): once the oldest ticket held leaves, the front moves past every
/// empty slot, and chunks wholly before it are dropped. A ticket that leaves from the
/// middle leaves an empty slot until the front reaches it. No lookup hashes.
///
/// Each slot is a `TicketRecord` (plain values: what moves) beside the ticket's lines,
/// other parts and what its order took, which only cancels, events and displays read.
///
/// Copies share their chunks (copy on write, a chunk at a time): a session that keeps the
/// kiosk as it was before each transaction copies a list of chunks, not every ticket, and
/// the first change after the copy copies one chunk of 64 tickets.
struct TicketStore {
    static var chunkShift: Int { 6 }
    static var chunkSize: Int { 1 << chunkShift }

    /// A ticket's parts after the first, its lines, and what its order took and cost.
    struct Extras: Sendable, Hashable {
        var otherParts: [Ticket.Part] = []
        var lines: [TicketLine] = []
        var consumed: [IngredientCount] = []
        var lineTotals: [Money] = []
    }

    /// Never changed while shared: a change to a shared chunk replaces it with a copy.
    private final class Chunk {
        // Only ever changed through a uniquely referenced chunk: no dynamic access check.
        @exclusivity(unchecked) var records: [TicketRecord?]
        @exclusivity(unchecked) var extras: [Extras]

        init(records: [TicketRecord?], extras: [Extras]) {
            self.records = records
            self.extras = extras
        }

        static func empty() -> Chunk {
            Chunk(records: Array(repeating: nil, count: TicketStore.chunkSize), extras: Array(repeating: Extras(), count: TicketStore.chunkSize))
        }

        func copy() -> Chunk {
            Chunk(records: records, extras: extras)
        }
    }

    private var chunks: [Chunk] = []
    /// Chunks before `head` are wholly before the front: dropped now and then, together.
    private var head = 0
    /// The number of the first slot of `chunks[0]`.
    private var origin = 0
    /// The smallest number that may still be held.
    private var front = 0
    /// One past the largest number ever held.
    private(set) var end = 0
    /// The last chunk of a window that emptied, kept for the next window: a board that
    /// empties and fills again allocates nothing.
    private var spare: Chunk?
    /// How many tickets are held.
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The numbers from the oldest ticket held to the newest: every ticket held is
    /// among them.
    var numbers: Range<Int> { count == 0 ? end..<end : front..<end }

    /// The moving part of the ticket numbered `number`, if it is held.
    subscript(number: Int) -> TicketRecord? {
        guard let (chunk, slot) = location(of: number) else { return nil }
        return chunks[chunk].records[slot]
    }

    /// Changes the moving part of the ticket numbered `number`, if it is held. (A plain
    /// function the optimizer inlines, where a `_modify` accessor stayed a coroutine call
    /// that copied the record twice.)
    @inline(__always)
    mutating func update(_ number: Int, _ change: (inout TicketRecord) -> Void) {
        guard let (chunk, slot) = location(of: number), chunks[chunk].records[slot] != nil else { return }
        makeUnique(chunk)
        guard var record = chunks[chunk].records[slot] else { return }
        change(&record)
        chunks[chunk].records[slot] = record
    }

    /// The whole ticket numbered `number`, if it is held.
    func ticket(_ number: Int) -> Ticket? {
        guard let (chunk, slot) = location(of: number), let record = chunks[chunk].records[slot] else { return nil }
        let extras = chunks[chunk].extras[slot]
        return Ticket(
            number: number, lines: extras.lines, ordered: record.ordered, promised: record.promised, state: record.state,
            firstPart: record.firstPart, otherParts: extras.otherParts, started: record.started, readyAt: record.readyAt,
            pickedUpAt: record.pickedUpAt, isLate: record.isLate, consumed: extras.consumed, lineTotals: extras.lineTotals
        )
    }

    /// Part `index` of the ticket numbered `number`.
    func part(_ number: Int, _ index: Int) -> Ticket.Part? {
        guard let (chunk, slot) = location(of: number), let record = chunks[chunk].records[slot],
              index >= 0, index < record.partCount else { return nil }
        return index == 0 ? record.firstPart : chunks[chunk].extras[slot].otherParts[index - 1]
    }

    /// The stations of the ticket's parts after the first, in order.
    func otherParts(_ number: Int) -> [Ticket.Part] {
        guard let (chunk, slot) = location(of: number) else { return [] }
        return chunks[chunk].extras[slot].otherParts
    }

    /// Changes part `index` of the ticket numbered `number`, if it has one.
    mutating func updatePart(_ number: Int, _ index: Int, _ change: (inout Ticket.Part) -> Void) {
        guard let (chunk, slot) = location(of: number), let record = chunks[chunk].records[slot],
              index >= 0, index < record.partCount else { return }
        makeUnique(chunk)
        if index == 0 {
            var part = record.firstPart
            change(&part)
            chunks[chunk].records[slot]?.firstPart = part
        } else {
            change(&chunks[chunk].extras[slot].otherParts[index - 1])
        }
    }

    /// Whether every part of the ticket is done.
    func allPartsReady(_ number: Int) -> Bool {
        guard let (chunk, slot) = location(of: number), let record = chunks[chunk].records[slot] else { return false }
        return record.firstPart.state == .ready && chunks[chunk].extras[slot].otherParts.allSatisfy { $0.state == .ready }
    }

    /// Adds `ticket` at its number, which is at least `end` (numbers only increase; a
    /// smaller one is ignored); the numbers skipped between are empty.
    mutating func append(_ ticket: Ticket) {
        let number = ticket.number
        guard number >= end else { return }
        if count == 0 {
            // Nothing held: start the window afresh at this number, keeping a chunk.
            if spare == nil, !chunks.isEmpty, isKnownUniquelyReferenced(&chunks[chunks.count - 1]) {
                // Every slot is empty, its extras too: nothing is held.
                spare = chunks[chunks.count - 1]
            }
            chunks.removeAll(keepingCapacity: true)
            head = 0
            origin = number
            front = number
        }
        let index = number - origin
        while index >> Self.chunkShift >= chunks.count { chunks.append(takeSpare()) }
        let chunk = index >> Self.chunkShift
        let slot = index & (Self.chunkSize - 1)
        makeUnique(chunk)
        chunks[chunk].records[slot] = TicketRecord(
            ordered: ticket.ordered, promised: ticket.promised, state: ticket.state, isLate: ticket.isLate,
            partCount: ticket.partCount, firstPart: ticket.firstPart, started: ticket.started, readyAt: ticket.readyAt,
            pickedUpAt: ticket.pickedUpAt
        )
        if !(ticket.otherParts.isEmpty && ticket.lines.isEmpty && ticket.consumed.isEmpty && ticket.lineTotals.isEmpty) {
            chunks[chunk].extras[slot] = Extras(otherParts: ticket.otherParts, lines: ticket.lines, consumed: ticket.consumed, lineTotals: ticket.lineTotals)
        }
        count += 1
        end = number + 1
    }

    /// Removes the ticket numbered `number` and returns it, if it was held.
    @discardableResult
    mutating func remove(_ number: Int) -> Ticket? {
        guard let (chunk, slot) = location(of: number), let ticket = ticket(number) else { return nil }
        makeUnique(chunk)
        chunks[chunk].records[slot] = nil
        chunks[chunk].extras[slot] = Extras()
        didRemove(number)
        return ticket
    }

    /// Removes the ticket numbered `number`, without returning it.
    mutating func drop(_ number: Int) {
        guard let (chunk, slot) = location(of: number), chunks[chunk].records[slot] != nil else { return }
        makeUnique(chunk)
        chunks[chunk].records[slot] = nil
        chunks[chunk].extras[slot] = Extras()
        didRemove(number)
    }

    /// The tickets held, in number order.
    var tickets: [Ticket] {
        var result: [Ticket] = []
        result.reserveCapacity(count)
        guard count > 0 else { return result }
        for number in front..<end {
            if let ticket = ticket(number) { result.append(ticket) }
        }
        return result
    }

    // MARK: Storage

    private func location(of number: Int) -> (chunk: Int, slot: Int)? {
        guard number >= front, number < end else { return nil }
        let index = number - origin
        return (index >> Self.chunkShift, index & (Self.chunkSize - 1))
    }

    private mutating func makeUnique(_ chunk: Int) {
        if !isKnownUniquelyReferenced(&chunks[chunk]) {
            chunks[chunk] = chunks[chunk].copy()
        }
    }

    private mutating func takeSpare() -> Chunk {
        if let chunk = spare {
            spare = nil
            return chunk
        }
        return Chunk.empty()
    }

    /// After a removal: the front moves past empty slots, and chunks before it go.
    private mutating func didRemove(_ number: Int) {
        count -= 1
        guard number == front else { return }
        if count == 0 {
            front = end
        } else {
            while front < end, self[front] == nil { front += 1 }
        }
        // Every slot of a chunk before the front is empty already.
        head = max(head, min((front - origin) >> Self.chunkShift, chunks.count))
        if head >= 16, head * 2 >= chunks.count {
            chunks.removeFirst(head)
            origin += head << Self.chunkShift
            head = 0
        }
    }
}

extension TicketStore: Equatable {
    /// Equal when the same tickets are held, however the storage is laid out.
    static func == (lhs: TicketStore, rhs: TicketStore) -> Bool {
        lhs.count == rhs.count && lhs.tickets == rhs.tickets
    }
}

// Chunks are shared between copies but never changed while shared (copy on write), so a
// copy sent to another thread sees only values.
extension TicketStore: @unchecked Sendable {}
