import KioskCore
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
        let stateFile = arguments.state.map(StateFile.init(path:))
        let kiosk = try loadKiosk(menu: compiled.menu, from: stateFile)
        let reader = try makeReader(menu: compiled.menu)
        Signals.watchHangups()
        let sinks = SinkSetup(arguments: arguments, environment: environment, output: output, colors: colors)
        let members: [Dispatcher.Member]
        do {
            members = try sinks.members(for: sinks.declarations(menu: compiled.sinks, commandLine: commandLineSinks), kioskName: compiled.menu.name)
        } catch {
            errors.write("kiosk: \(error.message)\n")
            throw commandLineSinks.contains { $0.origin == error.origin } ? .usage : .invalidMenu
        }
        let dispatcher = Dispatcher(members)
        dispatcher.start()

        let session = Session(
            kiosk: kiosk, dispatcher: dispatcher, menuSource: source, sinkDeclarations: compiled.sinks,
            clock: SystemClock.now, renderer: renderer
        )
        if let stateFile {
            session.persist = { kiosk in
                do throws(StateFileError) {
                    try stateFile.save(kiosk.snapshot)
                    return nil
                } catch {
                    return .notSaved(error.message)
                }
            }
        }
        let presenter = Presenter(bold: colors && output.isTerminal, utcOffset: SystemClock.utcOffset)
        let options = RunOptions(
            bail: arguments.bail, json: arguments.json, quiet: arguments.quiet, colors: colors, flushEachCommand: stateFile != nil
        )

        var status = ExitCode.success
        if reader.isInteractive {
            InteractiveRunner(session: session, reader: reader, output: output, errors: errors, presenter: presenter, options: options).run()
        } else {
            let allSucceeded = BatchRunner(session: session, reader: reader, output: output, errors: errors, presenter: presenter, options: options).run()
            status = allSucceeded ? .success : .failure
        }
        let statuses = dispatcher.shutdown(timeout: arguments.flushTimeout)
        sinks.http.close()
        errors.write(sinks.farewell(statuses, members: members))
        if !output.flush() { return .ioError }
        return status
    }

    // MARK: Parts

    /// A fresh kiosk, or one that goes on from the state file. A state file that cannot be
    /// read or understood stops the start, untouched.
    private func loadKiosk(menu: Menu, from stateFile: StateFile?) throws(ExitCode) -> Kiosk {
        var seed = SystemRandomNumberGenerator()
        let ids = UUIDv7Generator(seed: seed.next())
        guard let stateFile else { return Kiosk(menu: menu, ids: ids) }
        do {
            guard let snapshot = try stateFile.load() else {
                let kiosk = Kiosk(menu: menu, ids: ids)
                try stateFile.save(kiosk.snapshot)
                return kiosk
            }
            let (kiosk, report) = Kiosk.restoring(snapshot, menu: menu, ids: ids)
            if !report.vanishedIngredients.isEmpty {
                let names = report.vanishedIngredients.map { "\($0.ingredient) (\($0.count))" }.joined(separator: ", ")
                errors.write("kiosk: the menu no longer has \(names); the state file's stock of \(report.vanishedIngredients.count == 1 ? "it" : "them") is dropped at the next save\n")
            }
            if !report.newIngredients.isEmpty {
                errors.write("kiosk: new on the menu, at their declared stock: \(report.newIngredients.joined(separator: ", "))\n")
            }
            return kiosk
        } catch {
            errors.write("kiosk: \(error.message)\n")
            switch error {
            case .unreadable: throw .unreadableInput
            case .corrupt: throw .invalidMenu
            case .unwritable: throw .ioError
            }
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
