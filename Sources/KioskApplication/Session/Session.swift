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
    private var hangupsSeen = 0
    /// On the wall clock, the time `tickBoard` read before the command in hand: the
    /// command runs at it, so a command with the board on reads the clock once, not twice.
    private var commandTime: Timestamp?

    /// Where the state and the events are kept; `nil` keeps nothing (no `--state`, no sink
    /// that reads the journal).
    public let store: StateStore?
    /// The store's journal, held here: the order path appends to it on every command.
    private let journal: Journal?
    /// The kiosk as of the last commit, while a transaction is open.
    private var committed: Kiosk?
    /// Whether a transaction is open (`committed` is set): asked on every command, and
    /// testing the optional copied the whole kiosk each time.
    private var transactionOpen = false

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
        guard !events.isEmpty || !facts.isEmpty else { return sequenced(CommandResult(command: command, output: output, error: failure, events: ticked)) }
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
        // unshared again once the runner has let go of this result, and reuses it.
        return sequenced(CommandResult(command: command, output: output, error: failure, events: ticked.isEmpty ? events : ticked + events))
    }

    /// `result` with the sequence number the kiosk is at now.
    private func sequenced(_ result: CommandResult) -> CommandResult {
        var result = result
        result.sequence = kiosk.sequence
        return result
    }

    /// The answer given to a request under `key` in the last day, by this process or any
    /// other on the state: first catches up with what others appended (opening the
    /// transaction the request's command will join).
    public func answeredRequest(key: String) -> Result<AnsweredRequest?, CommandError> {
        guard let store else { return .success(nil) }
        if let failure = openTransaction() { return .failure(failure) }
        return .success(store.answers.answer(for: key, at: clock()))
    }

    /// With a store and no transaction open, opens one: takes the journal's lock, catches up
    /// with what other processes did and keeps the kiosk as committed. The error says why
    /// the journal could not be opened.
    private func openTransaction() -> CommandError? {
        guard let store, !transactionOpen else { return nil }
        do throws(JournalError) {
            let caughtUp = try store.journal.begin()
            store.catchUp(caughtUp, into: &kiosk)
            committed = kiosk
            transactionOpen = true
            return nil
        } catch {
            return .notSaved(error)
        }
    }

    /// What the order board did by itself up to now — auto starts and finishes, warn and
    /// late marks — appended as a record of its own in the open transaction, before the
    /// command that follows. Returns its events, and the time it read (none when nothing
    /// is scheduled).
    private func tickBoard() -> (events: [Event], time: Timestamp?) {
        guard let due = kiosk.nextBoardChange else { return ([], nil) }
        let now = clock()
        guard due <= now else { return ([], now) }
        kiosk.advanceBoard(to: now, emitting: &events)
        guard !events.isEmpty else { return ([], now) }
        let ticked = events
        if let store, let first = ticked.first {
            store.journal.append(time: first.time, source: kiosk.source, facts: [], events: ticked)
        }
        events.removeAll(keepingCapacity: true)
        return (ticked, now)
    }

    /// On the wall clock, between commands: journals and commits what the board did by
    /// itself by now (auto moves, late marks), and hands its events to the sinks. Returns
    /// them, or the error if the commit failed; nothing when nothing was due.
    public func tick() -> TickResult {
        guard let due = kiosk.nextBoardChange, due <= clock() else { return TickResult(events: [], error: nil) }
        if let failure = openTransaction() { return TickResult(events: [], error: failure) }
        events.removeAll(keepingCapacity: true)
        let ticked = tickBoard().events
        if let failure = commit() { return TickResult(events: [], error: failure) }
        dispatcher.publish(ticked)
        return TickResult(events: ticked, error: nil)
    }

    /// Runs one command and commits it at once; its events go to the sinks. For a person
    /// at a terminal, who sees each result before typing the next command.
    public func run(_ command: Command) -> CommandResult {
        var result = execute(command)
        if let failure = commit() {
            result = CommandResult(command: command, error: failure)
        }
        dispatcher.publish(result.events)
        return result
    }

    /// Whether commands ran since the last commit.
    public var hasOpenTransaction: Bool { transactionOpen }

    /// Makes every command since the last commit durable as the store promises. On failure
    /// the commands are undone in memory — a result is shown only once it is on disk — and
    /// the error says why. The caller hands the committed results' events to the sinks.
    @discardableResult
    public func commit() -> CommandError? {
        guard let store, transactionOpen, let before = committed else { return nil }
        committed = nil
        transactionOpen = false
        let position: UInt64
        do throws(JournalError) {
            position = try store.journal.commit()
        } catch {
            kiosk = before
            store.abandonAppended()
            return .notSaved(error)
        }
        store.keepAppended()
        if store.journal.wantsSnapshot {
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
        guard let store, !transactionOpen else { return }
        store.journal.finishSnapshots()
        guard store.journal.wantsSnapshotAtExit else { return }
        try? store.journal.writeSnapshot(store.snapshot(of: kiosk, at: store.journal.foldPosition), now: clock())
    }

    /// After a SIGHUP, reloads the menu and returns what that did; otherwise `nil`, and
    /// `nil` too when the files compiled to the same menu (a SIGHUP sent for log rotation
    /// says nothing). The runners call this before each command, so the next command sees
    /// the new menu.
    public func reloadIfHungUp() -> CommandResult? {
        let hangups = Signals.hangupCount
        guard hangups != hangupsSeen, let reload = commands.entry(named: "reload") else { return nil }
        hangupsSeen = hangups
        let result = execute(Command(entry: reload, arguments: NoArguments()))
        if case .reloaded(let summary) = result.output, !summary.menuChanged, result.error == nil { return nil }
        return result
    }

    // MARK: Restocking at a terminal

    /// Every low or short ingredient with the amount `restock` offers.
    public var restockSuggestions: [RestockSuggestion] {
        kiosk.restockSuggestions.map {
            RestockSuggestion(ingredient: kiosk.menu.ingredients[$0.ingredient].name, count: kiosk.inventory[$0.ingredient], amount: $0.amount)
        }
    }

    /// What the last refused order was short of, with the shortfall as the amount.
    public var shortfallSuggestions: [RestockSuggestion] {
        kiosk.lastShortfalls.map { shortfall in
            let count = kiosk.inventory[shortfall.ingredient]
            return RestockSuggestion(ingredient: kiosk.menu.ingredients[shortfall.ingredient].name, count: count, amount: max(0, shortfall.needed - count))
        }
    }

    /// `restock INGREDIENT AMOUNT`, as a person answered a suggestion; `nil` if this
    /// session has no `restock` command.
    public func restockCommand(_ ingredient: String, amount: Int) -> Command? {
        commands.entry(named: "restock").map { Command(entry: $0, arguments: RestockCommand.Arguments.one(ingredient: ingredient, amount: amount)) }
    }
}

/// What a tick of the board between commands did: its events, or why they were not kept.
public struct TickResult: Sendable {
    public let events: [Event]
    public let error: CommandError?
}

/// An ingredient `restock` would top up: its name, its count now, and how many to add.
public struct RestockSuggestion: Sendable, Equatable {
    public let ingredient: String
    public let count: Int
    public let amount: Int

    public init(ingredient: String, count: Int, amount: Int) {
        self.ingredient = ingredient
        self.count = count
        self.amount = amount
    }
}
