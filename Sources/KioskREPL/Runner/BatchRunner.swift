import KioskSinks
import KioskSystem

/// Runs commands from a pipe, a file or `-c`: no prompt, banner or echo; results on
/// standard output; each error on standard error as `line N: …`.
public final class BatchRunner {
    private let session: Session
    private let reader: any LineReader
    private let output: FileOutput
    private let errors: FileOutput
    private let presenter: Presenter
    private let options: RunOptions

    public init(session: Session, reader: any LineReader, output: FileOutput, errors: FileOutput, presenter: Presenter, options: RunOptions) {
        self.session = session
        self.reader = reader
        self.output = output
        self.errors = errors
        self.presenter = presenter
        self.options = options
    }

    /// Runs every command. Returns whether all of them succeeded.
    public func run() -> Bool {
        var lineNumber = 0
        var allSucceeded = true
        reading: while true {
            let input = reader.readLine(prompt: "")
            lineNumber += 1
            var result: CommandResult?
            var failure: CommandError?
            switch input {
            case .end:
                break reading
            case .rejected(let problem):
                failure = .line(problem)
            case .line(let text):
                if let reload = session.reloadIfHungUp() {
                    session.dispatcher.drainForeground()
                    showReload(reload)
                }
                do {
                    guard let command = try CommandParser.parse(text) else { continue reading }
                    result = session.execute(command)
                    failure = result?.error
                } catch {
                    failure = error
                }
            }
            session.dispatcher.drainForeground()
            show(result, failure: failure, line: lineNumber)
            if failure != nil { allSucceeded = false }
            if result?.command == .quit || (failure != nil && options.bail) { break }
        }
        output.flush()
        errors.flush()
        return allSucceeded
    }

    /// A reload asked for by SIGHUP: shown like a command, counted as none.
    private func showReload(_ result: CommandResult) {
        if options.json {
            output.write(bytes: presenter.json(for: result) + [UInt8(ascii: "\n")])
        } else if result.succeeded, !options.quiet {
            output.write(presenter.text(for: result))
        }
        if let failure = result.error {
            output.flush()
            errors.write("SIGHUP: \(failure.message)\n")
            errors.flush()
        }
    }

    private func show(_ result: CommandResult?, failure: CommandError?, line: Int) {
        if options.json {
            output.write(bytes: presenter.json(for: result, error: failure, line: line) + [UInt8(ascii: "\n")])
        } else if let result, failure == nil, !options.quiet {
            output.write(presenter.text(for: result))
        }
        if let failure {
            // Standard output first, so the two streams stay in order when they share a file.
            output.flush()
            errors.write("line \(line): \(failure.message)\n")
            errors.flush()
        } else if options.flushEachCommand {
            output.flush()
        }
    }
}
