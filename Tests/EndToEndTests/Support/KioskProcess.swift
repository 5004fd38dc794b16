import Foundation
import KioskTestSupport
import Testing

/// Runs the built `kiosk` binary with real files and pipes, and collects what it printed.
struct KioskProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `kiosk` executable next to this test bundle.
    static let executable: URL = {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("kiosk")
    }()

    var arguments: [String]
    var stdin: String = ""
    var environment: [String: String] = [:]
    var directory: URL = Repository.root
    /// A run that takes longer is killed (and fails its test) rather than hanging the suite.
    var timeout: Duration = .seconds(120)

    /// For a test that expects every event settled — delivered, or refused for good —
    /// before kiosk exits: a flush deadline beyond any delay of a loaded machine (the
    /// default 5 s is not, with every suite running at once). It costs nothing when
    /// delivery is quick: kiosk leaves as soon as the last event is settled.
    static let settlingEveryEvent = ["--flush-timeout", "120s"]

    init(_ arguments: String..., stdin: String = "", environment: [String: String] = [:]) {
        self.arguments = arguments
        self.stdin = stdin
        self.environment = environment
    }

    init(arguments: [String], stdin: String = "", environment: [String: String] = [:]) {
        self.arguments = arguments
        self.stdin = stdin
        self.environment = environment
    }

    /// Runs kiosk with `stdinBytes` as its standard input, bytes as they are.
    static func run(stdinBytes: [UInt8], arguments: [String]) throws -> Result {
        try KioskProcess(arguments: arguments).run(input: stdinBytes)
    }

    func run() throws -> Result {
        try run(input: Array(stdin.utf8))
    }

    /// Runs kiosk with a home, and a state directory, of its own.
    private func run(input bytes: [UInt8]) throws -> Result {
        let scratch = try ScratchDirectory()
        var variables = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "XDG_STATE_HOME": scratch.path("state")]
        variables.merge(environment) { _, new in new }
        return try KioskProcess.launch(KioskProcess.executable.path, arguments, directory: directory, environment: variables, input: bytes, timeout: timeout)
    }

    /// Runs a different command line (a wrapper such as `setpriv`, or a tool such as `jq`)
    /// with this input and a bare environment.
    func runAs(_ commandLine: [String], directory: String = "/") throws -> Result {
        try KioskProcess.launch(
            commandLine[0], Array(commandLine.dropFirst()), directory: URL(fileURLWithPath: directory),
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"], input: Array(stdin.utf8), timeout: timeout
        )
    }

    /// Runs a program to its end, or until `timeout` (then kills it), with its standard
    /// streams in files.
    static func launch(
        _ executable: String, _ arguments: [String], directory: URL, environment: [String: String], input: [UInt8], timeout: Duration
    ) throws -> Result {
        let scratch = try ScratchDirectory()
        let stdin = try scratch.file("stdin", bytes: input)
        let stdout = try scratch.file("stdout", "")
        let stderr = try scratch.file("stderr", "")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: stdin))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderr))
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds) * 1000)) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: stdout)), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: stderr)), as: UTF8.self)
        )
    }
}

/// A kiosk process that keeps running while a test writes commands to it.
final class RunningKiosk: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let scratch: ScratchDirectory
    private let outputURL: URL
    var stdoutURL: URL { outputURL }
    private let errorURL: URL

    init(arguments: [String], environment: [String: String] = [:]) throws {
        scratch = try ScratchDirectory()
        outputURL = URL(fileURLWithPath: try scratch.file("stdout", ""))
        errorURL = URL(fileURLWithPath: try scratch.file("stderr", ""))
        process.executableURL = KioskProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = Repository.root
        var env = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "XDG_STATE_HOME": scratch.path("state")]
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        // A test may write to a kiosk it has just killed: that must fail, not kill the tests.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        // Only kiosk reads the pipe: once it is gone, writes fail at once instead of filling it.
        try? input.fileHandleForReading.close()
    }

    /// Writes a line to kiosk's standard input; a kiosk that is gone is not an error here.
    func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Closes standard input (end of the batch) and waits for the exit status — at most
    /// `timeout`: a kiosk that does not exit by then is killed and the test fails, rather
    /// than hanging the suite.
    func finish(timeout: Duration = .seconds(120)) -> Int32 {
        try? input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning {
            Issue.record("kiosk did not exit within \(timeout) of the end of its input; killed")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    var stdout: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
    /// The lines of standard output so far.
    var stdoutLines: [Substring] { stdout.split(separator: "\n") }
    var stderr: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// The lines of a text file, or none if it does not exist.
func lines(of path: String) -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init)
}
