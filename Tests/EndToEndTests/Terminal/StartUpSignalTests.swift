import Foundation
import Glibc
import KioskCore
import KioskTestSupport
import Testing

/// SIGHUP and SIGUSR1 while kiosk starts, as logrotate's `postrotate` may send them at any
/// moment: from kiosk's first instruction of its own on, neither is fatal, and a SIGHUP that
/// came before the session was up still reloads the menu once it is.
@Suite struct StartUpSignalTests {
    private static let menu = Repository.root.appendingPathComponent("menus/juice.kiosk").path

    /// 200 starts for each signal, each sent at a random moment of kiosk's start-up: from the
    /// line the dynamic loader writes just before it runs kiosk's own initialisers (with
    /// `LD_DEBUG=libs`: "initialize program"), after 0 to 1.5 ms. A debug build ran about
    /// half a millisecond of its own before its handlers were in place, when `main`
    /// installed them: one start in seven or more died then. Before the loader's line, kiosk has run none of its own
    /// code and nothing can catch a signal.
    ///
    /// One case is not kiosk's: the kernel may stop kiosk for a while just after the
    /// loader's write and before its first constructor, and the signal then comes first. A
    /// death that way leaves no "transferring control" (written by the C library just before
    /// `main`) on standard error; those are counted apart, and must stay rare. A death after
    /// it is kiosk's own, and fails the test.
    @Test(arguments: [SIGHUP, SIGUSR1])
    func aSignalAtAnyMomentOfStartUpIsNotFatal(signal: Int32) throws {
        let starts = 200
        // The same moments on every run; four kiosks at a time keep the test to seconds.
        var random = SplitMix64(seed: 0x5_1647 &+ UInt64(signal))
        let delays = (0..<starts).map { _ in UInt32.random(in: 0...1_500, using: &random) }
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 4) { lane in
            for index in stride(from: lane, to: starts, by: 4) {
                outcomes.add(StartUpSignalTests.start(sending: signal, afterMicroseconds: delays[index]))
            }
        }
        let all = outcomes.all
        #expect(all.count == starts)
        let failures = all.filter { if case .failed = $0 { true } else { false } }
        #expect(failures.isEmpty, "\(failures.count) of \(starts) starts went wrong, the first: \(failures.first.map { "\($0)" } ?? "")")
        let killedAfterMain = all.filter { $0 == .killed(afterMain: true) }.count
        #expect(killedAfterMain == 0, "signal \(signal) killed kiosk \(killedAfterMain) times of \(starts) after main started")
        // Not kiosk's doing (see above); a kiosk whose handlers come late dies here too.
        let killedBeforeMain = all.filter { $0 == .killed(afterMain: false) }.count
        #expect(killedBeforeMain <= starts / 20, "signal \(signal) killed kiosk \(killedBeforeMain) times of \(starts) before main")
    }

    /// How one start went.
    enum Outcome: Equatable, CustomStringConvertible {
        /// Exited with 0 at the end of its input, as it should.
        case survived
        /// Killed by the signal; whether the C library had said it calls `main`.
        case killed(afterMain: Bool)
        /// Anything else: the spawn failed, no loader line, another status.
        case failed(String)

        var description: String {
            switch self {
            case .survived: "survived"
            case .killed(let afterMain): "killed \(afterMain ? "after" : "before") main"
            case .failed(let reason): reason
            }
        }
    }

    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [Outcome] = []
        func add(_ outcome: Outcome) { lock.withLock { outcomes.append(outcome) } }
        var all: [Outcome] { lock.withLock { outcomes } }
    }

    static func start(sending signal: Int32, afterMicroseconds delay: UInt32) -> Outcome {
        let kiosk: StartingKiosk
        do {
            kiosk = try StartingKiosk(arguments: ["--menu", menu], environment: ["LD_DEBUG": "libs"])
        } catch {
            return .failed("spawn: \(error)")
        }
        guard kiosk.readErrors(untilContains: "initialize program:") else {
            _ = kiosk.finish()
            return .failed("no 'initialize program' from the loader: \(kiosk.errors)")
        }
        if delay > 0 { usleep(delay) }
        kill(kiosk.pid, signal)
        // One command, so a SIGHUP's reload (of the same menu) happens too, then the end of input.
        kiosk.send("stock\n")
        let status = kiosk.finish()
        if status & 0x7F == signal { return .killed(afterMain: kiosk.errors.contains("transferring control:")) }
        if status == 0 { return .survived }
        return .failed("status \(status): \(kiosk.errors.suffix(2_000))")
    }

    /// A SIGHUP that comes before kiosk's first instruction — sent to a kiosk started with it
    /// blocked, so it waits — is counted by the first constructor, not lost: once the session
    /// is up it reloads the menu, though the menu changed after kiosk read it and before the
    /// first command. (A count taken when the session started would have swallowed it.)
    @Test func aSighupBeforeTheSessionIsUpReloadsTheMenuOnceItIs() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", "kiosk \"Juice Maker\"\ningredient mango stock 100\nitem \"Mango Juice\" needs mango 3\n")
        let kiosk = try StartingKiosk(arguments: ["--menu", menu], environment: [:], blocked: [SIGHUP])
        kill(kiosk.pid, SIGHUP)
        // Started, the menu read (and read again if it changed meanwhile): waiting for input.
        try kiosk.waitUntilReadingInput()
        try Data("kiosk \"Juice Maker\"\ningredient mango stock 100\nitem \"Mango Juice\" needs mango 3\nitem Tropical needs mango 1\n".utf8)
            .write(to: URL(fileURLWithPath: menu))
        kiosk.send("order tropical\n")
        let status = kiosk.finish()
        #expect(status == 0, "\(kiosk.errors)")
        #expect(kiosk.output.contains("Menu reloaded"), "\(kiosk.output)")
        #expect(kiosk.output.contains("Tropical is ready."), "\(kiosk.output)")
    }
}

/// The built kiosk, started with posix_spawn: its standard input and error are sockets here
/// (close-on-exec, so no other test's child inherits them and keeps them open), its output a
/// file.
final class StartingKiosk {
    let pid: pid_t
    private var input: Int32
    private let errorSocket: Int32
    private let outputPath: String
    private let scratch: ScratchDirectory
    private var errorBytes: [UInt8] = []

    var errors: String { String(decoding: errorBytes, as: UTF8.self) }
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// `blocked`: signals blocked in kiosk from its start, as a parent may leave them.
    init(arguments: [String], environment: [String: String], blocked: [Int32] = []) throws {
        scratch = try ScratchDirectory()
        outputPath = scratch.path("stdout")
        let inputPair = try StartingKiosk.socketPair()
        let errorPair = try StartingKiosk.socketPair()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPair.1, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, errorPair.1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in blocked { sigaddset(&mask, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGUSR1, SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let executable = KioskProcess.executable.path
        var variables = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "XDG_STATE_HOME": scratch.path("state")]
        variables.merge(environment) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(inputPair.1)
        close(errorPair.1)
        guard result == 0 else {
            close(inputPair.0)
            close(errorPair.0)
            throw SpawnError(code: result)
        }
        pid = child
        input = inputPair.0
        errorSocket = errorPair.0
    }

    struct SpawnError: Error { let code: Int32 }

    private static func socketPair() throws -> (Int32, Int32) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else { throw SpawnError(code: errno) }
        return (pair[0], pair[1])
    }

    /// Reads standard error until it contains `marker` (true) or ends (false).
    func readErrors(untilContains marker: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if errors.contains(marker) { return true }
            let count = read(errorSocket, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return false }
            errorBytes += buffer[0..<count]
        }
    }

    /// Waits (up to a minute) until kiosk waits for its first line: /proc shows the system
    /// call a sleeping thread is in, and kiosk waits in `poll` (on its input) only once it
    /// has started.
    func waitUntilReadingInput() throws {
        #if arch(x86_64)
        let reading = "7 " // poll
        #else
        let reading = "73 " // aarch64: ppoll
        #endif
        try waitFor("kiosk to read its input", timeout: .seconds(60), every: 0.001) {
            ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "").hasPrefix(reading)
        }
    }

    func send(_ text: String) {
        _ = text.withCString { write(input, $0, strlen($0)) }
    }

    /// Ends kiosk's input, reads its standard error to the end, and returns its wait status.
    func finish() -> Int32 {
        if input >= 0 {
            close(input)
            input = -1
        }
        _ = readErrors(untilContains: "\u{0}never\u{0}")
        close(errorSocket)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }
}
