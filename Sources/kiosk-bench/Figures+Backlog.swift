import Foundation
import KioskTestSupport

/// Figures of sinks far behind: memory stays flat however many events wait, because they
/// wait on disk; and the MQTT sink's rate to a real broker.
extension Figures {
    /// A million orders behind a webhook that accepts connections and never answers.
    func unansweredWebhookMemory() throws -> Figure {
        let count = quick ? 200_000 : 1_000_000
        let (menu, orders) = try orderFiles(count)
        let server = try TestHTTPServer(replies: [.hold], keepsRequests: false)
        defer { server.stop() }
        try? FileManager.default.removeItem(atPath: scratch + "/state")
        let peak = try peakWhileRunning([
            kiosk, "--quiet", "--menu", menu, "-f", orders, "--flush-timeout", "1s", "--sink", "webhook url \"\(server.url)\" timeout 60s",
        ])
        try? FileManager.default.removeItem(atPath: scratch + "/state")
        return Figure(
            name: "peak memory, \(count.formatted()) orders behind a webhook that never answers", value: peak, unit: "MB",
            budget: .atMost(40, shown: "≤ 1×"),
            meaning: "a dead receiver costs disk, not memory: the events wait in the journal"
        )
    }

    /// QoS 1 events per second to a local mosquitto, every one acknowledged before kiosk exits.
    func mqttRate() throws -> Figure {
        guard Measure.available("mosquitto") || FileManager.default.isExecutableFile(atPath: "/usr/sbin/mosquitto") else {
            return Figure(
                name: "MQTT QoS 1 events/s to a local broker", value: .nan, unit: "events/s", baselineName: "mosquitto not installed: not measured",
                baseline: .nan, ratio: .nan, budget: "≥ 20,000/s", holds: nil, meaning: "needs the mosquitto broker (make bench installs it)"
            )
        }
        let count = quick ? 20_000 : 100_000
        let (menu, orders) = try orderFiles(count)
        var rates: [Double] = []
        for round in 0..<(quick ? 2 : 4) {
            let broker = try MosquittoBroker()
            defer { broker.stop() }
            try? FileManager.default.removeItem(atPath: scratch + "/state")
            let run = Measure.run(
                [kiosk, "--quiet", "--menu", menu, "-f", orders, "--flush-timeout", "120s", "--sink", "mqtt url \"\(broker.url)\" stock off"],
                environment: environment
            )
            guard run.status == 0 else { throw BenchError.failed("the MQTT batch failed") }
            if round > 0 { rates.append(Double(count) / run.seconds) }
        }
        let value = Measure.median(rates)
        return Figure(
            name: "MQTT QoS 1 events/s to a local broker (all acknowledged)", value: value, unit: "events/s",
            budget: .atLeast(20_000),
            meaning: "a busy kiosk's events reach a fleet's broker as fast as they happen"
        )
    }

    /// A million orders while the broker is down: memory, then every event once it is back.
    func mqttDownMemory() throws -> Figure {
        let count = quick ? 200_000 : 1_000_000
        let (menu, orders) = try orderFiles(count)
        let broker = try MosquittoBroker()
        defer { broker.stop() }
        let sink = "mqtt url \"\(broker.url)\" stock off"
        broker.stop()
        try? FileManager.default.removeItem(atPath: scratch + "/state")
        let peak = try peakWhileRunning([kiosk, "--quiet", "--menu", menu, "-f", orders, "--flush-timeout", "1s", "--sink", sink])
        try broker.restart()
        let empty = scratch + "/empty.txt"
        try Data().write(to: URL(fileURLWithPath: empty))
        let delivered = Measure.run([kiosk, "--quiet", "--menu", menu, "-f", empty, "--flush-timeout", "600s", "--sink", sink], environment: environment)
        let waiting = Measure.run([kiosk, "--menu", menu, "-c", "sinks", "--sink", sink], environment: environment, output: scratch + "/sinks.txt")
        let table = (try? String(contentsOfFile: scratch + "/sinks.txt", encoding: .utf8)) ?? ""
        let allDelivered = delivered.status == 0 && waiting.status == 0 && table.contains(" 0 ") && !table.contains(" \(count) ")
        try? FileManager.default.removeItem(atPath: scratch + "/state")
        return Figure(
            name: "peak memory, \(count.formatted()) orders while the MQTT broker is down", value: peak, unit: "MB",
            baselineName: allDelivered ? "budget; all delivered once it was back" : "budget; NOT all delivered after", baseline: 40,
            ratio: peak / 40, budget: "≤ 1×", holds: peak <= 40 && allDelivered,
            meaning: "a broker outage costs disk, not memory, and nothing is lost"
        )
    }

    /// The peak resident memory (MB) of a run, read from `/proc/PID/status` while it runs.
    func peakWhileRunning(_ argv: [String]) throws -> Double {
        let process = try start(argv)
        var peak = 0.0
        while process.isRunning {
            if let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) {
                peak = max(peak, kilobytes / 1024)
            }
            usleep(20_000)
        }
        guard process.terminationStatus == 0 else { throw BenchError.failed("\(argv[0]) exited with \(process.terminationStatus)") }
        return peak
    }
}
