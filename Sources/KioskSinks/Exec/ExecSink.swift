import KioskCore
import KioskMenu
import KioskSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Feeds each event as a JSON line to a program's standard input.
///
/// The program is started with its arguments directly — never through a shell — in the
/// directory of the menu that declares it, in its own process group. When it exits, the
/// next event fails, waits out a back-off and starts it again; events wait in the queue
/// meanwhile. (Lines a program had been given but had not read when it died cannot be
/// known to the sink; a program that must not miss any should read line by line.)
public final class ExecSink: Sink {
    public static let kind = SinkKind(
        schema: SinkSchema(kind: "exec", options: [
            PropertySpec("command", .text, required: true),
            PropertySpec("args", .text, list: true, repeatable: true),
            PropertySpec("backoff", .duration),
        ]),
        make: { declaration, environment throws(SinkSetupError) -> any Sink in
            guard let command = declaration.text("command"), !command.value.isEmpty else {
                throw SinkSetupError(declaration: declaration, reason: "an exec sink needs a 'command'")
            }
            let sink = ExecSink(
                command: command, arguments: declaration.texts("args"), directory: declaration.directory,
                environment: environment.variables, backoff: declaration.duration("backoff") ?? .seconds(1)
            )
            do throws(SystemError) {
                try sink.start()
            } catch {
                throw SinkSetupError(declaration: declaration, reason: "cannot start '\(command.display)': \(error.reason)")
            }
            return sink
        }
    )

    private let command: ConfigText
    private let arguments: [ConfigText]
    private let directory: String
    private let environment: [String: String]
    private let backoff: Duration
    private let program = Mutex<ChildProcess?>(nil)

    public init(command: ConfigText, arguments: [ConfigText], directory: String, environment: [String: String], backoff: Duration) {
        self.command = command
        self.arguments = arguments
        self.directory = directory
        self.environment = environment
        self.backoff = backoff
    }

    public var target: String { ([command] + arguments).map(\.display).joined(separator: " ") }

    public var retryPolicy: RetryPolicy {
        RetryPolicy(maximumRetries: nil, initialBackoff: backoff, maximumBackoff: max(backoff, .seconds(30)))
    }

    /// Starts the program now, so a command that cannot run is reported at start.
    func start() throws(SystemError) {
        let started = try ChildProcess.spawn(
            command.value, arguments: arguments.map(\.value), environment: environment, directory: directory
        )
        program.withLock { $0 = started }
    }

    public func send(_ event: Event) throws(SinkFailure) {
        var line = event.json
        line.append(UInt8(ascii: "\n"))
        let failure = program.withLock { program -> SinkFailure? in
            if let running = program, let status = running.exitStatus() {
                running.finish(grace: .zero)
                program = nil
                return .retryable("'\(command.display)' exited with status \(status); starting it again")
            }
            if program == nil {
                do throws(SystemError) {
                    program = try ChildProcess.spawn(
                        command.value, arguments: arguments.map(\.value), environment: environment, directory: directory
                    )
                } catch {
                    return .retryable("cannot start '\(command.display)': \(error.reason)")
                }
            }
            guard let running = program else { return .retryable("'\(command.display)' is not running") }
            do throws(SystemError) {
                try FileSystem.writeAll(running.input, line)
                return nil
            } catch {
                // EPIPE: the program is gone. Reap it; the retry starts a new one.
                running.finish(grace: .milliseconds(100))
                program = nil
                let status = running.exitStatus().map { "exited with status \($0)" } ?? "stopped reading"
                return .retryable("'\(command.display)' \(status); starting it again")
            }
        }
        if let failure { throw failure }
    }

    /// Closes the program's input and lets it finish what it read until `deadline`, then
    /// SIGTERM, then SIGKILL after half a second.
    public func close(by deadline: ContinuousClock.Instant) {
        program.withLock { program in
            program?.finish(by: deadline)
            program = nil
        }
    }
}
