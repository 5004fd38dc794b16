import KioskApplication
import KioskCore
import KioskJournal
import KioskMenu
import KioskSinks
import KioskSystem
import KioskTerminal
import KioskText

/// How a kiosk starts and ends, the same at a prompt, in a batch and as a server: the
/// menu compiled, the state opened, the sinks made and started, the session on them; at
/// the end a checkpoint, the sinks given their deadline, and what is left said.
struct SessionWiring {
    let arguments: Arguments
    let environment: [String: String]
    let output: FileOutput
    let errors: FileOutput

    /// Whether diagnostics and the console may use colour.
    var colors: Bool {
        ProcessEnvironment.wantsColor(isTerminal: errors.isTerminal, noColorFlag: arguments.noColor, environment: environment)
    }

    var renderer: DiagnosticRenderer { DiagnosticRenderer(colors: colors) }

    /// The menu and the state, read; nothing started yet.
    struct Loaded {
        let source: MenuSource
        let compiled: CompiledMenu
        let commandLineSinks: [SinkDeclaration]
        /// The sink kinds: the built-in ones and the plugins the menu uses.
        let registry: SinkRegistry
        var kiosk: Kiosk
        var store: StateStore?
        /// The newest time the state holds: a virtual clock starts no earlier.
        var latestTime: Timestamp?
    }

    /// A session with its sinks running.
    struct Running {
        let session: Session
        let dispatcher: Dispatcher
        let sinks: SinkSetup
        let store: StateStore?
        /// The card reader, when the menu's `reader` is a plugin.
        let reader: PluginReader?
    }

    /// Compiles the menu and the command line's sinks and opens the state.
    func load() throws(StartupError) -> Loaded {
        // The plugins the menu names are asked for their options, and configured, first.
        let catalog = Plugins.catalog(pluginPaths: arguments.pluginPaths, environment: environment)
        let (compilation, menuRegistry) = catalog.compile { registry in
            MenuSource(path: arguments.menu, compiler: MenuCompiler(sinkSchemas: registry.schemas, readerSchemas: registry.readerSchemas, environment: environment)).compile()
        }
        let compiler = MenuCompiler(sinkSchemas: menuRegistry.schemas, readerSchemas: menuRegistry.readerSchemas, environment: environment)
        let source = MenuSource(path: arguments.menu, compiler: compiler)
        guard let compiled = compilation.menu else {
            if let unreadable = compilation.unreadable { throw .unreadableMenu(unreadable) }
            throw .invalidMenu(MenuFailure(compilation))
        }
        // The menu's `language` speaks when neither `--lang` nor the environment chose.
        if arguments.language == nil, Language.fromEnvironment(environment) == nil, let language = compiled.language {
            Localization.use(language)
        }
        // `--sink` may name a plugin the menu does not use.
        let (commandLineSinks, registry) = try CommandLineSinks.compile(
            arguments.sinks, with: compiler, catalog: catalog, registry: menuRegistry, failure: StartupError.invalidCommandLineSink
        )
        let (kiosk, store, latest) = try openState(menu: compiled.menu)
        if let start = arguments.clock?.start, let latest, start < latest.millisecondsSince1970 {
            throw .clockBeforeState(start: Timestamp(millisecondsSince1970: start), latest: latest)
        }
        return Loaded(
            source: source, compiled: compiled, commandLineSinks: commandLineSinks, registry: registry, kiosk: kiosk, store: store, latestTime: latest
        )
    }

    /// Makes and starts the sinks (with a private journal for those that read one when
    /// there is no `--state`, or for every event with `keepJournal`: a server streams them
    /// from it), and the session on them.
    func start(_ loaded: Loaded, keepJournal: Bool = false) throws(StartupError) -> Running {
        var (kiosk, store) = (loaded.kiosk, loaded.store)
        let compiled = loaded.compiled
        // The reader first: one that cannot start stops kiosk before any sink runs.
        let reader = try startReader(loaded)
        var started = false
        defer { if !started { reader?.close(by: ContinuousClock.now.advanced(by: .milliseconds(500))) } }
        let sinks = SinkSetup(arguments: arguments, environment: environment, output: output, colors: colors, registry: loaded.registry)
        let members: [Dispatcher.Member]
        do throws(SinkSetupError) {
            members = try sinks.members(for: sinks.declarations(menu: compiled.sinks, commandLine: loaded.commandLineSinks), kioskName: compiled.menu.name)
        } catch {
            throw .sinkSetup(error, onCommandLine: loaded.commandLineSinks.contains { $0.origin == error.origin })
        }
        if store == nil, keepJournal || members.contains(where: { !$0.isForeground }) {
            (kiosk, store) = try openPrivateJournal(sinks.privateJournalPath(menuName: compiled.menu.name, members: members), kiosk: kiosk)
        }
        let clock = sessionClock(notBefore: loaded.latestTime)
        // The windows of discounts are read in the machine's zone, as the clock times shown are.
        kiosk.utcOffset = SystemClock.utcOffset
        let dispatcher = Dispatcher(members, journal: store?.journal, lastSequence: kiosk.sequence, clock: { clock.now() })
        dispatcher.start(retrying: store?.interruptedRetries ?? [:])
        let session = Session(
            kiosk: kiosk, dispatcher: dispatcher, menuSource: loaded.source, sinkDeclarations: compiled.sinks,
            time: clock, store: store
        )
        if let reader {
            session.reader = reader
            session.readerDeclaration = compiled.reader
        }
        session.operatorName = arguments.operatorName
            ?? Arguments.defaultOperator(environment: environment, account: CurrentProcess.accountName())
        started = true
        return Running(session: session, dispatcher: dispatcher, sinks: sinks, store: store, reader: reader)
    }

    /// The menu's `reader` plugin, started and configured; `nil` for the simulated reader.
    private func startReader(_ loaded: Loaded) throws(StartupError) -> PluginReader? {
        guard let declaration = loaded.compiled.reader, let description = loaded.registry.reader(named: declaration.kind) else { return nil }
        let reader = PluginReader(description: description, declaration: declaration, environment: environment)
        do throws(SinkSetupError) {
            try reader.start()
        } catch {
            throw .sinkSetup(error, onCommandLine: false)
        }
        return reader
    }

    /// At the end: a checkpoint of the state, the sinks given `--flush-timeout` to deliver,
    /// and what is left said on standard error. `false` when standard output could not be
    /// written.
    func finish(_ running: Running) -> Bool {
        running.session.checkpoint()
        running.reader?.close(by: ContinuousClock.now.advanced(by: .milliseconds(500)))
        let statuses = running.dispatcher.shutdown(timeout: arguments.flushTimeout)
        running.sinks.http.close()
        running.store?.refreshDeliveries()
        if let store = running.store, arguments.state != nil {
            noteSinksAway(except: running.dispatcher.backgroundNames, in: store.journal, lastSequence: running.session.kiosk.sequence)
        }
        errors.write(running.sinks.farewell(
            statuses, backlog: running.dispatcher.backlog(lastSequence: running.session.kiosk.sequence), failures: running.store?.deliveries,
            journal: running.store?.journal.directory.path
        ))
        return output.flush()
    }

    /// What `start` returns, or, when the start fails, its exit code with the failure
    /// reported.
    func exitCode(_ start: () throws(StartupError) -> ExitCode) -> ExitCode {
        do throws(StartupError) {
            return try start()
        } catch {
            report(error)
            return error.exitCode
        }
    }

    /// Writes a start that failed: its text, or its JSON under `--json`.
    func report(_ error: StartupError) {
        if arguments.json {
            errors.write(bytes: error.json(text: text(for: error)))
        } else {
            errors.write(text(for: error))
        }
    }

    // MARK: Parts

    /// The wall clock, or the virtual clock of `--clock virtual`: from its TIME, else from
    /// now — or from the state's newest time when that is later (and then it says so).
    func sessionClock(notBefore latest: Timestamp?) -> SessionClock {
        guard let choice = arguments.clock else { return SessionClock(wall: SystemClock.now) }
        if let start = choice.start { return SessionClock(virtualAt: Timestamp(millisecondsSince1970: start)) }
        let now = WallClock.millisecondsSince1970()
        if let latest, latest.millisecondsSince1970 > now {
            note(.clockStartsAtState(latest))
            return SessionClock(virtualAt: latest)
        }
        return SessionClock(virtualAt: Timestamp(millisecondsSince1970: now))
    }

    /// A fresh kiosk, or the fold of the state directory (`--state`). A state that cannot
    /// be read or is damaged before its end stops the start, untouched. A state file of
    /// the first format is converted into a directory once.
    private func openState(menu: Menu) throws(StartupError) -> (Kiosk, StateStore?, Timestamp?) {
        var seed = SystemRandomNumberGenerator()
        let ids = UUIDv7Generator(seed: seed.next())
        guard let path = arguments.state else { return (Kiosk(menu: menu, ids: ids), nil, nil) }
        try migrateIfNeeded(path)
        let options = JournalTuning.stateJournal(environment)
        do throws(JournalError) {
            let opened = try StateStore.open(StateDirectory(path: path), mode: .state, options: options, menu: menu, ids: ids, at: SystemClock.now())
            report(opened.opening)
            return (opened.opening.kiosk, opened.store, opened.opening.latestTime)
        } catch {
            throw .state(error)
        }
    }

    /// The journal where events wait for their sinks without `--state`: stock starts fresh,
    /// the event sequence goes on. A directory that cannot be made stops the start (73):
    /// sinks whose events could be lost must not run.
    private func openPrivateJournal(_ path: String, kiosk: Kiosk) throws(StartupError) -> (Kiosk, StateStore?) {
        let options = JournalTuning.eventsJournal(environment)
        do throws(JournalError) {
            var seed = SystemRandomNumberGenerator()
            let opened = try StateStore.open(
                StateDirectory(path: path), mode: .events, options: options, menu: kiosk.menu, ids: UUIDv7Generator(seed: seed.next()),
                at: SystemClock.now()
            )
            report(opened.opening)
            return (opened.opening.kiosk, opened.store)
        } catch {
            throw .privateJournal(error)
        }
    }

    /// Says, at the end, which sinks the state keeps events for that this run left out: a
    /// shorter command line or a menu edited for a day is no decision to forget a sink, so
    /// its cursor stays and what it has not delivered waits for it. A sink another running
    /// kiosk delivers for is not away.
    private func noteSinksAway(except names: [String], in journal: Journal, lastSequence: UInt64) {
        for cursor in CursorFile.all(in: journal.directory) where !names.contains(cursor.sink) {
            guard let mark = cursor.mark, mark.sequence < lastSequence, !CursorFile.isHeld(cursor.file) else { continue }
            // `seq` goes up by one per event in a state: the events after the mark, of every type.
            note(.sinkAway(sink: cursor.sink, waiting: Int(lastSequence - mark.sequence), keptUntil: cursor.expires, state: journal.directory.path))
        }
    }

    /// Converts a first-format state file at `path` into a state directory.
    private func migrateIfNeeded(_ path: String) throws(StartupError) {
        if StateMigration.finishInterrupted(at: path) {
            note(.conversionFinished(path: path))
            return
        }
        guard (try? FileSystem.status(of: path))?.kind == .regular else { return }
        do throws(StateMigration.Failure) {
            let outcome = try StateMigration.migrate(path)
            note(.stateConverted(path: path, keptAs: outcome.keptAs))
        } catch {
            throw .migration(error)
        }
    }

    /// What opening the state found that a person should know.
    private func report(_ opening: StateStore.Opening) {
        for repair in opening.repairs { note(.journalRepaired(repair)) }
        if !opening.vanishedIngredients.isEmpty { note(.ingredientsGone(opening.vanishedIngredients)) }
        if !opening.newIngredients.isEmpty { note(.ingredientsNew(opening.newIngredients)) }
    }

    // MARK: Rendering, once

    /// The text of a start that failed, for standard error.
    func text(for error: StartupError) -> String {
        // A menu's diagnostics are made visible as they are laid out, and may be coloured.
        if case .invalidMenu(let failure) = error { return failure.compilation.render(with: renderer) }
        if case .invalidCommandLineSink(let failure) = error { return failure.compilation.render(with: renderer) }
        // The rest as a whole: paths, sink targets and the system's words come from outside.
        return TerminalText.visibleLines(words(for: error))
    }

    private func words(for error: StartupError) -> String {
        switch error {
        case .unreadableMenu(let unreadable):
            "kiosk: " + tr("cannot read '{path}': {reason}", ["path": TerminalText.visible(unreadable.path), "reason": unreadable.reason]) + "\n"
        case .invalidMenu, .invalidCommandLineSink: "kiosk: " + tr("the menu has errors") + "\n"
        case .sinkSetup(let error, _): "kiosk: \(error.message)\n"
        case .state(let error): "kiosk: \(error.message)\n"
        case .privateJournal(let error): "kiosk: " + tr("events for the sinks cannot be kept: {reason}", ["reason": error.message]) + "\n"
        case .migration(let failure): "kiosk: \(failure.message)\n"
        case .unreadableScript(let path, let error):
            "kiosk: " + tr("cannot read '{path}': {reason}", ["path": TerminalText.visible(path), "reason": error.reason]) + "\n"
        case .cannotListen(let address, let error):
            "kiosk: " + tr("cannot listen on {address}: {reason}", ["address": TerminalText.visible(address), "reason": ServeCommand.reason(error)]) + "\n"
        case .insecureListen(let address):
            "kiosk: "
                + tr(
                    "refusing to serve on {address} without HTTPS: other machines can reach it, and the operator's token would cross the network in clear; give --tls-cert FILE and --tls-key FILE, or listen on 127.0.0.1",
                    ["address": TerminalText.visible(address)]
                ) + "\n"
        case .unreadableFile(let path, let error):
            "kiosk: " + tr("cannot read '{path}': {reason}", ["path": TerminalText.visible(path), "reason": error.reason]) + "\n"
        case .invalidToken(let source, let reason):
            "kiosk: " + tr("the operator's token from {source} {reason}", ["source": TerminalText.visible(source), "reason": Localization.text(reason, in: Localization.language)]) + "\n"
        case .cannotCreateFile(let path, let error):
            "kiosk: " + tr("cannot write '{path}': {reason}", ["path": TerminalText.visible(path), "reason": error.reason]) + "\n"
        case .server(let error): "kiosk: \(error.message)\n"
        case .clockBeforeState(let start, let latest):
            "kiosk: "
                + tr(
                    "the virtual clock would start at {start}, before the state's newest record ({latest}): orders would come before older ones; start it at {latest} or later, or give --clock virtual without a time to start there",
                    [
                        "start": ISO8601.string(millisecondsSince1970: start.millisecondsSince1970),
                        "latest": ISO8601.string(millisecondsSince1970: latest.millisecondsSince1970),
                    ]
                ) + "\n"
        }
    }

    /// Writes what a person should know about the start, as it happens.
    func note(_ notice: StartupNotice) {
        errors.write(SessionWiring.text(for: notice))
    }

    static func text(for notice: StartupNotice) -> String {
        TerminalText.visibleLines(words(for: notice))
    }

    private static func words(for notice: StartupNotice) -> String {
        switch notice {
        case .stateConverted(let path, let keptAs):
            "kiosk: "
                + tr(
                    "converted the state file '{path}' into a state directory; the old file is kept as '{kept}'",
                    ["path": TerminalText.visible(path), "kept": TerminalText.visible(keptAs)]
                ) + "\n"
        case .conversionFinished(let path):
            "kiosk: " + tr("finished converting the state file '{path}' into a state directory", ["path": TerminalText.visible(path)]) + "\n"
        case .journalRepaired(let repair):
            "kiosk: "
                + tr(
                    "the journal ended in a commit cut short (by a crash or a full disk): dropped its last {count} bytes, at byte {offset} of '{file}'",
                    ["count": repair.bytes, "offset": repair.offset, "file": TerminalText.visible(repair.file)]
                ) + "\n"
        case .ingredientsGone(let gone):
            "kiosk: "
                + trn(
                    "the menu no longer has {ingredients}; the state keeps its stock in case it comes back",
                    "the menu no longer has {ingredients}; the state keeps their stock in case they come back", gone.count,
                    ["ingredients": gone.map { "\($0.ingredient) (\($0.count))" }.joined(separator: ", ")]
                ) + "\n"
        case .ingredientsNew(let names):
            "kiosk: " + tr("new on the menu, at their declared stock: {names}", ["names": names.joined(separator: ", ")]) + "\n"
        case .sinkAway(let sink, let waiting, let keptUntil, let state):
            "kiosk: "
                + trn(
                    "{count} event waits in the state for the sink '{sink}', which is not in this run; it is sent when the sink runs again (its cursor is kept until {date}; kiosk state sinks {state} lists the sinks, kiosk state forget lets one go)",
                    "{count} events wait in the state for the sink '{sink}', which is not in this run; they are sent when the sink runs again (its cursor is kept until {date}; kiosk state sinks {state} lists the sinks, kiosk state forget lets one go)",
                    waiting,
                    [
                        "count": waiting, "sink": TerminalText.visible(sink),
                        "date": ISO8601.string(millisecondsSince1970: keptUntil.millisecondsSince1970), "state": TerminalText.visible(state),
                    ]
                ) + "\n"
        case .clockStartsAtState(let latest):
            "kiosk: "
                + tr(
                    "the virtual clock starts at the state's newest record, {latest}, which is later than now",
                    ["latest": ISO8601.string(millisecondsSince1970: latest.millisecondsSince1970)]
                ) + "\n"
        case .readlineMissing:
            "kiosk: " + tr("GNU readline (libreadline.so.8) cannot be loaded; reading commands without line editing") + "\n"
        case .historyUnusable(let problem):
            "kiosk: \(ErrorText().message(problem))\n"
        }
    }
}
