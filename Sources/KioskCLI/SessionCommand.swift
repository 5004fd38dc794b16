import KioskCore
import KioskJournal
import KioskMenu
import KioskREPL
import KioskSinks
import KioskSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `kiosk [options]`: loads the menu, starts the sinks, and runs the REPL or a batch.
struct SessionCommand {
    let arguments: Arguments
    let environment: [String: String]
    let output: FileOutput
    let errors: FileOutput

    /// Whether diagnostics and the console may use colour.
    private var colors: Bool {
        ProcessEnvironment.wantsColor(isTerminal: errors.isTerminal, noColorFlag: arguments.noColor, environment: environment)
    }

    func run() -> ExitCode {
        do {
            return try start()
        } catch {
            return error
        }
    }

    private func start() throws(ExitCode) -> ExitCode {
        let compiler = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas, environment: environment)
        let source = MenuSource(path: arguments.menu, compiler: compiler)
        let renderer = DiagnosticRenderer(colors: colors)

        let compilation = source.compile()
        guard let compiled = compilation.menu else {
            if let unreadable = compilation.unreadable {
                errors.write("kiosk: cannot read '\(TerminalText.visible(unreadable.path))': \(unreadable.reason)\n")
                throw .unreadableInput
            }
            errors.write(compilation.render(with: renderer))
            throw .invalidMenu
        }
        let commandLineSinks = try compileCommandLineSinks(compiler, renderer: renderer)
        var (kiosk, store) = try openState(menu: compiled.menu)
        let reader = try makeReader(menu: compiled.menu)
        Signals.watchHangups()
        // At a terminal Ctrl-C clears the line; in a batch it stops like SIGTERM.
        Signals.watchTermination(interrupt: !reader.isInteractive)
        let sinks = SinkSetup(arguments: arguments, environment: environment, output: output, colors: colors)
        let members: [Dispatcher.Member]
        do {
            members = try sinks.members(for: sinks.declarations(menu: compiled.sinks, commandLine: commandLineSinks), kioskName: compiled.menu.name)
        } catch {
            errors.write("kiosk: \(error.message)\n")
            throw commandLineSinks.contains { $0.origin == error.origin } ? .usage : .invalidMenu
        }
        if store == nil, members.contains(where: { !$0.isForeground }) {
            (kiosk, store) = try openPrivateJournal(sinks.privateJournalPath(menuName: compiled.menu.name, members: members), kiosk: kiosk)
        }
        let dispatcher = Dispatcher(members, journal: store?.journal, lastSequence: kiosk.sequence)
        if let store { dropCursors(except: dispatcher.backgroundNames, in: store.journal) }
        dispatcher.start(retrying: store?.interruptedRetries ?? [:])

        let session = Session(
            kiosk: kiosk, dispatcher: dispatcher, menuSource: source, sinkDeclarations: compiled.sinks,
            clock: SystemClock.now, renderer: renderer, store: store
        )
        let presenter = Presenter(bold: colors && output.isTerminal, utcOffset: SystemClock.utcOffset)
        let options = RunOptions(
            bail: arguments.bail, json: arguments.json, quiet: arguments.quiet, colors: colors
        )

        var status = ExitCode.success
        if reader.isInteractive {
            InteractiveRunner(session: session, reader: reader, output: output, errors: errors, presenter: presenter, options: options).run()
        } else {
            let allSucceeded = BatchRunner(session: session, reader: reader, output: output, errors: errors, presenter: presenter, options: options).run()
            status = allSucceeded ? .success : .failure
        }
        session.checkpoint()
        let statuses = dispatcher.shutdown(timeout: arguments.flushTimeout)
        sinks.http.close()
        store?.refreshDeliveries()
        errors.write(sinks.farewell(
            statuses, backlog: dispatcher.backlog(lastSequence: session.kiosk.sequence), failures: store?.deliveries,
            journal: store?.journal.directory.path
        ))
        if !output.flush() { return .ioError }
        if let signal = Signals.terminationSignal { return .signalled(signal) }
        return status
    }

    // MARK: Parts

    /// A fresh kiosk, or the fold of the state directory (`--state`). A state that cannot
    /// be read or is damaged before its end stops the start, untouched. A state file of
    /// the first format is converted into a directory once.
    private func openState(menu: Menu) throws(ExitCode) -> (Kiosk, StateStore?) {
        var seed = SystemRandomNumberGenerator()
        let ids = UUIDv7Generator(seed: seed.next())
        guard let path = arguments.state else { return (Kiosk(menu: menu, ids: ids), nil) }
        try migrateIfNeeded(path)
        let options = Journal.Options(durability: .synchronized, segmentLimit: JournalTuning.segmentLimit(environment))
        do throws(JournalError) {
            let (store, opening) = try StateStore.open(
                StateDirectory(path: path), mode: .state, options: options, menu: menu, ids: ids, at: SystemClock.now()
            )
            report(opening)
            return (opening.kiosk, store)
        } catch {
            errors.write("kiosk: \(error.message)\n")
            throw ExitCode(error)
        }
    }

    /// The journal where events wait for their sinks without `--state`: stock starts fresh,
    /// the event sequence goes on. A directory that cannot be made stops the start (73):
    /// sinks whose events could be lost must not run.
    private func openPrivateJournal(_ path: String, kiosk: Kiosk) throws(ExitCode) -> (Kiosk, StateStore?) {
        let options = Journal.Options(durability: .written, segmentLimit: JournalTuning.segmentLimit(environment))
        do throws(JournalError) {
            var seed = SystemRandomNumberGenerator()
            let (store, opening) = try StateStore.open(
                StateDirectory(path: path), mode: .events, options: options, menu: kiosk.menu, ids: UUIDv7Generator(seed: seed.next()),
                at: SystemClock.now()
            )
            report(opening)
            return (opening.kiosk, store)
        } catch {
            errors.write("kiosk: events for the sinks cannot be kept: \(error.message)\n")
            throw error.isCorruption ? ExitCode(error) : .cannotCreate
        }
    }

    /// Forgets the cursors of sinks that are no longer configured, so the journal can be
    /// compacted; says how many events each leaves undelivered.
    private func dropCursors(except names: [String], in journal: Journal) {
        for cursor in CursorFile.all(in: journal.directory) where !names.contains(cursor.sink) {
            let undelivered = cursor.mark.map { Dispatcher.countEvents(after: $0, in: journal) } ?? 0
            guard CursorFile.remove(cursor.file) else { continue }
            let note = undelivered > 0 ? "; the \(undelivered) events it had not delivered will not be sent to it" : ""
            errors.write("kiosk: the sink '\(TerminalText.visible(cursor.sink))' is no longer configured: its cursor is dropped\(note)\n")
        }
    }

    /// Converts a first-format state file at `path` into a state directory.
    private func migrateIfNeeded(_ path: String) throws(ExitCode) {
        if StateMigration.finishInterrupted(at: path) {
            errors.write("kiosk: finished converting the state file '\(TerminalText.visible(path))' into a state directory\n")
            return
        }
        guard (try? FileSystem.status(of: path))?.kind == .regular else { return }
        do throws(StateMigration.Failure) {
            let outcome = try StateMigration.migrate(path)
            errors.write("kiosk: converted the state file '\(TerminalText.visible(path))' into a state directory; the old file is kept as '\(TerminalText.visible(outcome.keptAs))'\n")
        } catch {
            errors.write("kiosk: \(error.message)\n")
            switch error {
            case .unreadable: throw .unreadableInput
            case .corrupt: throw .invalidMenu
            case .cannotWrite: throw .ioError
            }
        }
    }

    /// What opening the state found that a person should know.
    private func report(_ opening: StateStore.Opening) {
        for repair in opening.repairs {
            errors.write("kiosk: the journal ended in a commit cut short (by a crash or a full disk): dropped its last \(repair.bytes) bytes, at byte \(repair.offset) of '\(TerminalText.visible(repair.file))'\n")
        }
        if !opening.vanishedIngredients.isEmpty {
            let names = opening.vanishedIngredients.map { "\($0.ingredient) (\($0.count))" }.joined(separator: ", ")
            errors.write("kiosk: the menu no longer has \(names); the state keeps \(opening.vanishedIngredients.count == 1 ? "its stock" : "their stock") in case \(opening.vanishedIngredients.count == 1 ? "it comes" : "they come") back\n")
        }
        if !opening.newIngredients.isEmpty {
            errors.write("kiosk: new on the menu, at their declared stock: \(opening.newIngredients.joined(separator: ", "))\n")
        }
    }

    private func compileCommandLineSinks(_ compiler: MenuCompiler, renderer: DiagnosticRenderer) throws(ExitCode) -> [SinkDeclaration] {
        var sinks: [SinkDeclaration] = []
        for (index, text) in arguments.sinks.enumerated() {
            let origin = arguments.sinks.count == 1 ? "--sink" : "--sink#\(index + 1)"
            let compilation = compiler.compileSink(text, origin: origin)
            guard let declaration = compilation.menu?.sinks.first else {
                errors.write(compilation.render(with: renderer))
                throw .usage
            }
            sinks.append(declaration)
        }
        return sinks
    }

    /// Readline on a terminal; plain lines from a pipe, a file or `-c` otherwise.
    private func makeReader(menu: Menu) throws(ExitCode) -> any LineReader {
        switch arguments.mode {
        case .commands(let script):
            return CommandListReader(script)
        case .script(let path) where path != "-":
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            var info = stat()
            guard fd >= 0, fstat(fd, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
                let reason = fd < 0 ? String(cString: strerror(errno)).lowercased() : "is a directory"
                errors.write("kiosk: cannot read '\(TerminalText.visible(path))': \(reason)\n")
                throw .unreadableInput
            }
            return PlainLineReader(descriptor: fd, beforeBlocking: {})
        case .session where isatty(STDIN_FILENO) == 1:
            if let reader = ReadlineLineReader(historyPath: HistoryFile.path(environment: environment), completer: Completer(menu: menu)) {
                return reader
            }
            errors.write("kiosk: GNU readline (libreadline.so.8) cannot be loaded; reading commands without line editing\n")
            let output = self.output
            let lines = PlainLineReader(descriptor: STDIN_FILENO, beforeBlocking: { output.flush() })
            return PromptingLineReader(lines: lines, writePrompt: { output.write($0) })
        default:
            let output = self.output
            return PlainLineReader(descriptor: STDIN_FILENO, beforeBlocking: { output.flush() })
        }
    }
}
