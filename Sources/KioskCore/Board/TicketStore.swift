/// What a board keeps of a ticket in its slot: a few words of plain values, so a slot
/// costs no allocation, no reference count, and nothing to free.
///
/// A ticket of one line (the usual order) keeps that line here: its item as an index
/// into the store's names, and what its order took and cost as an index into the
/// store's shared entries. Other tickets keep their lines, later parts and what their
/// order took beside the slot (`TicketStore.Extras`).
struct TicketRecord: Sendable, Hashable {
    private static let hasStarted: UInt8 = 1
    private static let hasReadyAt: UInt8 = 2
    private static let hasPickedUpAt: UInt8 = 4
    private static let firstPartHasStarted: UInt8 = 8

    var orderedMilliseconds: Int64
    var promisedMilliseconds: Int64
    private var startedMilliseconds: Int64 = 0
    private var readyAtMilliseconds: Int64 = 0
    private var pickedUpAtMilliseconds: Int64 = 0
    private var firstPartStartedMilliseconds: Int64 = 0
    private var firstPartPrep: Int64
    /// The prep of the ticket's one line, when it is kept here.
    var linePrep: Int64 = 0
    /// The quantity of the ticket's one line, when it is kept here.
    var lineQuantity: Int = 0
    /// The item of the ticket's one line in `TicketStore.names`; -1 when the lines are
    /// kept in the extras.
    var item: Int32 = -1
    var lineStation: Int32 = 0
    private var firstPartStation: Int32
    /// What the order took and cost, in `TicketStore.shared`; -1 when kept in the extras
    /// (or when both are empty).
    var shared: Int32 = -1
    private var parts: Int32
    var state: TicketState
    private var firstPartState: TicketState
    var isLate = false
    /// Whether the slot has extras.
    var hasExtras = false
    /// Whether the slot holds a ticket.
    var isHeld = true
    private var flags: UInt8 = 0

    /// An empty slot.
    static let empty: TicketRecord = {
        var record = TicketRecord(ordered: 0, promised: 0, state: .cancelled, firstPart: Ticket.Part(station: 0, prep: 0, state: .ready, started: nil), partCount: 1)
        record.isHeld = false
        return record
    }()

    init(ordered: Int64, promised: Int64, state: TicketState, firstPart: Ticket.Part, partCount: Int) {
        orderedMilliseconds = ordered
        promisedMilliseconds = promised
        self.state = state
        firstPartStation = Int32(truncatingIfNeeded: firstPart.station)
        firstPartPrep = firstPart.prep
        firstPartState = firstPart.state
        parts = Int32(truncatingIfNeeded: partCount)
        if let started = firstPart.started {
            firstPartStartedMilliseconds = started.millisecondsSince1970
            flags |= Self.firstPartHasStarted
        }
    }

    var ordered: Timestamp { Timestamp(millisecondsSince1970: orderedMilliseconds) }
    var promised: Timestamp { Timestamp(millisecondsSince1970: promisedMilliseconds) }
    var partCount: Int { Int(parts) }

    var started: Timestamp? {
        get { time(startedMilliseconds, Self.hasStarted) }
        set { (startedMilliseconds, flags) = Self.stored(newValue, Self.hasStarted, in: flags) }
    }

    var readyAt: Timestamp? {
        get { time(readyAtMilliseconds, Self.hasReadyAt) }
        set { (readyAtMilliseconds, flags) = Self.stored(newValue, Self.hasReadyAt, in: flags) }
    }

    var pickedUpAt: Timestamp? {
        get { time(pickedUpAtMilliseconds, Self.hasPickedUpAt) }
        set { (pickedUpAtMilliseconds, flags) = Self.stored(newValue, Self.hasPickedUpAt, in: flags) }
    }

    /// Part 0: the others are kept in the extras.
    var firstPart: Ticket.Part {
        get {
            Ticket.Part(
                station: Int(firstPartStation), prep: firstPartPrep, state: firstPartState,
                started: time(firstPartStartedMilliseconds, Self.firstPartHasStarted)
            )
        }
        set {
            firstPartStation = Int32(truncatingIfNeeded: newValue.station)
            firstPartPrep = newValue.prep
            firstPartState = newValue.state
            (firstPartStartedMilliseconds, flags) = Self.stored(newValue.started, Self.firstPartHasStarted, in: flags)
        }
    }

    var firstPartStationIndex: Int { Int(firstPartStation) }
    var firstPartIsReady: Bool { firstPartState == .ready }

    private func time(_ milliseconds: Int64, _ flag: UInt8) -> Timestamp? {
        flags & flag == 0 ? nil : Timestamp(millisecondsSince1970: milliseconds)
    }

    /// A time and the flags that say it is there.
    private static func stored(_ value: Timestamp?, _ flag: UInt8, in flags: UInt8) -> (Int64, UInt8) {
        guard let value else { return (0, flags & ~flag) }
        return (value.millisecondsSince1970, flags | flag)
    }
}

/// The tickets a board holds, by number: flat storage indexed by `number - origin`, in
/// chunks of 64 slots.
///
/// Numbers only increase, so a new ticket goes at the end, and tickets leave the front
/// in amortized O(1): once the oldest ticket held leaves, the front moves past every
/// empty slot, and chunks wholly before it are dropped. A ticket that leaves from the
/// middle leaves an empty slot until the front reaches it. No lookup hashes.
///
/// Each slot is a `TicketRecord` of plain values. A ticket of one line keeps it in the
/// slot, its item named by an index into `names` and what its order took and cost by an
/// index into `shared` (one entry for every ticket of an item whose order took and cost
/// the same): a million such tickets are a million slots and nothing else. A ticket of
/// several lines or stations keeps them beside its slot, in the chunk's `Extras`.
///
/// Copies share their chunks (copy on write, a chunk at a time): a session that keeps the
/// kiosk as it was before each transaction copies a list of chunks, not every ticket, and
/// the first change after the copy copies one chunk of 64 tickets.
struct TicketStore {
    static var chunkShift: Int { 6 }
    static var chunkSize: Int { 1 << chunkShift }
    /// At most this many shared entries; further tickets keep theirs in the extras.
    static var sharedLimit: Int { 4096 }

    /// A ticket's parts after the first, and its lines and what its order took and cost
    /// when they are not in its slot.
    struct Extras: Sendable, Hashable {
        var otherParts: [Ticket.Part] = []
        var lines: [TicketLine] = []
        var consumed: [IngredientCount] = []
        var lineTotals: [Money] = []
    }

    /// What an order took from stock and what its lines cost, shared by tickets.
    struct Shared: Sendable, Hashable {
        let consumed: [IngredientCount]
        let lineTotals: [Money]
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

    /// Item names, each once; a slot names its item by index. Only ever grows.
    private var names: [String] = []
    private var nameIndex: [String: Int32] = [:]
    /// For a caller's item number (a menu's item index), the name it was last seen with.
    private var hinted: [Int32] = []
    private var shared: [Shared] = []
    /// For each name, the shared entry its tickets last used, or -1.
    private var sharedByName: [Int32] = []

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The numbers from the oldest ticket held to the newest: every ticket held is
    /// among them.
    var numbers: Range<Int> { count == 0 ? end..<end : front..<end }

    /// The slot of the ticket numbered `number`, if it is held.
    subscript(number: Int) -> TicketRecord? {
        guard let (chunk, slot) = location(of: number) else { return nil }
        let record = chunks[chunk].records[slot]
        return record.isHeld ? record : nil
    }

    /// Changes the slot of the ticket numbered `number`, if it is held.
    @inline(__always)
    mutating func update(_ number: Int, _ change: (inout TicketRecord) -> Void) {
        guard let (chunk, slot) = location(of: number), chunks[chunk].records[slot].isHeld else { return }
        makeUnique(chunk)
        change(&chunks[chunk].records[slot])
    }

    /// The whole ticket numbered `number`, if it is held.
    func ticket(_ number: Int) -> Ticket? {
        guard let (chunk, slot) = location(of: number) else { return nil }
        let record = chunks[chunk].records[slot]
        guard record.isHeld else { return nil }
        let extras = record.hasExtras ? chunks[chunk].extras[slot] : Extras()
        let lines = record.item >= 0 ? [line(of: record)] : extras.lines
        let common = record.shared >= 0 ? shared[Int(record.shared)] : Shared(consumed: extras.consumed, lineTotals: extras.lineTotals)
        return Ticket(
            number: number, lines: lines, ordered: record.ordered, promised: record.promised, state: record.state,
            firstPart: record.firstPart, otherParts: extras.otherParts, started: record.started, readyAt: record.readyAt,
            pickedUpAt: record.pickedUpAt, isLate: record.isLate, consumed: common.consumed, lineTotals: common.lineTotals
        )
    }

    private func line(of record: TicketRecord) -> TicketLine {
        TicketLine(item: names[Int(record.item)], quantity: record.lineQuantity, station: Int(record.lineStation), prep: record.linePrep)
    }

    /// Part `index` of the ticket numbered `number`.
    func part(_ number: Int, _ index: Int) -> Ticket.Part? {
        guard let record = self[number], index >= 0, index < record.partCount else { return nil }
        if index == 0 { return record.firstPart }
        guard let (chunk, slot) = location(of: number) else { return nil }
        return chunks[chunk].extras[slot].otherParts[index - 1]
    }

    /// The ticket's parts after the first, in order.
    func otherParts(_ number: Int) -> [Ticket.Part] {
        guard let record = self[number], record.hasExtras, let (chunk, slot) = location(of: number) else { return [] }
        return chunks[chunk].extras[slot].otherParts
    }

    /// The station of the ticket's first part, and its other parts: for the usual ticket
    /// of one part, no array is made.
    func stations(of number: Int) -> (first: Int, others: [Ticket.Part])? {
        guard let record = self[number] else { return nil }
        return (record.firstPartStationIndex, record.partCount > 1 ? otherParts(number) : [])
    }

    /// Changes part `index` of the ticket numbered `number`, if it has one.
    mutating func updatePart(_ number: Int, _ index: Int, _ change: (inout Ticket.Part) -> Void) {
        guard let record = self[number], index >= 0, index < record.partCount, let (chunk, slot) = location(of: number) else { return }
        makeUnique(chunk)
        if index == 0 {
            var part = record.firstPart
            change(&part)
            chunks[chunk].records[slot].firstPart = part
        } else {
            change(&chunks[chunk].extras[slot].otherParts[index - 1])
        }
    }

    /// Whether every part of the ticket is done.
    func allPartsReady(_ number: Int) -> Bool {
        guard let record = self[number] else { return false }
        guard record.firstPartIsReady else { return false }
        return record.partCount == 1 || otherParts(number).allSatisfy { $0.state == .ready }
    }

    /// Adds `ticket` at its number, which is at least `end` (numbers only increase; a
    /// smaller one is ignored); the numbers skipped between are empty.
    mutating func append(_ ticket: Ticket) {
        guard ticket.number >= end else { return }
        var record = TicketRecord(
            ordered: ticket.ordered.millisecondsSince1970, promised: ticket.promised.millisecondsSince1970, state: ticket.state,
            firstPart: ticket.firstPart, partCount: ticket.partCount
        )
        record.started = ticket.started
        record.readyAt = ticket.readyAt
        record.pickedUpAt = ticket.pickedUpAt
        record.isLate = ticket.isLate
        var extras = Extras(otherParts: ticket.otherParts)
        if ticket.lines.count == 1, keepInline(ticket.lines[0], hint: nil, consumed: ticket.consumed, lineTotals: ticket.lineTotals, in: &record) {
            // In the slot and the shared entries.
        } else {
            extras.lines = ticket.lines
            extras.consumed = ticket.consumed
            extras.lineTotals = ticket.lineTotals
        }
        place(record, extras: extras, at: ticket.number)
    }

    /// Adds a ticket of one line and one part at `number`, at least `end`: what a kiosk's
    /// usual order makes, with no array for its lines or parts.
    ///
    /// - Parameter hint: the line's item as the caller numbers its items (a menu's index),
    ///   so its name is found without hashing.
    mutating func append(
        _ number: Int, line: TicketLine, hint: Int?, part: Ticket.Part, ordered: Int64, promised: Int64,
        consumed: [IngredientCount], lineTotals: [Money]
    ) {
        guard number >= end else { return }
        var record = TicketRecord(ordered: ordered, promised: promised, state: .queued, firstPart: part, partCount: 1)
        var extras = Extras()
        if !keepInline(line, hint: hint, consumed: consumed, lineTotals: lineTotals, in: &record) {
            extras = Extras(lines: [line], consumed: consumed, lineTotals: lineTotals)
        }
        place(record, extras: extras, at: number)
    }

    /// Removes the ticket numbered `number` and returns it, if it was held.
    @discardableResult
    mutating func remove(_ number: Int) -> Ticket? {
        guard let ticket = ticket(number) else { return nil }
        drop(number)
        return ticket
    }

    /// Removes the ticket numbered `number`, without returning it.
    mutating func drop(_ number: Int) {
        guard let (chunk, slot) = location(of: number), chunks[chunk].records[slot].isHeld else { return }
        makeUnique(chunk)
        if chunks[chunk].records[slot].hasExtras { chunks[chunk].extras[slot] = Extras() }
        chunks[chunk].records[slot] = .empty
        didRemove(number)
    }

    /// The tickets held, in number order.
    var tickets: [Ticket] {
        var result: [Ticket] = []
        result.reserveCapacity(count)
        for number in numbers {
            if let ticket = ticket(number) { result.append(ticket) }
        }
        return result
    }

    // MARK: Names and shared entries

    /// Puts a ticket's one line, and what its order took and cost, in its slot: `false`
    /// when they do not fit there (a station or name past what a slot numbers, or no
    /// shared entry left).
    private mutating func keepInline(
        _ line: TicketLine, hint: Int?, consumed: [IngredientCount], lineTotals: [Money], in record: inout TicketRecord
    ) -> Bool {
        guard let station = Int32(exactly: line.station), let item = intern(line.item, hint: hint) else { return false }
        var common: Int32 = -1
        if !(consumed.isEmpty && lineTotals.isEmpty) {
            guard let found = share(consumed, lineTotals, item: item) else { return false }
            common = found
        }
        record.item = item
        record.lineStation = station
        record.linePrep = line.prep
        record.lineQuantity = line.quantity
        record.shared = common
        return true
    }

    /// The index of `name` in `names`, added if new.
    private mutating func intern(_ name: String, hint: Int?) -> Int32? {
        // Comparing a name with itself is a comparison of two words.
        if let hint, hint >= 0, hint < hinted.count, hinted[hint] >= 0, names[Int(hinted[hint])] == name { return hinted[hint] }
        let index: Int32
        if let known = nameIndex[name] {
            index = known
        } else {
            guard let next = Int32(exactly: names.count), next < .max else { return nil }
            index = next
            names.append(name)
            nameIndex[name] = index
            sharedByName.append(-1)
        }
        if let hint, hint >= 0, hint < 1 << 20 {
            if hint >= hinted.count { hinted.append(contentsOf: repeatElement(-1, count: hint + 1 - hinted.count)) }
            hinted[hint] = index
        }
        return index
    }

    /// The shared entry for what an order of `item` took and cost: the item's last one
    /// when equal (the usual case: the same array as the menu made it), else a new one.
    private mutating func share(_ consumed: [IngredientCount], _ lineTotals: [Money], item: Int32) -> Int32? {
        let last = sharedByName[Int(item)]
        if last >= 0, shared[Int(last)].consumed == consumed, shared[Int(last)].lineTotals == lineTotals { return last }
        guard shared.count < Self.sharedLimit, let index = Int32(exactly: shared.count) else { return nil }
        shared.append(Shared(consumed: consumed, lineTotals: lineTotals))
        sharedByName[Int(item)] = index
        return index
    }

    /// What the ticket's order took from stock.
    func consumed(_ number: Int) -> [IngredientCount] {
        guard let record = self[number] else { return [] }
        if record.shared >= 0 { return shared[Int(record.shared)].consumed }
        guard record.hasExtras, let (chunk, slot) = location(of: number) else { return [] }
        return chunks[chunk].extras[slot].consumed
    }

    // MARK: Storage

    private mutating func place(_ record: TicketRecord, extras: Extras, at number: Int) {
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
        var record = record
        if !(extras.otherParts.isEmpty && extras.lines.isEmpty && extras.consumed.isEmpty && extras.lineTotals.isEmpty) {
            record.hasExtras = true
            if chunks[chunk].extras.isEmpty { chunks[chunk].extras = Array(repeating: Extras(), count: Self.chunkSize) }
            chunks[chunk].extras[slot] = extras
        }
        chunks[chunk].records[slot] = record
        count += 1
        end = number + 1
    }

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
        return Chunk.make()
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

/// A chunk's extras: allocated the first time a ticket of the chunk needs them.
private struct ChunkHeader {
    var extras: [TicketStore.Extras] = []
}

/// 64 slots of plain records in one allocation, and the extras of those that need them.
/// Never changed while shared: a change to a shared chunk replaces it with a copy.
private final class Chunk: ManagedBuffer<ChunkHeader, TicketRecord> {
    static func make() -> Chunk {
        let chunk = unsafeDowncast(Chunk.create(minimumCapacity: TicketStore.chunkSize) { _ in ChunkHeader() }, to: Chunk.self)
        chunk.withUnsafeMutablePointerToElements { $0.initialize(repeating: .empty, count: TicketStore.chunkSize) }
        return chunk
    }

    func copy() -> Chunk {
        let copy = unsafeDowncast(Chunk.create(minimumCapacity: TicketStore.chunkSize) { _ in header }, to: Chunk.self)
        withUnsafeMutablePointerToElements { source in
            copy.withUnsafeMutablePointerToElements { $0.initialize(from: source, count: TicketStore.chunkSize) }
        }
        return copy
    }

    /// The slots: plain values, so they need no deinitialization. Valid while the chunk is.
    var records: UnsafeMutablePointer<TicketRecord> {
        withUnsafeMutablePointerToElements { $0 }
    }

    var extras: [TicketStore.Extras] {
        get { header.extras }
        _modify { yield &header.extras }
    }
}
