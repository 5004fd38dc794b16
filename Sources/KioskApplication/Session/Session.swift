import KioskCore
import KioskJournal
import KioskMenu
import KioskSinks
import KioskSystem

/// A running kiosk: runs commands against the core, hands the events they cause to the
/// sinks, and keeps everything a command shows.
///
/// One session per process, driven from one thread. The commands' handlers
/// (`Commands/*Command.swift`) work on its kiosk and its events.
public final class Session {
    // The kiosk and the events are used on every command, from one thread, and never
    // passed inout to code that reaches them again: no dynamic access check.
    @exclusivity(unchecked) public internal(set) var kiosk: Kiosk
    public let dispatcher: Dispatcher
    /// The commands this session understands.
    public let commands: CommandTable
    let menuSource: MenuSource
    let sinkDeclarations: [SinkDeclaration]
    /// The session's time: the wall clock, or a virtual one that `wait` moves.
    public let time: SessionClock
    /// The events the command in hand caused so far.
    @exclusivity(unchecked) var events: [Event] = []
    /// Facts for the next record besides its events: ingredients a reload declared, a
    /// retry asked for. Read on every command, like `events`, and never passed inout to
    /// code that reaches it again: no dynamic access check.
    @exclusivity(unchecked) var facts: [JournalEntry] = []
    /// None at first: a SIGHUP that came while kiosk started — perhaps after it read the
    /// menu, perhaps after a new menu was written — reloads before the first command (a
    /// reload to the same menu says nothing).
    var hangupsSeen = 0
    /// On the wall clock, the time `tickBoard` read before the command in hand: the
    /// command runs at it, so a command with the board on reads the clock once, not twice.
    private var commandTime: Timestamp?

    /// Where the state and the events are kept; `nil` keeps nothing (no `--state`, no sink
    /// that reads the journal).
    public let store: StateStore?
    /// The store's journal, held here: the order path appends to it on every command.
    private let journal: Journal?
    /// Opens, commits and publishes: the session runs commands in it and keeps only its
    /// own kiosk's copy for undoing them.
    public let transaction: Transaction
    /// The kiosk as of the last commit, while a transaction is open.
    private var committed: Kiosk?

    /// Who is at the till (`OperatorName`): the name the payments, refunds, voids and drawer
    /// steps of the command in hand carry; `nil` for a customer's self-service. A terminal
    /// sets it once, from `--operator`; `kiosk serve` sets it for each request, from its
    /// `Kiosk-Operator` under the operator's token.
    public var operatorName: String?

    /// The card reader `pay … card` charges: the simulated one unless a plugin brings one.
    public var reader: any PaymentReader = SimulatedReader()
    /// The `reader` statement `reader` was made from: a reload that changes it says the
    /// change waits for a restart, as the sinks' does.
    public var readerDeclaration: SinkDeclaration?

    /// The last suggestion, while `suggest next` may page through it.
    var suggestionPaging: SuggestCommand.Paging?

    /// Counts the menus this session has had: it changes when `reload` swaps the menu, so a
    /// terminal knows to complete the new menu's names.
    public internal(set) var menuVersion = 0

    public convenience init(
        kiosk: Kiosk, dispatcher: Dispatcher, menuSource: MenuSource, sinkDeclarations: [SinkDeclaration],
        clock: @escaping @Sendable () -> Timestamp, store: StateStore? = nil, commands: CommandTable = .standard
    ) {
        self.init(
            kiosk: kiosk, dispatcher: dispatcher, menuSource: menuSource, sinkDeclarations: sinkDeclarations,
            time: SessionClock(wall: clock), store: store, commands: commands
        )
    }

    /// A session on `time`: the wall clock, or a virtual clock for `wait`.
    public init(
        kiosk: Kiosk, dispatcher: Dispatcher, menuSource: MenuSource, sinkDeclarations: [SinkDeclaration],
        time: SessionClock, store: StateStore? = nil, commands: CommandTable = .standard
    ) {
        self.kiosk = kiosk
        self.dispatcher = dispatcher
        self.menuSource = menuSource
        self.sinkDeclarations = sinkDeclarations
        self.time = time
        self.store = store
        journal = store?.journal
        transaction = Transaction(store: store, dispatcher: dispatcher)
        self.commands = commands
        events.reserveCapacity(8)
    }

    /// The time now, as the session's clock says.
    func clock() -> Timestamp {
        commandTime ?? time.now()
    }

    /// Runs one command against the current state. With a store, it joins the open
    /// transaction (opening one first, which takes the journal's lock and catches up with
    /// what other processes did); its record and events count only once `commit` succeeds.
    public func execute(_ command: Command) -> CommandResult {
        execute(command, annotating: nil)
    }

    /// Runs one command as `execute(_:)` does, and adds the entries `annotate` makes of its
    /// result to the command's own record: what the command did and the entries are kept,
    /// or lost, together. For an answer to a request with an `Idempotency-Key`.
    public func execute(_ command: Command, annotating annotate: ((CommandResult) -> [JournalEntry])?) -> CommandResult {
        if let failure = openTransaction() { return CommandResult(command: command, error: failure) }
        events.removeAll(keepingCapacity: true)
        let (ticked, tickTime) = tickBoard()
        commandTime = time.isVirtual ? nil : tickTime
        defer { commandTime = nil }
        let output: CommandOutput
        let failure: CommandError?
        do {
            output = try command.entry.run(command.arguments, self)
            failure = nil
        } catch {
            output = .none
            failure = error
        }
        // Read once: the journal and the result share this reference, where reading the
        // property for each would retain it for each.
        let events = self.events
        if let annotate {
            facts += annotate(sequenced(CommandResult(command: command, output: output, error: failure, events: ticked.isEmpty ? events : ticked + events)))
        }
        guard !events.isEmpty || !facts.isEmpty else {
            transaction.include(ticked)
            return sequenced(CommandResult(command: command, output: output, error: failure, events: ticked))
        }
        if let journal {
            // The first event's time read in place: `events.first` would copy the event.
            let time = events.isEmpty ? clock() : events[0].time
            if facts.isEmpty {
                journal.append(time: time, source: kiosk.source, events: events)
            } else {
                journal.append(time: time, source: kiosk.source, facts: facts, events: events)
                store?.recordAppended(JournalRecord(time: time, source: kiosk.source, entries: facts))
            }
        }
        if !facts.isEmpty { facts.removeAll() }
        // Without board ticks the result shares the event buffer: the next command finds it
        // unshared again once the runner has let go of this result (the transaction keeps a
        // copy only for a foreground sink after the commit), and reuses it.
        let shown = ticked.isEmpty ? events : ticked + events
        transaction.include(shown)
        return sequenced(CommandResult(command: command, output: output, error: failure, events: shown))
    }

    /// `result` with the sequence number the kiosk is at now.
    private func sequenced(_ result: CommandResult) -> CommandResult {
        var result = result
        result.sequence = kiosk.sequence
        return result
    }

    /// With a store and no transaction open, opens one: takes the journal's lock, catches up
    /// with what other processes did and keeps the kiosk as committed. The error says why
    /// the journal could not be opened.
    func openTransaction() -> CommandError? {
        guard let store, !transaction.isOpen else { return nil }
        do throws(JournalError) {
            guard let caughtUp = try transaction.open() else { return nil }
            store.catchUp(caughtUp, into: &kiosk)
            committed = kiosk
            return nil
        } catch {
            return .notSaved(error)
        }
    }

    /// Runs one command and commits it at once; its events go to the sinks. For a person
    /// at a terminal, who sees each result before typing the next command.
    public func run(_ command: Command) -> CommandResult {
        let result = execute(command)
        if let failure = commit() { return CommandResult(command: command, error: failure) }
        return result
    }

    /// Whether commands ran since the last commit.
    public var hasOpenTransaction: Bool { transaction.isOpen }

    /// Makes every command since the last commit durable as the store promises, then hands
    /// their events to the sinks (`Transaction.commit`). On failure the commands are undone
    /// in memory — a result is shown only once it is on disk — and the error says why.
    @discardableResult
    public func commit() -> CommandError? {
        let before = committed
        committed = nil
        let position: UInt64?
        do throws(JournalError) {
            position = try transaction.commit()
        } catch {
            if let before { kiosk = before }
            return .notSaved(error)
        }
        if let store, let position, store.journal.wantsSnapshot {
            // A snapshot only speeds up the next start: it is written beside the commands
            // that follow (its fsyncs would otherwise hold up the commits), and
            // failing to write one loses nothing.
            store.journal.writeSnapshotInBackground(store.snapshot(of: kiosk, at: position), now: clock())
        }
        return nil
    }

    /// At a clean exit: the snapshot being written finished, and a snapshot of the state
    /// when the journal has grown since the last, so the next start reads little. Failing
    /// to write one loses nothing.
    public func checkpoint() {
        guard let store, !transaction.isOpen else { return }
        store.journal.finishSnapshots()
        guard store.journal.wantsSnapshotAtExit else { return }
        try? store.journal.writeSnapshot(store.snapshot(of: kiosk, at: store.journal.foldPosition), now: clock())
    }

}
