import KioskCore
import KioskJournal
import KioskRecords
import KioskSinks

/// The journal a session keeps its state and its events in.
///
/// With `--state` the journal *is* the state: every record changes the kiosk, whoever
/// wrote it. Without `--state`, a private journal only keeps events until their sinks have
/// them: stock starts fresh each run, and only the event sequence carries on.
public final class StateStore {
    public enum Mode: Sendable, Equatable {
        /// `--state`: stock, totals and history are the journal's fold.
        case state
        /// The private journal: events wait for their sinks; stock starts fresh.
        case events
    }

    public let journal: Journal
    public let mode: Mode
    /// What the store folds of the layers' facts, in either mode.
    private var fold: FactFolds
    /// Every layer's fold of its facts, as of the last record read or appended.
    public var facts: FactFolds { fold }
    /// Events sinks gave up on: the fold of the journal's delivery records.
    public var deliveries: DeliveryFailures { fold[DeliveryFailures.self] }

    /// What opening found, for the messages a person should see at start.
    public struct Opening: Sendable {
        public var kiosk: Kiosk
        /// Whether the journal held anything before this run.
        public var existed: Bool
        /// The time of the newest thing the state holds — its last record's, or, when a
        /// snapshot holds everything, its last order's or its board's clock: a clock that
        /// starts before it would put new orders before old ones.
        public var latestTime: Timestamp?
        /// On the menu, new to the state: they start at their declared stock.
        public var newIngredients: [String] = []
        /// In the state, not on the menu: kept, with their stock.
        public var vanishedIngredients: [IngredientCount] = []
        public var repairs: [Journal.Repair] = []
    }

    private init(journal: Journal, mode: Mode, fold: FactFolds) {
        self.journal = journal
        self.mode = mode
        self.fold = fold
    }

    /// A store just opened, and what opening it found.
    public struct Opened {
        public let store: StateStore
        public let opening: Opening
    }

    /// Opens the journal in `directory` and folds it into a kiosk for `menu`. Ingredients
    /// new to the state are recorded at once, so every process learns their stock.
    ///
    /// The journal reads the kinds of record `options.format` registers, and the sinks'
    /// always: the store folds their failed deliveries.
    public static func open(
        _ directory: StateDirectory, mode: Mode, options: Journal.Options, menu: Menu, ids: UUIDv7Generator, at time: Timestamp
    ) throws(JournalError) -> Opened {
        var options = options
        options.format = options.format.including(.sinks)
        let opened = try Journal.open(directory, options: options)
        var fold = opened.snapshot?.facts ?? options.format.emptyFolds
        for record in opened.records { fold.apply(record) }
        let store = StateStore(journal: opened.journal, mode: mode, fold: fold)
        let existed = opened.snapshot != nil || !opened.records.isEmpty
        var opening = Opening(kiosk: Kiosk(menu: menu, ids: ids), existed: existed, latestTime: StateStore.latestTime(of: opened), repairs: opened.repairs)
        switch mode {
        case .events:
            opening.kiosk.advance(toSequenceOf: opened.snapshot?.kiosk.sequence ?? 0)
            for record in opened.records { opening.kiosk.skip(record) }
        case .state:
            try store.fold(opened, into: &opening, menu: menu, ids: ids, at: time)
        }
        return Opened(store: store, opening: opening)
    }

    private func fold(_ opened: Journal.Opened, into opening: inout Opening, menu: Menu, ids: UUIDv7Generator, at time: Timestamp) throws(JournalError) {
        var known = Set<String>()
        if let snapshot = opened.snapshot {
            let kiosk = Kiosk.restoring(snapshot.kiosk, menu: menu, ids: ids).kiosk
            opening.kiosk = kiosk
            for entry in snapshot.kiosk.stock { known.insert(NameKey.fold(entry.ingredient)) }
        }
        for record in opened.records {
            opening.kiosk.apply(record)
            StateStore.collectIngredients(of: record, into: &known)
        }
        let declared = opening.kiosk.undeclaredIngredients(known: known)
        opening.vanishedIngredients = opening.kiosk.retainedStock.values.sorted { $0.ingredient < $1.ingredient }
        guard !declared.isEmpty else { return }
        opening.newIngredients = opening.existed ? declared.map(\.ingredient) : []
        let record = JournalRecord(time: time, source: opening.kiosk.source, entries: declared.map { .stockDeclared(ingredient: $0.ingredient, count: $0.count) })
        // Others may have declared them meanwhile: theirs stands, ours adds nothing.
        switch try journal.begin() {
        case .records(let records):
            for other in records { opening.kiosk.apply(other) }
        case .reload(let snapshot, let records):
            opening.kiosk = opening.kiosk.reloaded(from: snapshot.kiosk)
            for other in records { opening.kiosk.apply(other) }
        }
        journal.append(record)
        try journal.commit()
    }

    private static func latestTime(of opened: Journal.Opened) -> Timestamp? {
        if let last = opened.records.last { return last.time }
        guard let snapshot = opened.snapshot?.kiosk else { return nil }
        let times = [snapshot.ledger.history.last?.time, snapshot.board.flatMap { $0.stations.isEmpty ? nil : $0.now }].compactMap { $0 }
        return times.max()
    }

    /// The ingredient names a record gives a stock to.
    private static func collectIngredients(of record: JournalRecord, into names: inout Set<String>) {
        for entry in record.entries {
            switch entry {
            case .stockDeclared(let ingredient, _): names.insert(NameKey.fold(ingredient))
            case .event(let event):
                switch event.payload {
                case .orderSucceeded(let made): for entry in made.stock { names.insert(NameKey.fold(entry.ingredient)) }
                case .stockChanged(let change): names.insert(NameKey.fold(change.ingredient))
                default: break
                }
            default: break
            }
        }
    }

    // MARK: Catching up

    /// Applies what others appended to `kiosk`, as the mode says, and folds the delivery
    /// records.
    func catchUp(_ caughtUp: Journal.CatchUp, into kiosk: inout Kiosk, folding: Bool = true) {
        switch caughtUp {
        case .records(let records):
            for record in records { take(record, into: &kiosk, folding: folding) }
        case .reload(let snapshot, let records):
            if folding {
                if mode == .state { kiosk = kiosk.reloaded(from: snapshot.kiosk) } else { kiosk.advance(toSequenceOf: snapshot.kiosk.sequence) }
            }
            fold = snapshot.facts
            for record in records { take(record, into: &kiosk, folding: folding) }
        }
    }

    private func take(_ record: JournalRecord, into kiosk: inout Kiosk, folding: Bool) {
        if folding {
            switch mode {
            case .state: kiosk.apply(record)
            case .events: kiosk.skip(record)
            }
        }
        fold.apply(record)
    }

    /// The fold as of the last commit, while one is open.
    private var committedFold: FactFolds?

    /// Catches up with what was appended since the last command — the sinks' own records
    /// of failures, at exit — so the delivery fold is current.
    public func refreshDeliveries() {
        guard let caughtUp = try? journal.begin() else { return }
        journal.rollback()
        var untouched = Kiosk(menu: Menu(trusting: "", ingredients: [], items: []), ids: UUIDv7Generator(seed: 0))
        catchUp(caughtUp, into: &untouched, folding: false)
    }

    /// Folds a record this session appended itself.
    func recordAppended(_ record: JournalRecord) {
        if committedFold == nil { committedFold = fold }
        fold.apply(record)
    }

    /// The commit failed: what the session appended since the last one never happened.
    func abandonAppended() {
        if let committedFold { fold = committedFold }
        committedFold = nil
    }

    /// The commit succeeded.
    func keepAppended() {
        committedFold = nil
    }

    /// Failed events whose retry a crash interrupted, by sink: the sinks send them again.
    public var interruptedRetries: [String: [Event]] {
        deliveries.bySink.compactMapValues { failures in
            let events = failures.filter(\.retrying).map(\.event)
            return events.isEmpty ? nil : events
        }
    }

    /// The snapshot of a fold at `position`.
    func snapshot(of kiosk: Kiosk, at position: UInt64) -> JournalSnapshot {
        JournalSnapshot(position: position, kiosk: kiosk.snapshot, facts: fold)
    }
}
