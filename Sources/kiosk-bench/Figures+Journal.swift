import Foundation
import KioskTestSupport

/// The journal's figures: durable orders in conversation against SQLite, batches with a
/// state, start-up over a long history, bytes per order, a recorded day repriced.
extension Figures {
    /// Orders in conversation with `--state` (each durable before its answer) against
    /// SQLite in WAL mode with `synchronous=FULL`, one INSERT per transaction, same disk.
    func durableConversation() throws -> [Figure] {
        let count = quick ? 500 : 2_000
        let (small, _) = try orderFiles(1)
        let large = scratch + "/big.kiosk"
        try Data(MenuGenerator.kiosk().utf8).write(to: URL(fileURLWithPath: large))
        var ours: [Double] = []
        var theirs: [Double] = []
        var bigs: [Double] = []
        for round in 0..<(quick ? 2 : 4) {
            let s = try conversationRate(menu: small, count: count) { _ in "order mango juice" }
            let q = try sqliteRate(count)
            let b = try conversationRate(menu: large, count: count) { "order i\($0 * 7 % 10_000)" }
            guard round > 0 else { continue }
            ours.append(s)
            theirs.append(q)
            bigs.append(b)
        }
        let value = Measure.median(ours)
        let sqlite = Measure.median(theirs)
        let big = Measure.median(bigs)
        let available = !sqlite.isNaN
        return [
            Figure(
                name: "durable orders/s in conversation, --state, 7-item menu", value: value, unit: "orders/s",
                baselineName: available ? "sqlite3 WAL synchronous=FULL, 1 INSERT per transaction" : "sqlite3 (not installed: no ratio)",
                baseline: sqlite, ratio: value / sqlite, budget: "≥ 1×", holds: available ? value >= sqlite : nil,
                meaning: "each order is on disk (fdatasync) before its answer, as fast as a database commits a row"
            ),
            Figure(
                name: "the same with the 10,000-item menu", value: big, unit: "orders/s",
                baselineName: "7-item menu", baseline: value, ratio: value / big, budget: "within 1.5×", holds: value / big <= 1.5,
                meaning: "an order costs the same whatever the size of the menu: only its own lines are written"
            ),
        ]
    }

    /// Durable orders/s of `measured` and of `baseline`, run in pairs (the first pair a
    /// warm-up), as medians: the rate, the baseline's rate and the median of the ratios.
    func pairedConversationRates(
        _ measured: (menu: String, order: String, lines: Int), against baseline: (menu: String, order: String), count: Int
    ) throws -> (value: Double, baseline: Double, ratio: Double) {
        var ratios: [Double] = []
        var values: [Double] = []
        var baselines: [Double] = []
        for round in 0..<(quick ? 2 : 4) {
            let plain = try conversationRate(menu: baseline.menu, count: count) { _ in baseline.order }
            let rate = try conversationRate(menu: measured.menu, count: count, lines: measured.lines) { _ in measured.order }
            guard round > 0 else { continue }
            values.append(rate)
            baselines.append(plain)
            ratios.append(rate / plain)
        }
        return (Measure.median(values), Measure.median(baselines), Measure.median(ratios))
    }

    func conversationRate(menu: String, count: Int, lines: Int = 1, order: (Int) -> String) throws -> Double {
        let state = scratch + "/conversation-state"
        try? FileManager.default.removeItem(atPath: state)
        let conversation = try Conversation([kiosk, "--state", state, "--menu", menu], environment: environment)
        defer { conversation.finish() }
        for index in 0..<20 { try conversation.ask(order(index), lines: lines) }
        let seconds = try Measure.seconds {
            for index in 0..<count { try conversation.ask(order(index + 20), lines: lines) }
        }
        return Double(count) / seconds
    }

    /// One-row transactions per second through the sqlite3 program, as kiosk's state sits on
    /// the same disk; `nan` when sqlite3 is not installed.
    func sqliteRate(_ count: Int) throws -> Double {
        guard Measure.available("sqlite3") else { return .nan }
        let database = scratch + "/baseline.db"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        let setup = scratch + "/setup.sql"
        let script = scratch + "/inserts.sql"
        try Data("PRAGMA journal_mode=WAL;\nPRAGMA synchronous=FULL;\nCREATE TABLE orders(item TEXT, quantity INTEGER);\n".utf8)
            .write(to: URL(fileURLWithPath: setup))
        try Data(("PRAGMA synchronous=FULL;\n" + String(repeating: "INSERT INTO orders VALUES('Mango Juice', 1);\n", count: count)).utf8)
            .write(to: URL(fileURLWithPath: script))
        _ = Measure.run(["sqlite3", database], input: setup)
        let run = Measure.run(["sqlite3", database], input: script)
        guard run.status == 0 else { throw BenchError.failed("sqlite3 failed") }
        return Double(count) / run.seconds
    }

    /// A batch with `--state` and a log sink: durable in groups, every event in the log.
    func batchWithStateAndLog() throws -> Figure {
        let count = quick ? 200_000 : 500_000
        let (menu, orders) = try orderFiles(count)
        var rates: [Double] = []
        for round in 0..<(runs > 3 ? 4 : 2) {
            let state = scratch + "/batch-state"
            let log = scratch + "/batch-log.jsonl"
            try? FileManager.default.removeItem(atPath: state)
            try? FileManager.default.removeItem(atPath: log)
            let run = Measure.run([kiosk, "--quiet", "--state", state, "--menu", menu, "-f", orders, "--sink", "log path \"\(log)\""], environment: environment)
            let lines = try countLines(log)
            guard run.status == 0, lines == count else { throw BenchError.failed("the batch wrote \(lines) of \(count) events") }
            if round > 0 { rates.append(Double(count) / run.seconds) }
        }
        let value = Measure.median(rates)
        return Figure(
            name: "batch orders/s with --state and a log sink", value: value, unit: "orders/s",
            budget: .atLeast(300_000),
            meaning: "a day of orders replayed into a state and a log pipeline, every one durable and logged"
        )
    }

    /// Start to first result over a million orders of history, against an empty state.
    func startWithLongHistory() throws -> [Figure] {
        let count = quick ? 200_000 : 1_000_000
        let (menu, orders) = try orderFiles(count)
        let full = scratch + "/million-state"
        let empty = scratch + "/empty-state"
        try? FileManager.default.removeItem(atPath: full)
        try? FileManager.default.removeItem(atPath: empty)
        let filled = Measure.run([kiosk, "--quiet", "--state", full, "--menu", menu, "-f", orders], environment: environment)
        _ = Measure.run([kiosk, "--state", empty, "--menu", menu, "-c", "menu"], environment: environment)
        guard filled.status == 0 else { throw BenchError.failed("filling the state failed") }
        var long: [Double] = []
        var short: [Double] = []
        for round in 0..<(quick ? 40 : 120) {
            let l = Measure.run([kiosk, "--state", full, "--menu", menu, "-c", "menu"], environment: environment).seconds
            let s = Measure.run([kiosk, "--state", empty, "--menu", menu, "-c", "menu"], environment: environment).seconds
            guard round >= 10 else { continue }
            long.append(l)
            short.append(s)
        }
        let value = Measure.median(long) * 1000
        let baseline = Measure.median(short) * 1000
        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: kiosk)
        verify.arguments = ["state", "verify", "--json", full]
        let pipe = Pipe()
        verify.standardOutput = pipe
        try verify.run()
        let summary = (try? JSONSerialization.jsonObject(with: pipe.fileHandleForReading.readDataToEndOfFile())) as? [String: Any]
        verify.waitUntilExit()
        let end = summary?["end"] as? Double ?? .nan
        let records = summary?["records"] as? Double ?? .nan
        // The journal holds the first records' stock declarations besides the orders.
        let perOrder = end / Double(count)
        return [
            Figure(
                name: "start to first result, state with \(count.formatted()) orders", value: value, unit: "ms",
                baselineName: "an empty state", baseline: baseline, ratio: value / baseline, budget: "≤ 3×", holds: value / baseline <= 3,
                meaning: "a snapshot keeps start-up short however long the history"
            ),
            Figure(
                name: "journal bytes per one-line order", value: perOrder, unit: "bytes",
                budget: .atMost(200, shown: "≤ 1×"),
                meaning: "a million orders take \(Int((perOrder * 1_000_000 / 1_048_576).rounded())) MiB of journal (\(Int(records.isNaN ? 0 : records)) records read by verify)"
            ),
        ]
    }

    /// `kiosk reprice` of a state holding a million recorded orders (no snapshot, so the
    /// segments keep every one) on a menu that changes every total: the table lists every
    /// order, the worst case of its output. Orders per second, and the peak memory of a
    /// run, which reads the journal as a stream.
    func repriceDay() throws -> [Figure] {
        let count = quick ? 200_000 : 1_000_000
        let (menu, orders) = try orderFiles(count)
        let old = scratch + "/reprice-old.kiosk"
        let new = scratch + "/reprice-new.kiosk"
        try Data((try String(contentsOfFile: menu, encoding: .utf8)).replacingOccurrences(of: "needs mango", with: "price 4.50 needs mango").utf8)
            .write(to: URL(fileURLWithPath: old))
        try Data((try String(contentsOfFile: old, encoding: .utf8)).replacingOccurrences(of: "4.50", with: "4.75") .appending("tax \"Sales tax\" 8.875% added\n").utf8)
            .write(to: URL(fileURLWithPath: new))
        let state = scratch + "/reprice-state"
        try? FileManager.default.removeItem(atPath: state)
        var recording = environment
        recording["KIOSK_JOURNAL_SNAPSHOT_BYTES"] = "0"
        let recorded = Measure.run([kiosk, "--quiet", "--state", state, "--menu", old, "-f", orders], environment: recording)
        guard recorded.status == 0 else { throw BenchError.failed("recording the day failed") }
        let argv = [kiosk, "reprice", "--state", state, "--menu", new]
        var rates: [Double] = []
        for round in 0..<(quick ? 2 : 4) {
            let run = Measure.run(argv, environment: environment)
            guard run.status == 0 else { throw BenchError.failed("kiosk reprice exited with \(run.status)") }
            if round > 0 { rates.append(Double(count) / run.seconds) }
        }
        let peak = try peakWhileRunning(argv)
        try? FileManager.default.removeItem(atPath: state)
        return [
            Figure(
                name: "kiosk reprice orders/s, \(count.formatted()) recorded orders, every total changed", value: Measure.median(rates), unit: "orders/s",
                budget: .atLeast(300_000),
                meaning: "a day of orders priced again on a new menu, each row printed, in seconds"
            ),
            Figure(
                name: "peak memory, kiosk reprice of \(count.formatted()) orders", value: peak, unit: "MB",
                budget: .atMost(64, shown: "≤ 1×"),
                meaning: "the journal is read as a stream and only the sums are kept, so any length of day fits"
            ),
        ]
    }
}
