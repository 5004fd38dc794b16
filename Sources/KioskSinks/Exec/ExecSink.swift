import KioskCore
import KioskMenu
import KioskSystem
import KioskText
import Synchronization

/// Feeds each event as a JSON line to a program's standard input.
///
/// The program is started with its arguments directly — never through a shell — in the
/// directory of the menu that declares it, in its own process group. When it exits, the
/// next event fails, waits out a back-off and starts it again; events wait in the journal
/// meanwhile.
///
/// By default an event counts as delivered once it is written into the program's input
/// (the pipe): lines a program had been given but had not read when it died are lost to
/// it. With `ack`, the program writes one line back per event — the event's id — and only
/// acknowledged events count: a program that dies mid-stream gets the unacknowledged ones
/// again when it is started again.
public final class ExecSink: BatchingSink {
    public static let kind = SinkKind(
        schema: SinkSchema(kind: "exec", options: [
            PropertySpec("command", .text, required: true),
            PropertySpec("args", .text, list: true, repeatable: true),
            PropertySpec("backoff", .duration),
            PropertySpec("ack", .flag),
            PropertySpec("timeout", .duration),
        ]),
        make: { declaration, environment throws(SinkSetupError) -> any Sink in
            guard let command = declaration.text("command"), !command.value.isEmpty else {
                throw SinkSetupError(declaration: declaration, reason: tr("an exec sink needs a 'command'"))
            }
            let sink = ExecSink(
                command: command, arguments: declaration.texts("args"), directory: declaration.directory,
                environment: environment.variables, backoff: declaration.duration("backoff") ?? .seconds(1),
                acknowledged: declaration.options["ack"] != nil, timeout: declaration.duration("timeout") ?? .seconds(10)
            )
            do throws(SystemError) {
                try sink.start()
            } catch {
                throw SinkSetupError(declaration: declaration, reason: tr("cannot start '{command}': {reason}", ["command": command.display, "reason": error.reason]))
            }
            return sink
        }
    )

    private let command: ConfigText
    private let arguments: [ConfigText]
    private let directory: String
    private let environment: [String: String]
    private let backoff: Duration
    private let acknowledged: Bool
    private let timeout: Duration
    private let program = Mutex<Program>(Program())
    /// Set by `close(by:)` before it waits for `program`: a send waiting for answers holds
    /// that lock, and gives up within `closeCheck` of seeing this.
    private let closing = Atomic(false)
    private static let closeCheck: Duration = .milliseconds(100)

    private struct Program {
        var running: Running?
        /// Set by `close(by:)`: no program starts after it, so none outlives kiosk.
        var closed = false
    }

    /// The program and, with `ack`, what it has written back but not yet been read.
    private struct Running {
        let process: ChildProcess
        var answers: LineBuffer
    }

    public init(
        command: ConfigText, arguments: [ConfigText], directory: String, environment: [String: String], backoff: Duration,
        acknowledged: Bool = false, timeout: Duration = .seconds(10)
    ) {
        self.command = command
        self.arguments = arguments
        self.directory = directory
        self.environment = environment
        self.backoff = backoff
        self.acknowledged = acknowledged
        self.timeout = timeout
    }

    public var target: String { ([command] + arguments).map(\.display).joined(separator: " ") }

    public var retryPolicy: RetryPolicy {
        RetryPolicy(maximumRetries: nil, initialBackoff: backoff, maximumBackoff: max(backoff, .seconds(30)))
    }

    /// Many lines share one write; with `ack`, a window of events awaits its answers.
    public var batchLimit: Int { acknowledged ? 64 : 256 }

    /// Starts the program now, so a command that cannot run is reported at start.
    func start() throws(SystemError) {
        let started = try spawn()
        program.withLock { $0.running = started }
    }

    private func spawn() throws(SystemError) -> Running {
        let process = try ChildProcess.spawn(
            command.value, arguments: arguments.map(\.value), environment: environment, directory: directory, captureOutput: acknowledged
        )
        return Running(process: process, answers: LineBuffer())
    }

    public func send(batch: ArraySlice<Event>) throws(BatchFailure) {
        var lines: [UInt8] = []
        lines.reserveCapacity(batch.count * 400)
        for event in batch {
            lines += event.json
            lines.append(UInt8(ascii: "\n"))
        }
        let failure = program.withLock { program -> BatchFailure? in
            if program.running == nil {
                guard !program.closed else {
                    return BatchFailure(delivered: 0, failure: .retryable(tr("kiosk is exiting; '{command}' is not started again", ["command": command.display])))
                }
                do throws(SystemError) {
                    program.running = try spawn()
                } catch {
                    return BatchFailure(delivered: 0, failure: .retryable(tr("cannot start '{command}': {reason}", ["command": command.display, "reason": error.reason])))
                }
            }
            guard var current = program.running else { return BatchFailure(delivered: 0, failure: .retryable(tr("'{command}' is not running", ["command": command.display]))) }
            if let status = current.process.exitStatus() {
                stop(&program.running)
                return BatchFailure(delivered: 0, failure: .retryable(exited(status)))
            }
            do throws(SystemError) {
                try FileSystem.writeAll(current.process.input, lines)
            } catch {
                // EPIPE: the program is gone. Reap it; the retry starts a new one.
                let reason = current.process.exitStatus().map(exited) ?? tr("'{command}' stopped reading; starting it again", ["command": command.display])
                stop(&program.running)
                return BatchFailure(delivered: 0, failure: .retryable(reason))
            }
            guard acknowledged else { return nil }
            let (confirmed, problem) = awaitAnswers(for: batch, from: &current)
            program.running = current
            guard let problem else { return nil }
            stop(&program.running)
            return BatchFailure(delivered: confirmed, failure: .retryable(problem))
        }
        if let failure { throw failure }
    }

    /// Reads the program's answers until every event of `batch` is acknowledged in order.
    /// Returns how many were, and why the rest were not.
    private func awaitAnswers(for batch: ArraySlice<Event>, from running: inout Running) -> (Int, String?) {
        guard let output = running.process.output else { return (0, tr("the program's answers cannot be read")) }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var confirmed = 0
        let expected = batch.map(\.id.description)
        while confirmed < expected.count {
            while let line = running.answers.nextLine() {
                // Answers for events of an earlier, broken stream are ignored.
                if line == expected[confirmed] { confirmed += 1 }
                if confirmed == expected.count { return (confirmed, nil) }
            }
            // In short waits, so a kiosk that is closing the sink is not held to `timeout`:
            // the flush deadline bounds every sink.
            if closing.load(ordering: .acquiring) {
                return (confirmed, tr("kiosk is exiting; '{command}' is not waited for", ["command": command.display]))
            }
            switch FileSystem.readAvailable(output, until: min(deadline, ContinuousClock.now.advanced(by: ExecSink.closeCheck))) {
            case .bytes(let bytes): running.answers.append(bytes)
            case .timedOut where ContinuousClock.now < deadline: continue
            case .end:
                let values: KeyValuePairs<String, any CustomStringConvertible> = [
                    "command": command.display, "status": running.process.exitStatus() ?? 0, "count": expected.count - confirmed,
                ]
                return (confirmed, running.process.exitStatus() == nil
                    ? tr("'{command}' closed its output with {count} events unacknowledged; starting it again", values)
                    : tr("'{command}' exited with status {status} with {count} events unacknowledged; starting it again", values))
            case .timedOut:
                return (confirmed, tr("'{command}' acknowledged {confirmed} of {count} events within {timeout}; starting it again", [
                    "command": command.display, "confirmed": confirmed, "count": expected.count, "timeout": timeout,
                ]))
            }
        }
        return (confirmed, nil)
    }

    /// Why a batch was not sent: the program exited, and the retry starts it again.
    private func exited(_ status: Int32) -> String {
        tr("'{command}' exited with status {status}; starting it again", ["command": command.display, "status": status])
    }

    private func stop(_ running: inout Running?) {
        running?.process.finish(grace: .milliseconds(100))
        running = nil
    }

    /// Closes the program's input and lets it finish what it read until `deadline`, then
    /// SIGTERM, then SIGKILL after half a second.
    public func close(by deadline: ContinuousClock.Instant) {
        closing.store(true, ordering: .releasing)
        program.withLock { program in
            program.closed = true
            program.running?.process.finish(by: deadline)
            program.running = nil
        }
    }
}

/// Bytes read from a program, cut into lines.
struct LineBuffer {
    private var bytes: [UInt8] = []

    mutating func append(_ more: [UInt8]) {
        bytes += more
        // A program that never ends a line must not grow this without bound.
        if bytes.count > 1 << 20, !bytes.contains(UInt8(ascii: "\n")) { bytes.removeAll() }
    }

    mutating func nextLine() -> String? {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        var line = bytes[..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let text = String(decoding: line, as: UTF8.self).trimmingWhitespace()
        bytes.removeSubrange(...newline)
        return text
    }
}
