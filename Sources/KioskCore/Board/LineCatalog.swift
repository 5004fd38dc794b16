/// The lines of one-line tickets, each distinct one kept once: a ticket's slot names its
/// line by an index here instead of holding a name, a quantity, two stations and what its
/// order took and cost, so that the slot fits a cache line.
///
/// A kiosk makes the same few lines over and over (one of an item, at its station, taking
/// what its recipe takes), so a catalog stays small. The caller's number for the line's
/// item (a menu's item index) finds the entry its last line used without hashing; other
/// lines are found by hashing. The catalog holds at most `limit` entries: past it a
/// ticket keeps its line beside its slot.
struct LineCatalog: Sendable {
    /// At most this many entries.
    static var limit: Int { 4096 }

    /// A line without its prep (which a slot keeps: simulated tickets each draw their
    /// own), where its ticket's part is made, and what its order took and cost.
    struct Entry: Sendable, Hashable {
        let item: String
        let quantity: Int
        /// The line's station, as the menu gave it.
        let lineStation: Int
        /// The station of the ticket's one part: the line's, or station 0 when the board
        /// had no such station.
        let partStation: Int
        let consumed: [IngredientCount]
        let lineTotals: [Money]
        /// The line's size and options, for an item that has them.
        let choice: LineChoice?

        func line(prep: Int64) -> TicketLine {
            TicketLine(item: item, quantity: quantity, station: lineStation, prep: prep, choice: choice)
        }
    }

    private(set) var entries: [Entry] = []
    private var index: [Entry: Int32] = [:]
    /// For a caller's item number, the entry its last line used, or -1.
    private var byHint: [Int32] = []

    init() {}

    var count: Int { entries.count }

    subscript(entry: Int32) -> Entry {
        entries[Int(entry)]
    }

    /// The station of the part of entry `entry`'s tickets: read alone, without copying
    /// the entry's arrays and name (a retain and a release each).
    func partStation(of entry: Int32) -> Int {
        entries[Int(entry)].partStation
    }

    /// The index of the entry for `line` made at `partStation` whose order took `consumed`
    /// and cost `lineTotals`, added if new; `nil` when the catalog is full.
    ///
    /// - Parameter hint: the line's item as the caller numbers its items, or `nil`: an
    ///   entry found by it is checked, so a wrong hint costs a lookup, never a wrong line.
    mutating func entry(
        for line: TicketLine, partStation: Int, consumed: [IngredientCount], lineTotals: [Money], hint: Int?
    ) -> Int32? {
        let hinted = hint.flatMap { $0 >= 0 && $0 < byHint.count ? byHint[$0] : nil } ?? -1
        if hinted >= 0 {
            let known = entries[Int(hinted)]
            // Names and arrays made once by the menu compare as one word each.
            if known.quantity == line.quantity, known.lineStation == line.station, known.partStation == partStation,
               known.item == line.item, known.consumed == consumed, known.lineTotals == lineTotals, known.choice == line.choice {
                return hinted
            }
        }
        let entry = Entry(
            item: line.item, quantity: line.quantity, lineStation: line.station, partStation: partStation,
            consumed: consumed, lineTotals: lineTotals, choice: line.choice
        )
        let found: Int32
        if let known = index[entry] {
            found = known
        } else {
            guard entries.count < Self.limit, let next = Int32(exactly: entries.count) else { return nil }
            entries.append(entry)
            index[entry] = next
            found = next
        }
        if let hint, hint >= 0, hint < 1 << 20 {
            if hint >= byHint.count { byHint.append(contentsOf: repeatElement(-1, count: hint + 1 - byHint.count)) }
            byHint[hint] = found
        }
        return found
    }
}
