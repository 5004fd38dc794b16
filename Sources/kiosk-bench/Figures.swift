import Foundation
import KioskCore
import KioskMenu
import KioskSinks
import KioskTestSupport

/// One figure of the performance budgets, next to the baseline measured in the same run.
struct Figure {
    let name: String
    let value: Double
    let unit: String
    let baselineName: String
    let baseline: Double
    /// `value / baseline`, or the other way round when less is better.
    let ratio: Double
    let budget: String
    /// `nil` for a figure shown for information, with no budget.
    let holds: Bool?
    /// What the figure means for someone using kiosk.
    let meaning: String
}

extension Figure {
    /// A budget a figure is held to: a rate to reach, or a cost to stay within.
    enum Budget {
        /// Holds at `floor` or more; shown as `≥ 1×`.
        case atLeast(Double)
        /// Holds at `ceiling` or less; `shown` is how the table says it (`≤ 20 ms`, `≤ 1×`).
        case atMost(Double, shown: String)
    }

    /// A figure against its budget: the ratio is the value over the budget's number.
    init(name: String, value: Double, unit: String, budget: Budget, meaning: String) {
        switch budget {
        case .atLeast(let floor):
            self.init(
                name: name, value: value, unit: unit, baselineName: "budget", baseline: floor, ratio: value / floor,
                budget: "≥ 1×", holds: value >= floor, meaning: meaning
            )
        case .atMost(let ceiling, let shown):
            self.init(
                name: name, value: value, unit: unit, baselineName: "budget", baseline: ceiling, ratio: value / ceiling,
                budget: shown, holds: value <= ceiling, meaning: meaning
            )
        }
    }
}

/// The measurements. Each runs a warm-up, then several runs, and reports the median.
struct Figures {
    let kiosk: String
    let scratch: String
    let quick: Bool

    var runs: Int { quick ? 3 : 7 }

    // MARK: Start-up

    func startUp() -> Figure {
        let sqlite = Measure.available("sqlite3")
        let rounds = quick ? 60 : 300
        var kioskTimes: [Double] = []
        var sqliteTimes: [Double] = []
        for round in 0..<(rounds + 20) {
            let k = Measure.run([kiosk, "-c", "menu"]).seconds
            let s = sqlite ? Measure.run(["sqlite3", ":memory:", ".quit"]).seconds : .nan
            guard round >= 20 else { continue }
            kioskTimes.append(k)
            sqliteTimes.append(s)
        }
        let value = Measure.median(kioskTimes) * 1000
        let baseline = sqlite ? Measure.median(sqliteTimes) * 1000 : .nan
        return Figure(
            name: "start to first result, kiosk -c menu", value: value, unit: "ms",
            baselineName: sqlite ? "sqlite3 :memory: .quit" : "sqlite3 (not installed)", baseline: baseline,
            ratio: value / baseline, budget: "≤ 2×", holds: value / baseline <= 2,
            meaning: "a script that runs kiosk once per command pays about this much per call"
        )
    }

    // MARK: Parsing

    func parse() throws -> Figure {
        let source = Array(MenuGenerator.kiosk().utf8)
        let json = Data(MenuGenerator.json().utf8)
        let compiler = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas, loader: InMemorySourceLoader(files: [:]))
        guard let compiled = compiler.compile(source: source, path: "bench.kiosk").menu, compiled.menu.items.count == 10_000 else {
            throw BenchError.failed("the generated menu does not compile")
        }
        var ours: [Double] = []
        var theirs: [Double] = []
        for round in 0..<(runs * 2 + 2) {
            let k = Measure.seconds { _ = compiler.compile(source: source, path: "bench.kiosk") }
            let j = Measure.seconds { _ = try? JSONSerialization.jsonObject(with: json) }
            guard round >= 2 else { continue }
            ours.append(k)
            theirs.append(j)
        }
        let value = Measure.median(ours) * 1000
        let baseline = Measure.median(theirs) * 1000
        return Figure(
            name: "parse + bind, 10,000 items / 1,000 ingredients", value: value, unit: "ms",
            baselineName: "JSONSerialization, same content (\(json.count / 1024) KiB)", baseline: baseline,
            ratio: value / baseline, budget: "< 1×", holds: value < baseline,
            meaning: "start-up and reload of a big menu, with every rule checked, beat merely reading it as JSON"
        )
    }

    // MARK: Orders

    func coreOrders() throws -> Figure {
        let menu = try Menu(
            name: "Bench", ingredients: [Ingredient(name: "mango", initialStock: Menu.maximumQuantity)],
            items: [Item(name: "Mango Juice", recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        )
        let count = quick ? 1_000_000 : 3_000_000
        let order = Order(item: 0)
        let time = Timestamp(millisecondsSince1970: 1_795_262_400_000)
        var rates: [Double] = []
        for round in 0..<(runs + 1) {
            var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: UInt64(round)))
            var events: [Event] = []
            events.reserveCapacity(4)
            let seconds = try Measure.seconds {
                for _ in 0..<count {
                    events.removeAll(keepingCapacity: true)
                    try kiosk.place(order, at: time, emitting: &events)
                }
            }
            guard kiosk.inventory[0] == Menu.maximumQuantity - count else { throw BenchError.failed("orders went missing") }
            if round > 0 { rates.append(Double(count) / seconds) }
        }
        let value = Measure.median(rates)
        return Figure(
            name: "orders through the core, no sinks", value: value, unit: "orders/s",
            budget: .atLeast(2_000_000),
            meaning: "the domain itself is never what limits a kiosk"
        )
    }

    func batchWithLog() throws -> Figure {
        let count = quick ? 200_000 : 500_000
        let (menu, orders) = try orderFiles(count)
        var rates: [Double] = []
        for round in 0..<(runs > 3 ? 4 : 2) {
            let log = scratch + "/log-\(round).jsonl"
            // Each round's log path keys a private journal of its own (written without
            // fsync): left in place, the rounds after would pay for the write-back of the
            // ones before. Each round is a first run.
            try? FileManager.default.removeItem(atPath: scratch + "/state")
            let run = Measure.run([kiosk, "--quiet", "--menu", menu, "-f", orders, "--sink", "log path \"\(log)\""], environment: environment)
            let lines = try countLines(log)
            try? FileManager.default.removeItem(atPath: log)
            guard run.status == 0, lines == count else { throw BenchError.failed("the batch wrote \(lines) of \(count) events") }
            if round > 0 { rates.append(Double(count) / run.seconds) }
        }
        let value = Measure.median(rates)
        return Figure(
            name: "batch orders through the CLI, log sink, no --state", value: value, unit: "orders/s",
            budget: .atLeast(300_000),
            meaning: "replaying a day of orders into a log pipeline takes seconds; every event is in the log before kiosk exits"
        )
    }

    // MARK: Webhooks

    /// Webhook delivery with four requests in flight: the setting for throughput.
    func webhookDelivery() throws -> Figure {
        let value = try webhookRate(concurrency: 4)
        return Figure(
            name: "webhook delivery to a loopback receiver, concurrency 4", value: value, unit: "events/s",
            budget: .atLeast(2_000),
            meaning: "with four requests in flight, one webhook keeps up with a busy kiosk"
        )
    }

    /// The default: in order, one request at a time. Informational: bounded by the CPU one
    /// URLSession request costs on Linux.
    func orderedWebhookDelivery() throws -> Figure {
        let value = try webhookRate(concurrency: 1)
        return Figure(
            name: "webhook delivery in order (the default, concurrency 1)", value: value, unit: "events/s",
            baselineName: "for information", baseline: .nan, ratio: .nan, budget: "—", holds: nil,
            meaning: "strictly ordered delivery: one request at a time, each a full URLSession round trip"
        )
    }

    private func webhookRate(concurrency: Int) throws -> Double {
        let count = quick ? 2_000 : 5_000
        let (menu, orders) = try orderFiles(count)
        var rates: [Double] = []
        for round in 0..<(runs > 3 ? 4 : 2) {
            let server = try TestHTTPServer(keepsRequests: false)
            let sink = "webhook url \"\(server.url)\" concurrency \(concurrency)"
            let process = try start([kiosk, "--quiet", "--menu", menu, "-f", orders, "--sink", sink])
            let started = ContinuousClock.now
            try waitFor("\(count) webhook requests", timeout: .seconds(120)) { server.requestCount >= count }
            let seconds = (ContinuousClock.now - started).seconds
            process.waitUntilExit()
            server.stop()
            if round > 0 { rates.append(Double(count) / seconds) }
        }
        return Measure.median(rates)
    }

    func slowReceiver() throws -> Figure {
        let server = try TestHTTPServer(replies: [.delayed(.seconds(1), .status(200))], keepsRequests: false)
        defer { server.stop() }
        let (without, withSink, ratio) = try pairedThroughput(sink: "webhook url \"\(server.url)\"")
        return Figure(
            name: "order throughput, webhook receiver answering after 1 s", value: withSink, unit: "orders/s",
            baselineName: "no sinks: \(Int(without)) orders/s", baseline: without,
            ratio: ratio, budget: "≥ 0.90×", holds: ratio >= 0.9,
            meaning: "a slow or dead receiver never slows the counter; its events wait on disk, in the journal"
        )
    }

    // MARK: Memory

    /// Peak resident memory read from `/proc/PID/status` (`VmHWM`) while kiosk still runs:
    /// `ru_maxrss` from `wait4` would count the benchmark itself, because `posix_spawn`
    /// shares its memory with the child until `exec`.
    func peakMemory() throws -> Figure {
        let menu = scratch + "/big.kiosk"
        try Data(MenuGenerator.kiosk().utf8).write(to: URL(fileURLWithPath: menu))
        var peaks: [Double] = []
        for _ in 0..<runs {
            let output = scratch + "/memory.txt"
            try Data().write(to: URL(fileURLWithPath: output))
            let input = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: kiosk)
            process.arguments = ["--menu", menu]
            process.environment = environment
            process.standardInput = input
            process.standardOutput = FileHandle(forWritingAtPath: output)
            process.standardError = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(Data("menu\norder i1\nstock\n".utf8))
            try waitFor("kiosk to list the stock", timeout: .seconds(60)) {
                (try? String(contentsOfFile: output, encoding: .utf8))?.contains("ingredient-999 ") == true
            }
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            let kilobytes = line.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) } ?? .nan
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            peaks.append(kilobytes / 1024)
        }
        let value = Measure.median(peaks)
        return Figure(
            name: "peak memory, 10,000-item menu", value: value, unit: "MB",
            budget: .atMost(40, shown: "≤ 1×"),
            meaning: "a big menu runs comfortably on a small till or a Raspberry Pi"
        )
    }

    // MARK: Helpers

    var environment: [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": scratch, "XDG_STATE_HOME": scratch + "/state"]
    }

    /// A menu with a billion mangoes, and `count` orders for a mango juice each.
    func orderFiles(_ count: Int) throws -> (menu: String, orders: String) {
        let menu = scratch + "/mango.kiosk"
        let orders = scratch + "/orders-\(count).txt"
        try Data("kiosk \"Bench\"\ningredient mango stock 1000000000\nitem \"Mango Juice\" needs mango 1\n".utf8)
            .write(to: URL(fileURLWithPath: menu))
        if !FileManager.default.fileExists(atPath: orders) {
            try Data(String(repeating: "order mango juice\n", count: count).utf8).write(to: URL(fileURLWithPath: orders))
        }
        return (menu, orders)
    }

    func start(_ argv: [String], output: String = "/dev/null") throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: argv[0])
        process.arguments = Array(argv.dropFirst())
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: output) ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Seconds from start until the program has written `bytes` to standard output.
    func timeToOutput(_ argv: [String], bytes: Int) throws -> Double {
        let output = scratch + "/output.txt"
        try Data().write(to: URL(fileURLWithPath: output))
        // Whatever earlier runs left for the kernel to write is written now, not while this
        // run is timed: without it a run that follows another is slower, and the slow
        // receiver's paired ratio moves with the order of the runs.
        sync()
        let started = ContinuousClock.now
        let process = try start(argv, output: output)
        // Poll the file's size every half millisecond: fine enough for runs of a second.
        var info = stat()
        while stat(output, &info) != 0 || Int(info.st_size) < bytes {
            guard process.isRunning || (stat(output, &info) == 0 && Int(info.st_size) >= bytes) else {
                throw BenchError.failed("\(argv[0]) stopped before writing its results")
            }
            usleep(500)
        }
        let seconds = (ContinuousClock.now - started).seconds
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: scratch + "/state")
        return seconds
    }

    func countLines(_ path: String) throws -> Int {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var lines = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            lines += chunk.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
        }
        return lines
    }
}

enum BenchError: Error, CustomStringConvertible {
    case failed(String)

    var description: String {
        switch self {
        case .failed(let what): what
        }
    }
}
