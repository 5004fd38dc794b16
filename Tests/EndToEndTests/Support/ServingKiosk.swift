import Foundation
import KioskTestSupport
import Testing

/// A `kiosk serve` process on a free port of 127.0.0.1, for the tests that talk to it over
/// real HTTP.
final class ServingKiosk: @unchecked Sendable {
    let process = Process()
    let scratch: ScratchDirectory
    private let outputURL: URL
    private let errorURL: URL
    private(set) var port: UInt16 = 0
    /// The operator's token, read from where the server said it is.
    private(set) var token = ""

    enum Failure: Error, CustomStringConvertible {
        case didNotStart(status: Int32?, stdout: String, stderr: String)

        var description: String {
            switch self {
            case .didNotStart(let status, let stdout, let stderr): "kiosk serve did not start (status \(status.map(String.init) ?? "running")): \(stdout) \(stderr)"
            }
        }
    }

    /// Starts `kiosk serve --listen 127.0.0.1:0` with `arguments`, and waits until it says
    /// where it listens: up to a minute, for a machine busy with other builds.
    init(_ arguments: [String] = [], environment: [String: String] = [:], listen: String = "127.0.0.1:0") throws {
        scratch = try ScratchDirectory()
        outputURL = URL(fileURLWithPath: try scratch.file("stdout", ""))
        errorURL = URL(fileURLWithPath: try scratch.file("stderr", ""))
        process.executableURL = KioskProcess.executable
        process.arguments = ["serve", "--listen", listen] + arguments
        process.currentDirectoryURL = Repository.root
        var variables = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "XDG_STATE_HOME": scratch.path("state-home")]
        variables.merge(environment) { _, new in new }
        process.environment = variables
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline, process.isRunning {
            if let port = ServingKiosk.port(in: stdout) {
                self.port = port
                break
            }
            usleep(10_000)
        }
        guard port != 0 else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            throw Failure.didNotStart(status: process.isRunning ? nil : process.terminationStatus, stdout: stdout, stderr: stderr)
        }
        if let path = ServingKiosk.tokenPath(in: stdout), let text = try? String(contentsOfFile: path, encoding: .utf8) {
            token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        } else if let given = environment["KIOSK_TOKEN"] {
            token = given
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// `Serving … at http://127.0.0.1:PORT/api/v1` — the URL wherever the line's language
    /// puts it (`… http://127.0.0.1:PORT/api/v1에서 제공합니다` in Korean).
    static func port(in text: String) -> UInt16? {
        guard let range = text.range(of: #"https?://127\.0\.0\.1:([0-9]+)/api/v1"#, options: .regularExpression) else { return nil }
        let match = text[range]
        return UInt16(match.split(separator: ":").last?.split(separator: "/").first ?? "")
    }

    /// `Operator token: in PATH (…)` or `from PATH`; in Korean `운영자 토큰: PATH에 있음 (…)`.
    static func tokenPath(in text: String) -> String? {
        let labels = ["Operator token: ", "운영자 토큰: "]
        guard let line = text.split(separator: "\n").first(where: { line in labels.contains { line.hasPrefix($0) } }),
              let word = line.split(separator: " ").first(where: { $0.hasPrefix("/") })
        else { return nil }
        return word.hasSuffix("에") ? String(word.dropLast()) : String(word)
    }

    var stdout: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }

    /// A new connection to the server.
    func client(source: String? = nil) throws -> HTTPTestClient {
        try HTTPTestClient(port: port, source: source)
    }

    /// One request on a connection of its own; with `operator`, the token's header.
    func request(_ method: String, _ path: String, body: String? = nil, operator: Bool = false, headers: [(String, String)] = []) throws -> HTTPTestClient.Response {
        let authorization = `operator` ? [("Authorization", "Bearer \(token)")] : []
        return try client().request(method, path, headers: authorization + headers, body: body)
    }

    /// Sends `signal` and waits for the exit status, at most two minutes (then kills it
    /// and fails the test rather than hang the suite).
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = ContinuousClock.now + .seconds(120)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning {
            Issue.record("kiosk serve did not stop within two minutes of signal \(signal); killed")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
