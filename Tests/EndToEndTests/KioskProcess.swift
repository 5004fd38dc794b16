import Foundation
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

    /// The repository, for `menus/`.
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    var arguments: [String]
    var stdin: String = ""
    var environment: [String: String] = [:]
    var directory: URL = KioskProcess.repository
    /// A run that takes longer is killed (and fails its test) rather than hanging the suite.
    var timeout: Duration = .seconds(120)

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

    private func run(input bytes: [UInt8]) throws -> Result {
        let scratch = try TemporaryDirectory()
        let input = scratch.url.appendingPathComponent("stdin")
        let output = scratch.url.appendingPathComponent("stdout")
        let errors = scratch.url.appendingPathComponent("stderr")
        try Data(bytes).write(to: input)
        try Data().write(to: output)
        try Data().write(to: errors)

        let process = Process()
        process.executableURL = KioskProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ["PATH": "/usr/bin:/bin", "HOME": scratch.url.path, "XDG_STATE_HOME": scratch.url.appendingPathComponent("state").path]
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds) * 1000)) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        )
    }
}

/// A directory that is removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ contents: String) throws -> String {
        let path = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: path)
        return path.path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A kiosk process that keeps running while a test writes commands to it.
final class RunningKiosk: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let scratch: TemporaryDirectory
    private let outputURL: URL
    var stdoutURL: URL { outputURL }
    private let errorURL: URL

    init(arguments: [String], environment: [String: String] = [:]) throws {
        scratch = try TemporaryDirectory()
        outputURL = scratch.url.appendingPathComponent("stdout")
        errorURL = scratch.url.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        process.executableURL = KioskProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = KioskProcess.repository
        var env = ["PATH": "/usr/bin:/bin", "HOME": scratch.url.path, "XDG_STATE_HOME": scratch.url.appendingPathComponent("state").path]
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

    /// Closes standard input (end of the batch) and waits for the exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
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
