import KioskApplication
import KioskSinks
import KioskSystem
import KioskText

/// Runs commands from a pipe, a file or `-c`: no prompt, banner or echo; results on
/// standard output; each error on standard error as `line N: …`.
///
/// Group commit: the commands the input already holds (a whole file, or what a pipe has
/// now) share one commit, up to a group's limit, and none of their results is shown before
/// it — standard output and error are held meanwhile; before waiting for more input the
/// batch commits, so whoever sends one command and waits sees its result at once.
public final class BatchRunner: SessionRunner {
    /// A group is committed at the latest after this many commands… (a flush costs about
    /// the same whatever it holds, so a group of many orders keeps a long batch from
    /// spending its time waiting for the disk)
    static let groupCommands = 16_384
    /// …or this many bytes of records.
    static let groupBytes = 4 << 20


    /// A command of the open group: where its output starts in what is held, and what to
    /// show instead if the commit fails.
    private struct Entry {
        let line: Int
        /// What the command was, for the failure shown if its group's commit fails: its
        /// entry only. Its arguments are let go as soon as it has run, not kept for the
        /// group's thousands of commands and freed all at once at its end.
        let commandEntry: CommandEntry?
        let outputMark: Int
        let errorsMark: Int
        /// It changed something (its record is in the commit).
        let changed: Bool
        let isHangup: Bool
    }

    private var group: [Entry] = []
    private var groupFailed = false
    private var stopped = false

    /// Runs every command. Returns whether all of them succeeded.
    public func run() -> Bool {
        var lineNumber = 0
        var allSucceeded = true
        // The console writes into the held output as each command runs, in order with its
        // result; a failed commit cuts both.
        session.transaction.publishing = .asCommandsRunIntoHeldOutput
        reader.whileWaiting { [unowned self] in tickWhileIdle() }
        defer {
            reader.whileWaiting { false }
            session.transaction.publishing = .afterCommit
        }
        reading: while !stopped {
            if !reader.hasLineReady || isGroupFull {
                if !finishGroup() { allSucceeded = false }
                if stopped { break }
            }
            let input = reader.readLine(prompt: "")
            lineNumber += 1
            switch input {
            case .end:
                break reading
            case .rejected(let problem):
                run(line: lineNumber) { (nil, .line(problem)) }
            case .line(let text):
                reloadIfHungUp(line: lineNumber)
                do {
                    guard let command = try CommandParser.parse(text, table: session.commands) else { continue reading }
                    run(line: lineNumber, command: command)
                } catch {
                    run(line: lineNumber, name: CommandParser.commandName(of: text, table: session.commands)) { (nil, error) }
                }
            }
            // SIGTERM or SIGINT: the command in hand is done; read no more.
            if Signals.terminationSignal != nil { break }
        }
        if !finishGroup() { allSucceeded = false }
        output.flush()
        errors.flush()
        return allSucceeded && !groupFailed
    }

    /// While the batch waits for input, on the wall clock: journals, commits and sends
    /// what the board did by itself (auto moves, late marks) when it is due, as between
    /// commands. Only with no group open: the batch commits before it waits.
    private func tickWhileIdle() -> Bool {
        guard group.isEmpty, !session.hasOpenTransaction, !session.time.isVirtual,
              let due = session.kiosk.nextScheduledChange, due <= session.time.now() else { return false }
        // Held as a group is: what the console shows of the tick is let out once it is kept.
        output.hold()
        let mark = output.mark
        let ticked = session.tick()
        if let error = ticked.error {
            output.cut(to: mark)
            groupFailed = true
            errors.write(tr("board: {message}", ["message": resultText.message(for: error)]) + "\n")
        }
        output.release()
        output.flush()
        errors.flush()
        return false
    }

    private var isGroupFull: Bool {
        group.count >= BatchRunner.groupCommands || (session.store?.journal.pendingBytes ?? 0) >= BatchRunner.groupBytes
    }

    /// Runs one parsed command of the group, as `run(line:hangup:name:_:)` does, and writes
    /// what it shows into the held output. The path of every order of a batch: the result
    /// is read in place, and made optional only when there is something to show.
    private func run(line: Int, command: Command) {
        let (outputMark, errorsMark) = openEntry()
        let result = session.execute(command)
        let failed = result.error != nil
        // What `show` would write: nothing for a success under --quiet without --json. A
        // success printed is written from the result in hand, not a copy made optional.
        if !options.json, !failed {
            if !options.quiet { write(success: result) }
        } else {
            show(result, failure: result.error, line: line, hangup: false)
        }
        record(
            Entry(line: line, commandEntry: command.entry, outputMark: outputMark, errorsMark: errorsMark, changed: !result.events.isEmpty, isHangup: false),
            failed: failed, endsSession: command.entry.endsSession
        )
    }

    /// A SIGHUP's reload, as an entry of the group opened before the reload runs: what it
    /// shows — the console's lines of the reload and of the board's ticks it carries
    /// included — is held with the rest, and cut if the commit fails.
    private func reloadIfHungUp(line: Int) {
        // Asked before every command: without a SIGHUP it costs one counter read.
        guard session.isHungUp else { return }
        let (outputMark, errorsMark) = openEntry()
        let journaled = session.store?.journal.pendingBytes ?? 0
        let reload = session.reloadIfHungUp()
        let changed = (session.store?.journal.pendingBytes ?? 0) != journaled
        // A reload to the same menu with nothing due: nothing to keep.
        guard reload != nil || changed else { return }
        show(reload, failure: reload?.error, line: line, hangup: true)
        record(
            Entry(line: line, commandEntry: reload?.command.entry, outputMark: outputMark, errorsMark: errorsMark, changed: changed, isHangup: true),
            failed: false, endsSession: false
        )
    }

    /// Holds the output when a group starts; returns where this command's output starts.
    private func openEntry() -> (output: Int, errors: Int) {
        if group.isEmpty {
            output.hold()
            errors.hold()
        }
        return (output.mark, errors.mark)
    }

    /// Runs one command of the group and writes what it shows into the held output.
    private func run(line: Int, hangup: Bool = false, name: String? = nil, _ body: () -> (CommandResult?, CommandError?)) {
        let (outputMark, errorsMark) = openEntry()
        let (result, failure) = body()
        show(result, failure: failure, line: line, hangup: hangup, name: name)
        record(
            Entry(
                line: line, commandEntry: result?.command.entry, outputMark: outputMark, errorsMark: errorsMark,
                changed: result?.events.isEmpty == false, isHangup: hangup
            ),
            failed: !hangup && failure != nil, endsSession: result?.command.entry.endsSession == true
        )
    }

    /// Adds a command's entry to the group; a failure fails the batch (and ends it with
    /// `--bail`), as does a command that ends the session.
    private func record(_ entry: Entry, failed: Bool, endsSession: Bool) {
        group.append(entry)
        if failed {
            groupFailed = true
            if options.bail { stopped = true }
        }
        if endsSession { stopped = true }
    }

    /// Commits the group, then lets its output out. Returns whether the commit succeeded.
    private func finishGroup() -> Bool {
        guard !group.isEmpty || session.hasOpenTransaction else { return true }
        var committed = true
        if let failure = session.commit() {
            committed = false
            undo(because: failure)
        }
        if errors.mark > (group.first?.errorsMark ?? 0) {
            // Errors among the results: standard output first, command by command, so the two
            // streams stay in order when they share a file.
            for index in group.indices {
                let next = index + 1 < group.count ? group[index + 1] : nil
                output.release(upTo: next?.outputMark ?? output.mark)
                errors.release(upTo: next?.errorsMark ?? errors.mark)
            }
        }
        output.release()
        errors.release()
        group.removeAll(keepingCapacity: true)
        return committed
    }

    /// A commit failed: every command that changed something is undone, and so is every
    /// command after the first of them, which saw the changes. What they showed is
    /// replaced by the failure.
    private func undo(because failure: CommandError) {
        groupFailed = true
        guard let first = group.firstIndex(where: \.changed) else { return }
        let undone = group[first...]
        output.cut(to: undone[first].outputMark)
        errors.cut(to: undone[first].errorsMark)
        var replaced: [Entry] = []
        for entry in undone {
            let outputMark = output.mark
            let errorsMark = errors.mark
            if let commandEntry = entry.commandEntry {
                let result = CommandResult(command: Command(entry: commandEntry, arguments: NoArguments()), error: failure)
                show(result, failure: failure, line: entry.line, hangup: entry.isHangup)
            }
            replaced.append(Entry(
                line: entry.line, commandEntry: entry.commandEntry, outputMark: outputMark, errorsMark: errorsMark, changed: false, isHangup: entry.isHangup
            ))
        }
        group.replaceSubrange(first..., with: replaced)
        if options.bail { stopped = true }
    }

    /// A success's text, written straight into the held output.
    private func write(success result: CommandResult) {
        output.write { resultText.write(result, into: &$0) }
    }

    private func show(_ result: CommandResult?, failure: CommandError?, line: Int, hangup: Bool, name: String? = nil) {
        if options.json {
            let object = if hangup, let result { ResultJSON.object(for: result) } else { ResultJSON.object(for: result, command: name, error: failure, line: line) }
            output.write(bytes: object + [UInt8(ascii: "\n")])
        } else if let result, failure == nil, !options.quiet {
            write(success: result)
        }
        if let failure {
            let message = resultText.message(for: failure)
            errors.write(hangup ? "SIGHUP: \(message)\n" : tr("line {line}: {message}", ["line": line, "message": message]) + "\n")
        }
    }
}
