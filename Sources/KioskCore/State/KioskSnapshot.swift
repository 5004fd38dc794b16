/// What a kiosk keeps across runs (`--state`): stock by ingredient name, the event
/// sequence, the ledger, the profiles and the order board. Names rather than indices, so a
/// changed menu can take it.
public struct KioskSnapshot: Sendable, Hashable {
    public var menuName: String
    public var sequence: UInt64
    public var stock: [IngredientCount]
    public var ledger: LedgerSnapshot
    public var profiles: Profiles
    /// The order board, or only the ticket numbers of a kiosk whose menu has none; `nil`
    /// while no ticket was ever numbered.
    public var board: BoardSnapshot?
    /// What recent orders were paid and what each tender took.
    public var payments = PaymentBook()
    /// The cash drawer's day.
    public var drawer = DrawerBook()
    /// On a menu paid first, the orders that hold their stock until they are paid.
    public var holds = HeldOrders()

    public init(
        menuName: String, sequence: UInt64, stock: [IngredientCount], ledger: LedgerSnapshot, profiles: Profiles = Profiles(),
        board: BoardSnapshot? = nil, payments: PaymentBook = PaymentBook(), drawer: DrawerBook = DrawerBook(), holds: HeldOrders = HeldOrders()
    ) {
        self.holds = holds
        self.payments = payments
        self.drawer = drawer
        self.menuName = menuName
        self.sequence = sequence
        self.stock = stock
        self.ledger = ledger
        self.profiles = profiles
        self.board = board
    }
}

/// How a saved state met the menu it was loaded into.
public struct RestoreReport: Sendable, Equatable {
    /// Ingredients the menu has and the state did not: they start at their declared stock.
    public var newIngredients: [String] = []
    /// Ingredients the state had and the menu does not, with the stock they had: kept in
    /// the state (`Kiosk.retainedStock`) in case they come back.
    public var vanishedIngredients: [IngredientCount] = []
}

extension Kiosk {
    /// Everything `--state` keeps.
    public var snapshot: KioskSnapshot {
        KioskSnapshot(
            menuName: menu.name,
            sequence: sequence,
            stock: menu.ingredients.indices.map { IngredientCount(ingredient: menu.ingredients[$0].name, count: inventory[$0]) }
                + retainedStock.values.sorted { $0.ingredient < $1.ingredient },
            ledger: ledger.snapshot,
            profiles: profiles,
            board: nextTicketNumber > 1 ? board?.snapshot ?? BoardSnapshot(numberingFrom: retainedTicketNumber) : nil,
            payments: payments, drawer: drawer, holds: holds
        )
    }

    /// A kiosk restored from a snapshot, and what the restoring found.
    public struct Restored {
        public let kiosk: Kiosk
        public let report: RestoreReport
    }

    /// A kiosk that goes on from a saved state with `menu`: ingredients the state knows keep
    /// their stock, new ones start at their declared stock, totals carry over by name. The
    /// board goes on with its tickets, taking the menu's stations and settings as a reload
    /// does (`Board.adopt(_:)`); a menu without a board keeps only its ticket numbers.
    public static func restoring(_ snapshot: KioskSnapshot, menu: Menu, ids: UUIDv7Generator) -> Restored {
        var report = RestoreReport()
        var saved: [String: Int] = [:]
        for entry in snapshot.stock { saved[NameKey.fold(entry.ingredient)] = entry.count }
        var counts = menu.ingredients.map(\.initialStock)
        for (index, ingredient) in menu.ingredients.enumerated() {
            if let count = saved.removeValue(forKey: NameKey.fold(ingredient.name)) {
                counts[index] = min(max(count, 0), Menu.maximumQuantity)
            } else {
                report.newIngredients.append(ingredient.name)
            }
        }
        report.vanishedIngredients = snapshot.stock.filter { saved[NameKey.fold($0.ingredient)] != nil }
        var kiosk = Kiosk(
            menu: menu, inventory: Inventory(counts: counts), ledger: Ledger(menu: menu, snapshot: snapshot.ledger),
            sequence: snapshot.sequence, ids: ids
        )
        kiosk.profiles = snapshot.profiles
        kiosk.payments = snapshot.payments
        kiosk.drawer = snapshot.drawer
        kiosk.holds = snapshot.holds
        if let board = snapshot.board { kiosk.restoreBoard(board) }
        for entry in report.vanishedIngredients {
            kiosk.retainedStock[NameKey.fold(entry.ingredient)] = IngredientCount(
                ingredient: entry.ingredient, count: min(max(entry.count, 0), Menu.maximumQuantity)
            )
        }
        return Restored(kiosk: kiosk, report: report)
    }
}

extension Kiosk {
    /// Takes back a saved board for this kiosk's menu. A board that only kept its numbers
    /// (its menu had none), or one no board could have been, starts empty after them.
    private mutating func restoreBoard(_ saved: BoardSnapshot) {
        guard hasBoard else {
            retainedTicketNumber = max(retainedTicketNumber, saved.nextNumber)
            return
        }
        guard var restored = Board(restoring: saved) else {
            board = Board(menu: menu, nextNumber: max(1, saved.nextNumber))
            return
        }
        restored.adopt(menu)
        board = restored
    }
}

extension Kiosk {
    /// This kiosk started again from a snapshot: its menu and id generator, the snapshot's
    /// stock, totals, sequence, profiles and board. For a process that fell behind
    /// compaction.
    public func reloaded(from snapshot: KioskSnapshot) -> Kiosk {
        var kiosk = Kiosk.restoring(snapshot, menu: menu, ids: ids).kiosk
        kiosk.ids = ids
        kiosk.utcOffset = utcOffset
        return kiosk
    }

    /// Moves the event sequence on to at least `sequence`.
    public mutating func advance(toSequenceOf sequence: UInt64) {
        advanceSequence(to: sequence)
    }

    /// Moves the event sequence past a record's events without taking its changes: for a
    /// journal that only keeps events for sinks, where stock starts fresh each run.
    public mutating func skip(_ record: JournalRecord) {
        for case .event(let event) in record.entries { advanceSequence(to: event.sequence) }
    }

    /// The ingredients on the menu that the state has never known, at their declared
    /// stock: facts for the journal, so other processes learn them too.
    public func undeclaredIngredients(known: Set<String>) -> [IngredientCount] {
        menu.ingredients.filter { !known.contains(NameKey.fold($0.name)) }.map {
            IngredientCount(ingredient: $0.name, count: $0.initialStock)
        }
    }
}
