import Foundation
import Glibc
import KioskCore
import KioskTestSupport
import KioskText
import Synchronization
import Testing

/// Processes that lag behind compactions and snapshots on one `--state`, with segments of
/// 4 KiB: every result a client was shown is in the state, each `seq` is one event's, and
/// the stock adds up — while REPLs, a server under HTTP load, one-shot commands and
/// `kiosk state compact` run at once and processes are killed.
@Suite struct LaggingProcessTests {
    static let environment = ["KIOSK_JOURNAL_SEGMENT_BYTES": "4096", "KIOSK_JOURNAL_SNAPSHOT_BYTES": "8192"]
    static let initialStock = 1_000_000

    /// The menu, with a log sink that gets every event when `log` is given.
    static func menu(log: String? = nil) -> String {
        """
        kiosk "Lagging"
        ingredient mango stock \(initialStock)
        item "Mango Juice" needs mango 1
        \(log.map { "sink log path \"\($0)\"" } ?? "")

        """
    }

    /// The segment names a state directory holds.
    static func segments(_ state: String) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []).filter { $0.hasSuffix(".journal") })
    }

    /// The issue's own steps: a REPL that opened first, 150 one-shot edits and a compaction
    /// under it; its next order is in the state, decided on the current stock.
    @Test func aREPLBehindACompactionOrdersIntoTheLiveJournalOnTheCurrentStock() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("lagging.kiosk", LaggingProcessTests.menu())
        let state = scratch.path("state")
        let environment = LaggingProcessTests.environment
        let laggard = try SharedStateTests.Terminal(state: state, menu: menu, environment: environment)
        #expect(try laggard.ask("order mango juice")["ok"] as? Bool == true)
        var seen = LaggingProcessTests.segments(state)
        for _ in 0..<150 {
            let edit = try KioskProcess(arguments: ["--state", state, "--menu", menu, "--quiet", "-c", "stock add mango 1"], environment: environment).run()
            #expect(edit.status == 0, "\(edit.stderr)")
            seen.formUnion(LaggingProcessTests.segments(state))
        }
        let compact = try KioskProcess(arguments: ["state", "compact", "--menu", menu, state], environment: environment).run()
        #expect(compact.status == 0, "\(compact.stderr)")
        let removed = seen.subtracting(LaggingProcessTests.segments(state))
        #expect(!removed.isEmpty, "the compaction removed segments the laggard had read")

        #expect(try laggard.mango() == LaggingProcessTests.initialStock - 1 + 150, "the laggard sees the current stock")
        let order = try laggard.ask("order mango juice")
        #expect(order["ok"] as? Bool == true)
        #expect(laggard.kiosk.finish() == 0)
        #expect(removed.isDisjoint(with: LaggingProcessTests.segments(state)), "no removed segment is made again")

        let after = try KioskProcess(arguments: ["--state", state, "--menu", menu, "--json", "-c", "report"] + KioskProcess.settlingEveryEvent, environment: environment).run()
        let report = try #require(JSONValue(parsing: Array(after.stdout.utf8))?["result"])
        #expect(report["made"]?.int == 2)
        let verify = try KioskProcess("state", "verify", state).run()
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    /// What the clients were shown, from every process.
    final class Shown: Sendable {
        /// The event ids of orders a client was told were made.
        let orders = Mutex<[String]>([])
        /// Stock edits a one-shot command reported done.
        let additions = Atomic(0)
        let stop = Atomic(false)

        func record(_ answer: [String: Any]) {
            guard answer["ok"] as? Bool == true, let events = answer["events"] as? [[String: Any]] else { return }
            let made = events.filter { $0["type"] as? String == "order.succeeded" }.compactMap { $0["id"] as? String }
            orders.withLock { $0 += made }
        }
    }

    @Test func everyResultShownSurvivesWritersAServerCompactionsAndKills() throws {
        let scratch = try ScratchDirectory()
        let log = scratch.path("events.jsonl")
        let menu = try scratch.file("lagging.kiosk", LaggingProcessTests.menu(log: log))
        let state = scratch.path("state")
        let environment = LaggingProcessTests.environment
        let shown = Shown()
        // Opened first and idle until the end, behind every compaction.
        let laggard = try SharedStateTests.Terminal(state: state, menu: menu, environment: environment)
        shown.record(try laggard.ask("order mango juice"))
        let servers = Mutex([try ServingKiosk(["--menu", menu, "--state", state, "--quiet"], environment: environment)])

        let group = DispatchGroup()
        func work(_ body: @escaping @Sendable () throws -> Void) {
            group.enter()
            Thread {
                defer { group.leave() }
                do { try body() } catch { Issue.record("a worker failed: \(error)") }
            }.start()
        }
        // HTTP clients, following the server across its restart.
        for _ in 0..<3 {
            work {
                var made = 0
                while made < 40 {
                    let server = servers.withLock { $0.last }
                    guard let server, let answer = try? server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"mango juice"}]}"#) else {
                        usleep(20_000)
                        continue
                    }
                    #expect(answer.status == 201 || answer.status == 503, "\(answer)")
                    guard answer.status == 201, let json = answer.json else { continue }
                    shown.record(json)
                    made += 1
                }
            }
        }
        // REPLs in conversation, killed at random moments and started again.
        for seed in 0..<2 {
            work {
                var random = SplitMix64(seed: UInt64(seed + 1))
                var made = 0
                while made < 50 {
                    let terminal = try SharedStateTests.Terminal(state: state, menu: menu, environment: environment)
                    for _ in 0..<Int.random(in: 5..<20, using: &random) {
                        shown.record(try terminal.ask("order mango juice"))
                        made += 1
                    }
                    if Bool.random(using: &random) {
                        terminal.kiosk.send("order mango juice")
                        usleep(UInt32.random(in: 0..<3000, using: &random))
                        kill(terminal.kiosk.process.processIdentifier, SIGKILL)
                        terminal.kiosk.process.waitUntilExit()
                    } else {
                        #expect(terminal.kiosk.finish() == 0)
                    }
                }
            }
        }
        // One-shot edits.
        work {
            for _ in 0..<40 {
                let edit = try KioskProcess(arguments: ["--state", state, "--menu", menu, "--quiet", "-c", "stock add mango 1"], environment: environment).run()
                if edit.status == 0 { shown.additions.add(1, ordering: .relaxed) }
            }
        }
        // The server killed once, midway, and started again.
        work {
            usleep(1_500_000)
            let old = servers.withLock { $0.last }
            if let old {
                kill(old.process.processIdentifier, SIGKILL)
                old.process.waitUntilExit()
            }
            let started = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"], environment: environment)
            servers.withLock { $0.append(started) }
        }
        // Compactions all the while.
        let compactor = Thread {
            while !shown.stop.load(ordering: .relaxed) {
                _ = try? KioskProcess(arguments: ["state", "compact", "--menu", menu, state], environment: environment).run()
                usleep(50_000)
            }
        }
        compactor.start()
        group.wait()
        shown.stop.store(true, ordering: .relaxed)

        // The laggard, behind it all, decides on the current stock.
        shown.record(try laggard.ask("order mango juice"))
        #expect(laggard.kiosk.finish() == 0)
        for server in servers.withLock({ $0 }) where server.process.isRunning { #expect(server.stop() == 0) }
        while compactor.isExecuting { usleep(10_000) }

        // Everything delivered to the log, then the fold against what clients were shown.
        let final = try KioskProcess(arguments: ["--state", state, "--menu", menu, "--json", "-c", "report; stock"] + KioskProcess.settlingEveryEvent, environment: environment).run()
        let answers = final.stdout.split(separator: "\n").compactMap { JSONValue(parsing: Array($0.utf8)) }
        try #require(answers.count == 2, "\(final.stdout)\(final.stderr)")
        let made = try #require(answers[0]["result"]?["made"]?.int)
        let mango = try #require(answers[1]["result"]?["ingredients"]?.array?.first?["stock"]?.int)

        var idBySeq: [Int: String] = [:]
        var succeeded: Set<String> = []
        var added: Set<String> = []
        for line in lines(of: log) {
            let event = try #require(JSONValue(parsing: Array(line.utf8)))
            let id = try #require(event["id"]?.string)
            let seq = try #require(event["seq"]?.int)
            #expect(idBySeq[seq, default: id] == id, "seq \(seq) is two events: \(idBySeq[seq] ?? "") and \(id)")
            idBySeq[seq] = id
            if event["type"]?.string == "order.succeeded" { succeeded.insert(id) }
            if event["type"]?.string == "stock.changed", event["data"]?["reason"]?.string == "add" { added.insert(id) }
        }
        let shownOrders = shown.orders.withLock { $0 }
        #expect(shownOrders.count >= 3 * 40 + 2 * 50 + 2)
        #expect(Set(shownOrders).subtracting(succeeded).isEmpty, "every order shown as made is in the journal")
        #expect(made == succeeded.count, "the fold holds every order the journal has")
        #expect(added.count >= shown.additions.load(ordering: .relaxed))
        #expect(mango == LaggingProcessTests.initialStock - made + added.count, "the stock adds up")
        let verify = try KioskProcess("state", "verify", state).run()
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}
