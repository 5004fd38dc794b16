import KioskCore
import KioskJournal
import KioskMenu
import KioskSinks
import KioskSystem

/// A running kiosk: runs commands against the core, hands the events they cause to the
/// sinks, and keeps everything a command shows.
///
/// One session per process, driven from one thread.
public final class Session {
    public private(set) var kiosk: Kiosk
    public let dispatcher: Dispatcher
    private let menuSource: MenuSource
    private let sinkDeclarations: [SinkDeclaration]
    private let clock: @Sendable () -> Timestamp
    private let renderer: DiagnosticRenderer
    private var events: [Event] = []
    private var hangupsSeen = Signals.hangupCount

    /// Where the state and the events are kept; `nil` keeps nothing (no `--state`, no sink
    /// that reads the journal).
    public let store: StateStore?
    /// The kiosk as of the last commit, while a transaction is open.
    private var committed: Kiosk?

    public init(
        kiosk: Kiosk, dispatcher: Dispatcher, menuSource: MenuSource, sinkDeclarations: [SinkDeclaration],
        clock: @escaping @Sendable () -> Timestamp, renderer: DiagnosticRenderer = DiagnosticRenderer(), store: StateStore? = nil
    ) {
        self.kiosk = kiosk
        self.dispatcher = dispatcher
        self.menuSource = menuSource
        self.sinkDeclarations = sinkDeclarations
        self.clock = clock
        self.renderer = renderer
        self.store = store
        events.reserveCapacity(8)
    }

    /// Runs one command against the current state. With a store, it joins the open
    /// transaction (opening one first, which takes the journal's lock and catches up with
    /// what other processes did); its record and events count only once `commit` succeeds.
    public func execute(_ command: Command) -> CommandResult {
        if let store, committed == nil {
            do throws(JournalError) {
                let caughtUp = try store.journal.begin()
                store.catchUp(caughtUp, into: &kiosk)
                committed = kiosk
            } catch {
                return CommandResult(command: command, error: .notSaved(error.message))
            }
        }
        events.removeAll(keepingCapacity: true)
        let output: CommandOutput
        let failure: CommandError?
        do {
            output = try perform(command)
            failure = nil
        } catch {
            output = .none
            failure = error
        }
        guard !events.isEmpty || !facts.isEmpty else { return CommandResult(command: command, output: output, error: failure) }
        if let store {
            let time = events.first?.time ?? clock()
            store.journal.append(time: time, source: kiosk.source, facts: facts, events: events)
            if !facts.isEmpty { store.recordAppended(JournalRecord(time: time, source: kiosk.source, entries: facts)) }
        }
        facts.removeAll()
        return CommandResult(command: command, output: output, error: failure, events: events)
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

    /// Facts for the next record besides its events: ingredients a reload declared.
    private var facts: [JournalEntry] = []

    /// Whether commands ran since the last commit.
    public var hasOpenTransaction: Bool { committed != nil }

    /// Makes every command since the last commit durable as the store promises. On failure
    /// the commands are undone in memory — a result is shown only once it is on disk — and
    /// the error says why. The caller hands the committed results' events to the sinks.
    @discardableResult
    public func commit() -> CommandError? {
        guard let store, let before = committed else { return nil }
        committed = nil
        let position: UInt64
        do throws(JournalError) {
            position = try store.journal.commit()
        } catch {
            kiosk = before
            store.abandonAppended()
            return .notSaved(error.message)
        }
        store.keepAppended()
        if store.journal.wantsSnapshot {
            // A snapshot only speeds up the next start: failing to write one loses nothing.
            try? store.journal.writeSnapshot(store.snapshot(of: kiosk, at: position))
        }
        return nil
    }

    /// At a clean exit: a snapshot of the state when the journal has grown since the last,
    /// so the next start reads little. Failing to write one loses nothing.
    public func checkpoint() {
        guard let store, committed == nil, store.journal.wantsSnapshotAtExit else { return }
        try? store.journal.writeSnapshot(store.snapshot(of: kiosk, at: store.journal.foldPosition))
    }

    /// After a SIGHUP, reloads the menu and returns what that did; otherwise `nil`.
    /// The runners call this before each command, so the next command sees the new menu.
    public func reloadIfHungUp() -> CommandResult? {
        let hangups = Signals.hangupCount
        guard hangups != hangupsSeen else { return nil }
        hangupsSeen = hangups
        return execute(.reload)
    }

    private func perform(_ command: Command) throws(CommandError) -> CommandOutput {
        switch command {
        case .menu: return .menu(MenuListing(menu: kiosk.menu, inventory: kiosk.inventory))
        case .order(let requests): return try order(requests)
        case .stock: return .stock(StockListing(menu: kiosk.menu, inventory: kiosk.inventory))
        case .stockEdit(let edit, let name, let amount): return .stockChanges([try editStock(edit, name, amount)])
        case .restockAll: return .stockChanges(try restockAll())
        case .sinks: return .sinks(sinkStatuses)
        case .sinksFailed(let name): return .failedEvents(try failedEvents(of: name))
        case .sinksRetry(let name): return .retried(try retryFailedEvents(of: name))
        case .reload: return try reload()
        case .history(let count): return .history(kiosk.ledger.history.suffix(count))
        case .report: return .report(SalesReport(menu: kiosk.menu, ledger: kiosk.ledger))
        case .help(let topic): return .help(HelpText.text(for: topic))
        case .quit: return .none
        }
    }

    // MARK: Orders

    private func order(_ requests: [OrderRequest]) throws(CommandError) -> CommandOutput {
        var lines: [OrderLine] = []
        lines.reserveCapacity(requests.count)
        for request in requests {
            lines.append(try resolve(request))
        }
        let outcome: OrderOutcome
        do {
            outcome = try kiosk.place(Order(lines), at: clock(), emitting: &events)
        } catch {
            switch error {
            case .requirementTooLarge(let ingredient): throw .requirementTooLarge(ingredient: kiosk.menu.ingredients[ingredient].name)
            case .totalTooLarge: throw .totalTooLarge
            case .quantityOutOfRange(let quantity): throw .numberTooLarge(String(quantity), what: "quantity")
            case .empty: throw .usage(CommandCatalog.entry(named: "order")?.synopsis ?? "order")
            }
        }
        switch outcome {
        case .made(let total):
            let names = lines.map { ItemQuantity(item: kiosk.menu.items[$0.item].name, quantity: $0.quantity) }
            return .ordered(OrderSummary(lines: names, total: total, currency: total == nil ? nil : kiosk.menu.currency))
        case .refused(let shortfalls):
            throw .refused(missing: shortfalls.map {
                Missing(ingredient: kiosk.menu.ingredients[$0.ingredient].name, needed: $0.needed, available: $0.available)
            })
        }
    }

    /// An order line from its words: the whole phrase as an item name, else a quantity at
    /// the end (`mango juice 2`) or the start (`2 mango juice`) and the rest as the name.
    func resolve(_ request: OrderRequest) throws(CommandError) -> OrderLine {
        if let item = kiosk.menu.itemIndex(named: request.text) {
            return OrderLine(item: item, quantity: 1)
        }
        let words = request.words
        if words.count >= 2, let last = words.last, CommandParser.isNumeral(last) {
            let item = try itemIndex(words.dropLast().joined(separator: " "))
            return OrderLine(item: item, quantity: try CommandParser.number(last, what: "quantity", minimum: 1))
        }
        if words.count >= 2, CommandParser.isNumeral(words[0]) {
            let item = try itemIndex(words.dropFirst().joined(separator: " "))
            return OrderLine(item: item, quantity: try CommandParser.number(words[0], what: "quantity", minimum: 1))
        }
        return OrderLine(item: try itemIndex(request.text), quantity: 1)
    }

    private func itemIndex(_ name: String) throws(CommandError) -> Int {
        if let index = kiosk.menu.itemIndex(named: name) { return index }
        let names = kiosk.menu.items.flatMap { [$0.name, $0.slug] + $0.aliases }
        throw .unknownItem(name, suggestion: Suggestions.closest(to: name, among: names))
    }

    // MARK: Stock

    private func ingredientIndex(_ name: String) throws(CommandError) -> Int {
        if let index = kiosk.menu.ingredientIndex(named: name) { return index }
        throw .unknownIngredient(name, suggestion: Suggestions.closest(to: name, among: kiosk.menu.ingredients.map(\.name)))
    }

    private func editStock(_ edit: StockEdit, _ name: String, _ amount: Int) throws(CommandError) -> StockChange {
        let index = try ingredientIndex(name)
        let ingredient = kiosk.menu.ingredients[index].name
        do {
            let change = try kiosk.edit(edit, amount, of: index, at: clock(), emitting: &events)
            return StockChange(ingredient: ingredient, from: change.from, to: change.to)
        } catch {
            switch error {
            case .belowZero(_, let available, let requested):
                throw .belowZero(ingredient: ingredient, available: available, requested: requested)
            case .aboveMaximum(_, let current, let requested):
                throw .aboveMaximum(ingredient: ingredient, current: current, requested: requested)
            case .amountOutOfRange(let amount):
                throw .numberTooLarge(String(amount), what: "amount")
            }
        }
    }

    /// Every low or short ingredient with the amount `restock` offers, by name.
    public var restockSuggestions: [(ingredient: String, count: Int, amount: Int)] {
        kiosk.restockSuggestions.map { (kiosk.menu.ingredients[$0.ingredient].name, kiosk.inventory[$0.ingredient], $0.amount) }
    }

    /// What the last refused order was short of, with the shortfall as the amount.
    public var shortfallSuggestions: [(ingredient: String, count: Int, amount: Int)] {
        kiosk.lastShortfalls.map { shortfall in
            let count = kiosk.inventory[shortfall.ingredient]
            return (kiosk.menu.ingredients[shortfall.ingredient].name, count, max(0, shortfall.needed - count))
        }
    }

    private func restockAll() throws(CommandError) -> [StockChange] {
        var changes: [StockChange] = []
        for suggestion in restockSuggestions {
            changes.append(try editStock(.restock, suggestion.ingredient, suggestion.amount))
        }
        return changes
    }

    // MARK: Sinks

    /// Every sink's counters, with what waits in the journal and what failed for good.
    private var sinkStatuses: [SinkStatus] {
        let backlog = dispatcher.backlog(lastSequence: kiosk.sequence)
        return dispatcher.statuses.map { status in
            var status = status
            if let waiting = backlog[status.name] { status.waiting = waiting }
            if let store { status.failed = store.deliveries.failures(of: status.name).count }
            return status
        }
    }

    /// The sinks a `sinks failed|retry` command names: all of them, one by its name, or
    /// the one of a kind.
    private func sinkNames(matching name: String?) throws(CommandError) -> [String] {
        let names = dispatcher.backgroundNames + (store?.deliveries.bySink.keys.sorted() ?? []).filter { !dispatcher.backgroundNames.contains($0) }
        guard let name else { return names }
        if names.contains(name) { return [name] }
        let ofKind = names.filter { $0.split(separator: " ").first.map(String.init) == name }
        if ofKind.count == 1 { return ofKind }
        throw .unknownSink(name, known: names)
    }

    private func failedEvents(of name: String?) throws(CommandError) -> [FailedEvent] {
        guard let store else { return [] }
        return try sinkNames(matching: name).flatMap { sink in
            store.deliveries.failures(of: sink).map { FailedEvent(sink: sink, event: $0.event, reason: $0.reason, retrying: $0.retrying) }
        }
    }

    /// Marks the failed events as retried in the journal and hands them to their sinks.
    private func retryFailedEvents(of name: String?) throws(CommandError) -> [RetriedSink] {
        guard let store else { return [] }
        var retried: [RetriedSink] = []
        for sink in try sinkNames(matching: name) {
            let events = store.deliveries.failures(of: sink).map(\.event)
            guard !events.isEmpty, dispatcher.retry(sink: sink, events: events) else {
                retried.append(RetriedSink(sink: sink, count: 0))
                continue
            }
            facts.append(.retryRequested(sink: sink))
            retried.append(RetriedSink(sink: sink, count: events.count))
        }
        return retried
    }

    // MARK: Menu

    private func reload() throws(CommandError) -> CommandOutput {
        let compilation = menuSource.compile()
        guard let compiled = compilation.menu else {
            if let unreadable = compilation.unreadable {
                throw .reloadFailed(diagnostics: "cannot read '\(TerminalText.visible(unreadable.path))': \(unreadable.reason)\n")
            }
            throw .reloadFailed(diagnostics: compilation.render(with: renderer))
        }
        let swap = kiosk.replaceMenu(with: compiled.menu, at: clock(), emitting: &events)
        if store?.mode == .state {
            facts = swap.declared.map { .stockDeclared(ingredient: $0.ingredient, count: $0.count) }
        }
        let difference = swap.difference
        var notes: [String] = []
        if compiled.sinks != sinkDeclarations {
            notes.append("The menu's sinks changed; the new sinks take effect at the next start.")
        }
        return .reloaded(difference, notes: notes)
    }
}
