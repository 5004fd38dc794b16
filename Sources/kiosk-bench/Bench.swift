import Foundation

/// kiosk-bench: measures every performance budget's figure on this machine, each next to a baseline
/// measured in the same run, and prints a table (or `--json`).
///
///     swift run -c release kiosk-bench [--json] [--quick] [--no-build]
@main
enum Bench {
    static func main() {
        var rawArguments = Array(CommandLine.arguments.dropFirst())
        var only: Set<String>?
        if let index = rawArguments.firstIndex(of: "--only"), index + 1 < rawArguments.count {
            only = Set(rawArguments[index + 1].split(separator: ",").map(String.init))
            rawArguments.removeSubrange(index...(index + 1))
        }
        let arguments = Set(rawArguments)
        let unknown = arguments.subtracting(["--json", "--quick", "--no-build", "--help", "-h"])
        if !unknown.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
            print("usage: swift run -c release kiosk-bench [--json] [--quick] [--no-build] [--only FIGURE]")
            print("  --json      one JSON object instead of the table")
            print("  --quick     fewer and smaller runs, for a first look")
            print("  --no-build  use the kiosk binaries already built beside kiosk-bench")
            print("  --only F    one figure, or several separated by commas: start-up, parsing, choices, money, checkout, core, batch, conversation, batch-state, history,")
            print("              reprice, webhook, webhook-in-order, slow-receiver, unanswered, mqtt, mqtt-down, memory, suggest,")
            print("              board-batch, board-render, simulate, simulate-memory")
            print("              dead-receiver, serve-orders, serve-menu, serve-events, serve-slow, screens, plugin-sink, plugin-check")
            exit(unknown.isEmpty ? 0 : 64)
        }
        do {
            let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            if !arguments.contains("--no-build") { try buildRelease(next: directory) }
            let kiosk = directory.appendingPathComponent("kiosk").path
            guard FileManager.default.isExecutableFile(atPath: kiosk) else {
                throw BenchError.failed("no kiosk beside kiosk-bench in \(directory.path); run swift build -c release")
            }
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-bench-\(getpid())").path
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: scratch) }

            let figures = Figures(kiosk: kiosk, scratch: scratch, quick: arguments.contains("--quick"))
            var results: [Figure] = []
            let steps: [(String, () throws -> [Figure])] = [
                ("start-up", { [figures.startUp()] }), ("parsing", { [try figures.parse()] }), ("choices", { [try figures.parseWithChoices(), try figures.explainMillions(), try figures.durableConversationWithChoices()] }), ("money", { [try figures.durableConversationWithMoney()] }), ("checkout", figures.checkout), ("core", { [try figures.coreOrders()] }),
                ("batch", { [try figures.batchWithLog()] }), ("conversation", figures.durableConversation),
                ("batch-state", { [try figures.batchWithStateAndLog()] }), ("history", figures.startWithLongHistory),
                ("reprice", figures.repriceDay),
                ("webhook", { [try figures.webhookDelivery()] }), ("webhook-in-order", { [try figures.orderedWebhookDelivery()] }),
                ("slow-receiver", { [try figures.slowReceiver()] }), ("unanswered", { [try figures.unansweredWebhookMemory()] }),
                ("mqtt", { [try figures.mqttRate()] }), ("mqtt-down", { [try figures.mqttDownMemory()] }),
                ("memory", { [try figures.peakMemory()] }),
                ("suggest", { [try figures.suggestForAGroup()] }),
                ("board-batch", { [try figures.batchWithBoard(quiet: true), try figures.batchWithBoard(quiet: false)] }), ("board-render", { [try figures.boardRender()] }),
                ("simulate", { [try figures.simulateRate()] }), ("simulate-memory", { [try figures.simulateMemory()] }),
                ("dead-receiver", { [try figures.deadReceiver()] }),
                ("serve-orders", figures.durableOrdersOverHTTP), ("serve-menu", { [try figures.menuOverHTTP()] }),
                ("serve-events", figures.eventStreamFanOut), ("serve-slow", { [try figures.ordersBesideSlowClients()] }),
                ("screens", figures.screens),
                ("plugin-sink", { [try figures.pluginSinkRate()] }), ("plugin-check", { [try figures.checkWithPlugins()] }),
            ]
            for (name, measure) in steps where only == nil || only?.contains(name) == true {
                FileHandle.standardError.write(Data("kiosk-bench: measuring \(name)…\n".utf8))
                results += try measure()
            }
            print(arguments.contains("--json") ? Report.json(results) : Report.table(results))
        } catch {
            FileHandle.standardError.write(Data("kiosk-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Builds the release `kiosk`, `kiosk-http` and `kiosk-plugin-example` the figures run (a no-op when they are
    /// up to date). `swift run` has released the build directory by the time this runs.
    static func buildRelease(next directory: URL) throws {
        let package = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for product in ["kiosk", "kiosk-http", "kiosk-plugin-example"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "build", "-c", "release", "--product", product]
            process.currentDirectoryURL = package
            process.standardOutput = FileHandle.standardError
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw BenchError.failed("swift build -c release --product \(product) failed") }
        }
    }
}

/// The figures as a table for people, or as JSON for programs.
enum Report {
    static func table(_ figures: [Figure]) -> String {
        var rows = [["FIGURE", "MEASURED", "BASELINE (SAME RUN)", "RATIO", "BUDGET", "HOLDS"]]
        for figure in figures {
            rows.append([
                figure.name, format(figure.value, figure.unit),
                figure.baselineName == "budget" ? "budget \(format(figure.baseline, figure.unit))"
                    : "\(figure.baselineName)" + (figure.baseline.isNaN || figure.baselineName.hasPrefix("no sinks") ? "" : ": \(format(figure.baseline, figure.unit))"),
                figure.ratio.isNaN ? "—" : String(format: "%.2f×", figure.ratio), figure.budget, figure.holds.map { $0 ? "yes" : "NO" } ?? "—",
            ])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = rows.map { row in
            row.enumerated().map { column, cell in cell.padding(toLength: widths[column], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
        text += "\n\nWhat they mean:\n" + figures.map { "- \($0.name): \($0.meaning)." }.joined(separator: "\n")
        return text
    }

    static func json(_ figures: [Figure]) -> String {
        let objects: [[String: Any]] = figures.map {
            ["name": $0.name, "value": $0.value, "unit": $0.unit, "baseline": $0.baselineName, "baselineValue": $0.baseline.isNaN ? NSNull() : $0.baseline,
             "ratio": $0.ratio.isNaN ? NSNull() : $0.ratio, "budget": $0.budget, "holds": $0.holds.map { $0 as Any } ?? NSNull()]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["figures": objects], options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func format(_ value: Double, _ unit: String) -> String {
        guard !value.isNaN else { return "—" }
        switch unit {
        case "ms": return String(format: "%.2f ms", value)
        case "MB": return String(format: "%.1f MB", value)
        default:
            let number = NumberFormatter()
            number.numberStyle = .decimal
            number.maximumFractionDigits = 0
            return (number.string(from: NSNumber(value: value.rounded())) ?? String(Int(value))) + " " + unit
        }
    }
}
