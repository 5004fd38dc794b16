import Foundation

/// A `kiosk serve` for the benchmark: started on a free port, stopped with SIGTERM.
final class ServerUnderBench {
    let process = Process()
    let port: UInt16
    let url: String

    init(kiosk: String, arguments: [String], environment: [String: String], scratch: String) throws {
        let output = scratch + "/serve-\(UUID().uuidString).out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.executableURL = URL(fileURLWithPath: kiosk)
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--quiet"] + arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        var found: UInt16?
        for _ in 0..<600 where found == nil && process.isRunning {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                found = UInt16(text[range].split(separator: ":").last ?? "")
            } else {
                usleep(10_000)
            }
        }
        guard let found else {
            if process.isRunning { process.terminate() }
            throw BenchError.failed("kiosk serve did not start")
        }
        port = found
        url = "http://127.0.0.1:\(found)/api/v1"
    }

    /// The most memory the server has held (VmHWM), in MiB.
    var peakMemory: Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan) / 1024
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// `wrk`, the HTTP load generator: its rate, its latency percentiles, its errors.
struct WrkResult {
    let requestsPerSecond: Double
    /// Milliseconds.
    let p50: Double
    let p99: Double
    let requests: Int
    let failures: Int

    /// Runs wrk with `connections` keep-alive connections for `seconds`, with `script` (Lua)
    /// when given.
    static func run(url: String, connections: Int, seconds: Int, script: String? = nil) throws -> WrkResult {
        var argv = ["wrk", "-t", "2", "-c", String(connections), "-d", "\(seconds)s", "--latency"]
        if let script { argv += ["-s", script] }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("wrk-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = Measure.run(argv + [url], output: output)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard run.status == 0 else { throw BenchError.failed("wrk failed: \(text)") }
        func number(after label: String) -> Double? {
            guard let line = text.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }) else { return nil }
            return line.split(separator: " ").dropFirst(label.split(separator: " ").count).first.flatMap { milliseconds(String($0)) ?? Double($0) }
        }
        let requests = text.split(separator: "\n").first { $0.contains("requests in") }.flatMap { Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) } ?? 0
        let failures = text.split(separator: "\n").first { $0.contains("Non-2xx or 3xx responses:") }.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        return WrkResult(
            requestsPerSecond: number(after: "Requests/sec:") ?? .nan, p50: number(after: "50%") ?? .nan, p99: number(after: "99%") ?? .nan,
            requests: requests, failures: failures
        )
    }

    /// `812.00us`, `3.21ms`, `1.02s` in milliseconds.
    private static func milliseconds(_ text: String) -> Double? {
        for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * scale }
        }
        return nil
    }
}
