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
        try process.run()
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
