import KioskApplication
import KioskCore
import KioskMenu
import KioskSystem
import KioskTerminal

/// `kiosk [options]`: loads the menu, starts the sinks, and runs the REPL or a batch.
struct SessionCommand {
    let arguments: Arguments
    let environment: [String: String]
    let output: FileOutput
    let errors: FileOutput

    private var wiring: SessionWiring {
        SessionWiring(arguments: arguments, environment: environment, output: output, errors: errors)
    }

    func run() -> ExitCode {
        wiring.exitCode(start)
    }

    private func start() throws(StartupError) -> ExitCode {
        let wiring = self.wiring
        let loaded = try wiring.load()
        let reader = try makeReader(menu: loaded.compiled.menu)
        // At a terminal Ctrl-C clears the line; in a batch it stops like SIGTERM.
        Signals.watchTermination(interrupt: !reader.isInteractive)
        let running = try wiring.start(loaded)
        let colors = wiring.colors
        var resultText = ResultText(bold: colors && output.isTerminal, utcOffset: SystemClock.utcOffset, errors: ErrorText(diagnostics: wiring.renderer))
        resultText.colour = colors && output.isTerminal
        let options = RunOptions(
            bail: arguments.bail, json: arguments.json, quiet: arguments.quiet, colors: colors
        )
        let session = running.session
        var status = ExitCode.success
        if reader.isInteractive {
            InteractiveRunner(session: session, reader: reader, output: output, errors: errors, resultText: resultText, options: options).run()
        } else {
            let allSucceeded = BatchRunner(session: session, reader: reader, output: output, errors: errors, resultText: resultText, options: options).run()
            status = allSucceeded ? .success : .failure
        }
        if !wiring.finish(running) { return .ioError }
        if let signal = Signals.terminationSignal { return .signalled(signal) }
        return status
    }

    /// Readline on a terminal; plain lines from a pipe, a file or `-c` otherwise.
    private func makeReader(menu: Menu) throws(StartupError) -> any LineReader {
        switch arguments.mode {
        case .commands(let script):
            return CommandListReader(script)
        case .script(let path) where path != "-":
            do throws(SystemError) {
                return PlainLineReader(descriptor: try FileSystem.openForReading(path), beforeBlocking: {})
            } catch {
                throw .unreadableScript(path: path, error)
            }
        case .session where FileSystem.isTerminal(CurrentProcess.standardInput):
            var history = HistoryFile.path(environment: environment)
            if let path = history, let problem = HistoryFile.check(path) {
                wiring.note(.historyUnusable(problem))
                history = nil
            }
            if let reader = ReadlineLineReader(historyPath: history, completer: Completer(menu: menu)) {
                return reader
            }
            wiring.note(.readlineMissing)
            let output = self.output
            let lines = PlainLineReader(descriptor: CurrentProcess.standardInput, beforeBlocking: { output.flush() })
            return PromptingLineReader(lines: lines, writePrompt: { output.write($0) })
        default:
            let output = self.output
            return PlainLineReader(descriptor: CurrentProcess.standardInput, beforeBlocking: { output.flush() })
        }
    }

}
