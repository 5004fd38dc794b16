import CKioskSystem
import Glibc

/// A program kiosk started: the exec sink's program, a plugin, or the HTTP agent.
///
/// Started with `posix_spawn`, never through a shell; in its own process group, so a
/// Ctrl-C at the REPL does not reach it; with default signal handling and an empty signal
/// mask, whatever kiosk itself ignores or blocks.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    /// Where to write the program's standard input.
    public let input: Int32
    /// Where to read its standard output, if it was asked for.
    public let output: Int32?
    /// Where to read its standard error, if it was asked for.
    public let errors: Int32?
    private var reaped: Int32?

    private init(pid: pid_t, input: Int32, output: Int32?, errors: Int32?) {
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
    }

    /// Starts `executable` (looked up in `PATH` when it has no `/`) with `arguments`.
    ///
    /// - Parameters:
    ///   - captureOutput: give the program a pipe for standard output; otherwise it writes
    ///     to `/dev/null`.
    ///   - captureErrors: give the program a pipe for standard error (a plugin's log);
    ///     otherwise standard error is kiosk's.
    ///   - directory: the program's working directory, if not kiosk's.
    public static func spawn(
        _ executable: String, arguments: [String], environment: [String: String],
        directory: String? = nil, captureOutput: Bool = false, captureErrors: Bool = false
    ) throws(SystemError) -> ChildProcess {
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard kiosk_pipe_cloexec(&inputPipe) == 0 else { throw .current(path: executable) }
        if (captureOutput && kiosk_pipe_cloexec(&outputPipe) != 0) || (captureErrors && kiosk_pipe_cloexec(&errorPipe) != 0) {
            let failure = SystemError.current(path: executable)
            for descriptor in inputPipe + outputPipe + errorPipe where descriptor >= 0 { close(descriptor) }
            throw failure
        }
        defer {
            close(inputPipe[0])
            if captureOutput { close(outputPipe[1]) }
            if captureErrors { close(errorPipe[1]) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        if captureErrors { posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO) }
        if let directory { kiosk_spawn_add_chdir(&actions, directory) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGHUP, SIGTERM, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        // NUL-terminated C string arrays, freed once the program has been started.
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let result = executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(inputPipe[1])
            if captureOutput { close(outputPipe[0]) }
            if captureErrors { close(errorPipe[0]) }
            throw SystemError(code: result, path: executable)
        }
        return ChildProcess(pid: pid, input: inputPipe[1], output: captureOutput ? outputPipe[0] : nil, errors: captureErrors ? errorPipe[0] : nil)
    }

    /// The program's exit status if it has exited (a signal counts as 128 + its number),
    /// without waiting.
    public func exitStatus() -> Int32? {
        if let reaped { return reaped }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        reaped = ChildProcess.decode(status)
        return reaped
    }

    /// Closes the program's input and gives it `grace` to exit; then SIGTERM, and after
    /// `killGrace` more, SIGKILL: a program that ignores SIGTERM never keeps kiosk waiting.
    public func finish(grace: Duration, killGrace: Duration = .milliseconds(500)) {
        finish(by: ContinuousClock.now.advanced(by: grace), killGrace: killGrace)
    }

    /// Closes the program's input and lets it run until `deadline`; then SIGTERM, and
    /// after `killGrace` more, SIGKILL.
    public func finish(by deadline: ContinuousClock.Instant, killGrace: Duration = .milliseconds(500)) {
        close(input)
        if let output { close(output) }
        if let errors { close(errors) }
        guard !waitForExit(until: deadline) else { return }
        kill(pid, SIGTERM)
        guard !waitForExit(until: ContinuousClock.now.advanced(by: killGrace)) else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = retryingInterrupts { waitpid(pid, &status, 0) }
        reaped = ChildProcess.decode(status)
    }

    /// Waits for the program to exit until `deadline`; `true` if it did.
    private func waitForExit(until deadline: ContinuousClock.Instant) -> Bool {
        while exitStatus() == nil {
            guard ContinuousClock.now < deadline else { return false }
            usleep(2_000)
        }
        return true
    }

    private static func decode(_ status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

/// Facts about processes other than kiosk's children.
public enum SystemProcess {
    /// Whether a process with this id exists (it may belong to someone else).
    public static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
