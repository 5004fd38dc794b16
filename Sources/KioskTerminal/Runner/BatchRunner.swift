import KioskApplication
import KioskSinks
import KioskSystem

/// Runs commands from a pipe, a file or `-c`: no prompt, banner or echo; results on
/// standard output; each error on standard error as `line N: …`.
///
/// Group commit: the commands already read share one commit, and none of their results is
/// shown before it; before waiting for more input the batch commits, so whoever sends one
/// command and waits sees its result at once.
public final class BatchRunner {
    /// A group is committed at the latest after this many commands…
    static let groupCommands = 4_096
    /// …or this many bytes of records.
    static let groupBytes = 4 << 20

    private let session: Session
    private let reader: any LineReader
    private let output: FileOutput
    private let errors: FileOutput
    private let presenter: Presenter
    private let options: RunOptions

    /// A command run but not yet committed, with what to show once it is.
    private struct Pending {
        let line: Int
        var result: CommandResult?
        var failure: CommandError?
        /// A reload asked for by SIGHUP: shown like a command, counted as none.
        let isHangup: Bool
    }

    private var pending: [Pending] = []

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
            if !reader.hasLineReady || isGroupFull {
                if !finishGroup() { allSucceeded = false }
                if shouldStop { break }
            }
            let input = reader.readLine(prompt: "")
            lineNumber += 1
            switch input {
            case .end:
                break reading
            case .rejected(let problem):
                pending.append(Pending(line: lineNumber, failure: .line(problem), isHangup: false))
            case .line(let text):
                if let reload = session.reloadIfHungUp() {
                    pending.append(Pending(line: lineNumber, result: reload, failure: reload.error, isHangup: true))
                }
                do {
                    guard let command = try CommandParser.parse(text, table: session.commands) else { continue reading }
                    let result = session.execute(command)
                    pending.append(Pending(line: lineNumber, result: result, failure: result.error, isHangup: false))
                } catch {
                    pending.append(Pending(line: lineNumber, failure: error, isHangup: false))
                }
            }
            if pending.last.map({ $0.result?.command.entry.endsSession == true || ($0.failure != nil && options.bail) }) == true {
                break
            }
            // SIGTERM or SIGINT: the command in hand is done; read no more.
            if Signals.terminationSignal != nil { break }
        }
        if !finishGroup() { allSucceeded = false }
        output.flush()
        errors.flush()
        return allSucceeded
    }

    private var isGroupFull: Bool {
        pending.count >= BatchRunner.groupCommands || (session.store?.journal.pendingBytes ?? 0) >= BatchRunner.groupBytes
    }

    /// Whether the last group ended the batch (`quit`, or a failure with `--bail`).
    private var stopped = false
    private var shouldStop: Bool { stopped }

    /// Commits the group, then shows each of its results in order. Returns whether every
    /// command of the group succeeded.
    private func finishGroup() -> Bool {
        guard !pending.isEmpty || session.hasOpenTransaction else { return true }
        if let failure = session.commit() {
            undo(because: failure)
        }
        var allSucceeded = true
        for entry in pending {
            if let result = entry.result { session.dispatcher.publish(result.events) }
            if entry.isHangup {
                showReload(entry)
            } else {
                show(entry)
                if entry.failure != nil { allSucceeded = false }
            }
            if entry.result?.command.entry.endsSession == true || (entry.failure != nil && options.bail && !entry.isHangup) { stopped = true }
        }
        pending.removeAll(keepingCapacity: true)
        output.flush()
        errors.flush()
        return allSucceeded
    }

    /// A commit failed: every command that changed something is undone, and so is every
    /// command after the first of them, which saw the changes.
    private func undo(because failure: CommandError) {
        guard let first = pending.firstIndex(where: { $0.result?.events.isEmpty == false }) else { return }
        for index in first..<pending.count {
            guard let command = pending[index].result?.command else { continue }
            pending[index].result = CommandResult(command: command, error: failure)
            pending[index].failure = failure
        }
    }

    private func showReload(_ entry: Pending) {
        guard let result = entry.result else { return }
        if options.json {
            output.write(bytes: presenter.json(for: result) + [UInt8(ascii: "\n")])
        } else if entry.failure == nil, !options.quiet {
            output.write(presenter.text(for: result))
        }
        if let failure = entry.failure {
            output.flush()
            errors.write("SIGHUP: \(presenter.message(for: failure))\n")
        }
    }

    private func show(_ entry: Pending) {
        if options.json {
            output.write(bytes: presenter.json(for: entry.result, error: entry.failure, line: entry.line) + [UInt8(ascii: "\n")])
        } else if let result = entry.result, entry.failure == nil, !options.quiet {
            output.write(presenter.text(for: result))
        }
        if let failure = entry.failure {
            // Standard output first, so the two streams stay in order when they share a file.
            output.flush()
            errors.write("line \(entry.line): \(presenter.message(for: failure))\n")
            errors.flush()
        }
    }
}
