import Foundation
import KioskTestSupport
import Testing

/// `kiosk simulate` as a person or a script runs it: the built binary, real files.
@Suite struct SimulateCommandTests {
    /// `--flush-timeout` for a run whose events the test reads from a sink: delivery takes
    /// milliseconds, but a loaded machine may keep the sinks' threads waiting for seconds,
    /// and the default five would then leave events in the journal, undelivered.
    static let deliveryTime = "120s"

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func runs(_ report: [String: Any]) throws -> [[String: Any]] {
        try #require(report["runs"] as? [[String: Any]])
    }

    /// Little's law on every run: the time-average number in the system against λ·W.
    private func expectLittlesLaw(_ report: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for run in try runs(report) {
            let little = try #require(run["littlesLaw"] as? [String: Any], sourceLocation: sourceLocation)
            let average = try #require(little["averageInSystem"] as? Double, sourceLocation: sourceLocation)
            let product = try #require(little["lambdaW"] as? Double, sourceLocation: sourceLocation)
            #expect(average > 0, sourceLocation: sourceLocation)
            #expect(abs(average - product) <= 0.01 * average, "L = \(average), λW = \(product)", sourceLocation: sourceLocation)
        }
    }

    @Test func theSameSeedGivesByteIdenticalTextAndJSONAndAnotherSeedDiffers() throws {
        let options = ["simulate", "--menu", "menus/juice-board.kiosk", "--hours", "3", "--service", "exponential", "--patience", "4m"]
        let first = try KioskProcess(arguments: options + ["--seed", "5"]).run()
        let again = try KioskProcess(arguments: options + ["--seed", "5"]).run()
        let other = try KioskProcess(arguments: options + ["--seed", "6"]).run()
        #expect(first.status == 0 && first.stderr == "")
        #expect(first.stdout.hasPrefix("kiosk simulate: Juice Maker, seed 5\n"))
        #expect(first.stdout == again.stdout)
        #expect(first.stdout != other.stdout)
        let firstJSON = try KioskProcess(arguments: options + ["--seed", "5", "--json"]).run()
        let againJSON = try KioskProcess(arguments: options + ["--seed", "5", "--json"]).run()
        let otherJSON = try KioskProcess(arguments: options + ["--seed", "6", "--json"]).run()
        #expect(firstJSON.stdout == againJSON.stdout)
        #expect(firstJSON.stdout != otherJSON.stdout)
        try expectLittlesLaw(try json(firstJSON.stdout))
        try expectLittlesLaw(try json(otherJSON.stdout))
    }

    @Test func theSampleReportOfTheReferenceIsWhatTheCommandPrints() throws {
        let reference = try Repository.text("docs/SIMULATION.md")
        let command = "$ kiosk simulate --menu menus/juice-board.kiosk --seed 42 --service exponential \\\n    --patience 10m --restock low:20m\n"
        let start = try #require(reference.range(of: command))
        let end = try #require(reference.range(of: "```\n", range: start.upperBound..<reference.endIndex))
        let result = try KioskProcess(
            "simulate", "--menu", "menus/juice-board.kiosk", "--seed", "42", "--service", "exponential", "--patience", "10m", "--restock", "low:20m"
        ).run()
        #expect(result.stdout == String(reference[start.upperBound..<end.lowerBound]))
    }

    @Test func withoutASeedOneIsChosenAndPrintedSoTheRunCanBeRepeated() throws {
        let result = try KioskProcess("simulate", "--hours", "1").run()
        #expect(result.status == 0)
        let seed = try #require(result.stderr.split(separator: " ").dropFirst(3).first.map(String.init))
        #expect(result.stderr == "kiosk simulate: seed \(seed) (repeat this run with --seed \(seed))\n")
        let repeated = try KioskProcess("simulate", "--hours", "1", "--seed", seed).run()
        #expect(repeated.stdout == result.stdout)
    }

    @Test func theRecommendedStartingStockAvoidsEveryStockOutOnTheSameSeed() throws {
        let scratch = try ScratchDirectory()
        let short = try KioskProcess("simulate", "--menu", "menus/juice-board.kiosk", "--hours", "4", "--seed", "9", "--json").run()
        let run = try #require(try runs(try json(short.stdout)).first)
        #expect((run["refused"] as? Int ?? 0) > 0)
        let ingredients = try #require(run["ingredients"] as? [[String: Any]])
        var menu = try String(contentsOfFile: Repository.root.appendingPathComponent("menus/juice-board.kiosk").path, encoding: .utf8)
        for ingredient in ingredients {
            let name = try #require(ingredient["name"] as? String)
            let enough = try #require(ingredient["sufficientStartingStock"] as? Int)
            let padded = name.padding(toLength: 10, withPad: " ", startingAt: 0)
            #expect(menu.contains("ingredient \(padded) stock 10\n"))
            menu = menu.replacingOccurrences(of: "ingredient \(padded) stock 10\n", with: "ingredient \(name) stock \(enough)\n")
        }
        let path = try scratch.file("stocked.kiosk", menu)
        let stocked = try KioskProcess("simulate", "--menu", path, "--hours", "4", "--seed", "9", "--json").run()
        #expect(stocked.status == 0, "\(stocked.stderr)")
        let after = try #require(try runs(try json(stocked.stdout)).first)
        #expect(after["refused"] as? Int == 0)
        #expect(after["arrived"] as? Int == run["arrived"] as? Int)
        for ingredient in try #require(after["ingredients"] as? [[String: Any]]) {
            #expect(ingredient["lostOrders"] as? Int == 0)
            #expect(ingredient["firstShort"] is NSNull)
        }
    }

    /// The coffee bar's customers choose sizes and options by the latte's `demand`: the
    /// report says which option ran out first, when, and of what.
    @Test func aDayAtTheCoffeeBarSaysWhichOptionRanOutFirst() throws {
        let options = ["simulate", "--menu", "menus/coffee-bar.kiosk", "--seed", "1", "--arrivals", "120/h"]
        let text = try KioskProcess(arguments: options).run()
        #expect(text.status == 0, "\(text.stderr)")
        let report = try json(try KioskProcess(arguments: options + ["--json"]).run().stdout)
        let run = try #require(try runs(report).first)
        let ingredients = try #require(run["ingredients"] as? [[String: Any]])
        let firstShort = { (name: String) in ingredients.first { $0["name"] as? String == name }?["firstShort"] as? String }
        let out = try #require(run["optionsOut"] as? [[String: String]])
        // Whole milk goes with the milk that oat milk replaces; oat lattes sell on.
        #expect(out.map { [$0["item"], $0["option"], $0["ingredient"]] } == [["Latte", "Whole", "milk"], ["Latte", "Oat", "oat-milk"]])
        let wholeAt = try #require(out[0]["at"])
        #expect(wholeAt == firstShort("milk"))
        #expect(out[1]["at"] == firstShort("oat-milk"))
        #expect(wholeAt < (out[1]["at"] ?? ""))
        #expect(text.stdout.contains("\nFirst option out: Whole of Latte (milk) at \(wholeAt.prefix(8)).\nThen: Oat of Latte (oat-milk) at "))
    }

    @Test func eventsGoToALogSinkWithSimulatedTimesInOrderAndTheCSVHasARowPerCustomer() throws {
        let scratch = try ScratchDirectory()
        let log = scratch.path("events.jsonl")
        let csv = scratch.path("customers.csv")
        let result = try KioskProcess(
            "simulate", "--menu", "menus/juice-board.kiosk", "--hours", "2", "--seed", "3", "--restock", "low:10m",
            "--sink", "log path \"\(log)\"", "--csv", csv, "--json", "--flush-timeout", SimulateCommandTests.deliveryTime
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        let run = try #require(try runs(try json(result.stdout)).first)
        let events = lines(of: log).compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let times = events.compactMap { $0["time"] as? String }
        #expect(times.count == events.count && events.count > 100)
        #expect(times == times.sorted())
        // The menu's day opens at 07:00 (its simulate block).
        #expect(times.first?.hasPrefix("2026-01-01T07:") == true)
        #expect(times.allSatisfy { $0 < "2026-01-01T11:00:00.000Z" })
        #expect(events.compactMap { $0["seq"] as? Int } == Array(1...events.count))
        let types = Set(events.compactMap { $0["type"] as? String })
        #expect(types.isSuperset(of: ["order.succeeded", "order.failed", "restock.needed", "stock.changed"]))
        let rows = lines(of: csv)
        #expect(rows.first == "customer,arrival,start,ready,left,station,item,outcome")
        #expect(rows.count == (run["arrived"] as? Int ?? -1) + 1)
    }

    /// Milliseconds since midnight of a time of day with milliseconds, `08:01:27.860`.
    private func milliseconds(_ time: Substring) throws -> Int {
        let parts = time.split(whereSeparator: { $0 == ":" || $0 == "." }).compactMap { Int($0) }
        try #require(parts.count == 4, "\(time)")
        return ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000 + parts[3]
    }

    @Test func aLogSinkGetsEachTicketStartedReadyAndPickedUpAtItsCustomersTimesAndACancelForEachWhoLeft() throws {
        let scratch = try ScratchDirectory()
        let log = scratch.path("events.jsonl")
        let arguments = [
            "simulate", "--menu", "menus/juice-board.kiosk", "--hours", "2", "--arrivals", "150/h", "--seed", "4", "--service", "fixed",
            "--patience", "1m", "--restock", "low:5m", "--csv", scratch.path("customers.csv"), "--flush-timeout", SimulateCommandTests.deliveryTime,
        ]
        let result = try KioskProcess(arguments: arguments + ["--sink", "log path \"\(log)\""]).run()
        #expect(result.status == 0, "\(result.stderr)")
        let events = try lines(of: log).map { try json($0) }
        let data = events.map { $0["data"] as? [String: Any] ?? [:] }
        let times = events.compactMap { $0["time"] as? String }
        #expect(times.count == events.count && times == times.sorted())
        #expect(events.compactMap { $0["seq"] as? Int } == Array(1...events.count))

        // Each customer who ordered, in order of arrival, has the next ticket number.
        let rows = lines(of: scratch.path("customers.csv")).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .sorted { Int($0[0]) ?? 0 < Int($1[0]) ?? 0 }
        let admitted = rows.filter { $0[7] != "refused" }
        #expect(admitted.filter { $0[7] == "left" }.count > 5 && admitted.filter { $0[7] == "served" }.count > 100)
        let prep = ["Strawberry Juice": 120_000, "Banana Juice": 30_000, "Kiwi Juice": 120_000, "Pineapple Juice": 30_000,
                    "Strawberry Banana Juice": 180_000, "Mango Juice": 120_000, "Mango Kiwi Juice": 120_000]
        for (index, row) in admitted.enumerated() {
            let number = index + 1
            let mine = events.indices.filter { data[$0]["ticket"] as? Int == number }
            let types = mine.map { events[$0]["type"] as? String ?? "" }
            let at = mine.map { times[$0].dropFirst(11).dropLast() }
            let item = String(row[6])
            let first = try #require(mine.first, "ticket \(number)")
            #expect(data[first]["message"] as? String == "Ticket \(number): \(item).")
            if row[7] == "served" {
                #expect(types == ["order.succeeded", "ticket.started", "ticket.ready", "ticket.picked_up"], "ticket \(number)")
                #expect(at == [row[1], row[2], row[3], row[3]], "ticket \(number)")
                guard mine.count == 4 else { continue }
                let started = data[mine[1]]
                #expect(started["prepMs"] as? Int == prep[item])
                #expect(try milliseconds(row[3]) == (try milliseconds(row[2])) + (prep[item] ?? 0), "ticket \(number)")
                #expect(started["station"] as? String == String(row[5]))
                #expect(data[mine[3]]["message"] as? String == "Ticket \(number) was picked up.")
            } else {
                #expect(types == ["order.succeeded", "ticket.cancelled"], "ticket \(number)")
                #expect(at == [row[1], row[4]], "ticket \(number)")
                guard mine.count == 2 else { continue }
                #expect(try milliseconds(row[4]) == (try milliseconds(row[1])) + 60_000, "ticket \(number)")
                let cancelled = data[mine[1]]
                #expect(cancelled["from"] as? String == "queued")
                #expect((cancelled["restocked"] as? [String: Any])?.isEmpty == true)
                #expect((cancelled["wasted"] as? [String: Any])?.isEmpty == true)
            }
        }
        let served = admitted.filter { $0[7] == "served" }.count
        #expect(events.filter { ($0["type"] as? String)?.hasPrefix("ticket.") == true }.count == 3 * served + (admitted.count - served))

        // The same seed again, into a journal of its own: the very same lines.
        let againLog = scratch.path("again.jsonl")
        let again = try KioskProcess(arguments: arguments + ["--sink", "log path \"\(againLog)\""]).run()
        #expect(again.stdout == result.stdout)
        #expect(lines(of: againLog) == lines(of: log))
    }

    @Test func sinksChangeNothingInTheReport() throws {
        let scratch = try ScratchDirectory()
        for format in [[], ["--json"]] {
            let arguments = ["simulate", "--menu", "menus/juice-board.kiosk", "--hours", "3", "--seed", "5", "--service", "exponential", "--patience", "4m"] + format
            let quiet = try KioskProcess(arguments: arguments).run()
            let sink = ["--sink", "log path \"\(scratch.path("events\(format.count).jsonl"))\"", "--flush-timeout", SimulateCommandTests.deliveryTime]
            let sent = try KioskProcess(arguments: arguments + sink).run()
            #expect(quiet.status == 0 && sent.status == 0, "\(sent.stderr)")
            #expect(sent.stdout == quiet.stdout)
            #expect(lines(of: scratch.path("events\(format.count).jsonl")).contains { $0.contains(#""type":"ticket.started""#) })
        }
    }

    /// The `seq` and `id` of every event a log holds, in order.
    private func numbering(_ log: String) -> (seqs: [Int], ids: [String]) {
        let events = lines(of: log).compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (events.compactMap { $0["seq"] as? Int }, events.compactMap { $0["id"] as? String })
    }

    @Test func aStateThatHoldsEventsHasItsSeqContinuedAndNoIdRepeated() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let log = scratch.path("events.jsonl")
        let sink = "log path \"\(log)\""
        let repl = try KioskProcess(
            "--menu", "menus/juice-board.kiosk", "--state", state, "--sink", sink, "--flush-timeout", SimulateCommandTests.deliveryTime, "-c", "order mango juice"
        ).run()
        #expect(repl.status == 0, "\(repl.stderr)")
        let before = numbering(log).seqs.count
        #expect(before >= 1)
        // Twice with the same seed, the second over two replications: each run numbers on.
        for extra in [[], ["--replications", "2"]] {
            let day = try KioskProcess(
                arguments: ["simulate", "--menu", "menus/juice-board.kiosk", "--hours", "1", "--seed", "8", "--state", state, "--append-to-state",
                            "--sink", sink, "--flush-timeout", SimulateCommandTests.deliveryTime] + extra
            ).run()
            #expect(day.status == 0, "\(day.stderr)")
        }
        let after = try KioskProcess(
            "--menu", "menus/juice-board.kiosk", "--state", state, "--sink", sink, "--flush-timeout", SimulateCommandTests.deliveryTime, "-c", "stock add mango 1"
        ).run()
        #expect(after.status == 0, "\(after.stderr)")
        let (seqs, ids) = numbering(log)
        #expect(seqs.count > before + 100)
        #expect(seqs == Array(1...seqs.count))
        #expect(Set(ids).count == ids.count)
        let verify = try KioskProcess("state", "verify", state).run()
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    /// A state with a history is no place for a simulated day unless the command line says
    /// so: refused, with why, and the state as it was.
    @Test func aStateWithAHistoryIsRefusedUnlessAppendingIsAskedFor() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let set = try KioskProcess("--state", state, "-c", "stock set mango 100").run()
        #expect(set.status == 0, "\(set.stderr)")
        let before = try KioskProcess("state", "verify", "--json", state).run().stdout
        let day = try KioskProcess("simulate", "--hours", "1", "--seed", "3", "--state", state, "--sink", "log path \"\(scratch.path("e.jsonl"))\"").run()
        #expect(day.status == 64)
        #expect(day.stdout == "")
        #expect(day.stderr == "kiosk simulate: the state '\(state)' already has a history: the simulated day would be added to it, and its stock would become the simulation's (which starts from the menu's); give a new directory, or --append-to-state to add the day to this one\n")
        #expect(try KioskProcess("state", "verify", "--json", state).run().stdout == before, "nothing was written")
        #expect(stockCount("mango", in: try KioskProcess("--state", state, "-c", "stock").run().stdout) == 100)
        let json = try KioskProcess("simulate", "--json", "--hours", "1", "--state", state, "--sinks", "--sink", "log path \"\(scratch.path("e.jsonl"))\"").run()
        #expect(json.status == 64)
        #expect(json.stderr.contains(#""code":"state_has_history""#), "\(json.stderr)")
        let alone = try KioskProcess("simulate", "--append-to-state").run()
        #expect(alone.status == 64)
        #expect(alone.stderr.hasPrefix("kiosk simulate: '--append-to-state' goes with --state DIRECTORY\n"))
    }

    @Test func thePrivateJournalHasItsSeqContinuedAcrossRunsAndTheREPL() throws {
        let scratch = try ScratchDirectory()
        let home = ["XDG_STATE_HOME": scratch.path("xdg")]
        let log = scratch.path("events.jsonl")
        let sink = "log path \"\(log)\""
        let simulate = ["simulate", "--menu", "menus/juice-board.kiosk", "--hours", "1", "--seed", "8", "--sink", sink, "--flush-timeout", SimulateCommandTests.deliveryTime]
        let repl = ["--menu", "menus/juice-board.kiosk", "--sink", sink, "--flush-timeout", SimulateCommandTests.deliveryTime, "-c", "order mango juice"]
        for arguments in [simulate, repl, simulate] {
            let result = try KioskProcess(arguments: arguments, environment: home).run()
            #expect(result.status == 0, "\(result.stderr)")
        }
        let (seqs, ids) = numbering(log)
        #expect(seqs.count > 100)
        #expect(seqs == Array(1...seqs.count))
        #expect(Set(ids).count == ids.count)
    }

    @Test func optionsBeforeSimulateWorkAsAfterIt() throws {
        let after = try KioskProcess("simulate", "--menu", "menus/cafe.kiosk", "--json", "--seed", "5", "--hours", "2").run()
        let before = try KioskProcess("--menu", "menus/cafe.kiosk", "--json", "simulate", "--seed", "5", "--hours", "2").run()
        let split = try KioskProcess("--menu=menus/cafe.kiosk", "--seed", "5", "simulate", "--json", "--hours", "2").run()
        #expect(after.status == 0 && after.stderr == "")
        #expect(after.stdout.hasPrefix("{\"menu\":\"Corner Café\""))
        #expect(before.stdout == after.stdout && before.status == 0 && before.stderr == "")
        #expect(split.stdout == after.stdout && split.status == 0 && split.stderr == "")
        let wrong = try KioskProcess("--bail", "simulate").run()
        #expect(wrong.status == 64)
        #expect(wrong.stderr == "kiosk simulate: unknown option '--bail'\nTry 'kiosk simulate --help' for more information.\n")
    }

    @Test func withoutSinksNothingIsWrittenOutsideTheReport() throws {
        let scratch = try ScratchDirectory()
        var process = KioskProcess("simulate", "--menu", "menus/cafe.kiosk", "--hours", "1", "--seed", "1")
        process.environment = ["XDG_STATE_HOME": scratch.path("state")]
        let result = try process.run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("state")))
    }

    @Test func helpShowsTheDefaultsAndMistakesAreUsageErrors() throws {
        let help = try KioskProcess("simulate", "--help").run()
        #expect(help.status == 0)
        #expect(help.stdout.contains("--hours H              close the doors after H hours (default 8)"))
        #expect(help.stdout.contains("menu's simulate { arrivals … }, else 60/h)"))
        let wrong = try KioskProcess("simulate", "--hour", "3").run()
        #expect(wrong.status == 64)
        #expect(wrong.stdout == "")
        #expect(wrong.stderr == "kiosk simulate: unknown option '--hour' (did you mean '--hours'?)\nTry 'kiosk simulate --help' for more information.\n")
        let both = try KioskProcess("simulate", "--pace", "60", "--replications", "3").run()
        #expect(both.status == 64)
        #expect(both.stderr == "kiosk simulate: '--pace' and '--replications' cannot be combined\nTry 'kiosk simulate --help' for more information.\n")
        let missing = try KioskProcess("simulate", "--menu", "no-such.kiosk").run()
        #expect(missing.status == 66)
        #expect(missing.stderr == "kiosk simulate: cannot read 'no-such.kiosk': no such file\n")
        let csv = try KioskProcess("simulate", "--seed", "1", "--csv", "/proc/no/such/dir/c.csv").run()
        #expect(csv.status == 73)
        #expect(csv.stdout == "")
    }

    @Test func underJSONAFailureIsDiagnosticObjectsAsAFailedStartIs() throws {
        let scratch = try ScratchDirectory()
        let usage = try KioskProcess("simulate", "--json", "--hour", "3").run()
        #expect(usage.status == 64 && usage.stdout == "")
        #expect(usage.stderr == """
        {"file":null,"line":null,"column":null,"severity":"error","code":"usage","message":"unknown option '--hour' (did you mean '--hours'?)","help":[]}

        """)
        let idle = try scratch.file("idle.kiosk", "ingredient tea stock 5\nitem Tea needs tea 1 popularity 0\n")
        let nothing = try KioskProcess("--json", "simulate", "--menu", idle, "--seed", "1").run()
        #expect(nothing.status == 65 && nothing.stdout == "")
        #expect(nothing.stderr == """
        {"file":null,"line":null,"column":null,"severity":"error","code":"cannot_simulate","message":"every item has popularity 0, so no customer would order anything","help":[]}

        """)
        let bad = try scratch.file("bad.kiosk", "ingredient tea stock 5\nitem Tea needs tea 1\nsimulate { arrivals 07:00 }\n")
        let menu = try KioskProcess("simulate", "--menu", bad, "--json").run()
        #expect(menu.status == 65)
        #expect(menu.stderr == """
        {"file":"\(bad)","line":3,"column":26,"severity":"error","code":"missing_value","message":"expected a rate such as 120/h after '07:00'","help":[]}

        """)
        let missing = try KioskProcess("simulate", "--json", "--menu", "no-such.kiosk").run()
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("\"code\":\"unreadable_file\""))
    }

    @Test func replicationsGiveConfidenceIntervalsAndLittlesLawHoldsInEach() throws {
        let result = try KioskProcess(
            "simulate", "--menu", "menus/juice-board.kiosk", "--hours", "2", "--seed", "4", "--replications", "5", "--restock", "every 30m",
            "--service", "exponential"
        ).run()
        #expect(result.status == 0)
        #expect(result.stdout.contains("95 %"))
        let report = try json(try KioskProcess(
            "simulate", "--menu", "menus/juice-board.kiosk", "--hours", "2", "--seed", "4", "--replications", "5", "--restock", "every 30m",
            "--service", "exponential", "--json"
        ).run().stdout)
        #expect(try runs(report).count == 5)
        #expect(report["summary"] is [String: Any])
        try expectLittlesLaw(report)
    }

    @Test func aLongRunAtATerminalShowsAProgressBarOnStandardErrorAndWipesIt() throws {
        let terminal = try PseudoTerminal(
            // Restocked, the customers are served rather than turned away: about 4 s of a
            // debug build on a fast machine, well past the bar's first second.
            arguments: ["simulate", "--seed", "1", "--customers", "400000", "--arrivals", "50/h", "--restock", "low:1m"],
            environment: ["TERM": "xterm", "NO_COLOR": "1", "HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
        )
        try terminal.expect("simulating [", timeout: .seconds(60))
        try terminal.expect("%")
        try terminal.expect("\r\u{1B}[K", timeout: .seconds(120))
        try terminal.expect("Little's law")
        #expect(try terminal.waitForExit(timeout: .seconds(30)) == 0)
    }

    /// The slow test of this suite: ten real seconds. `--pace 360` runs a simulated hour in
    /// ten seconds: the run must take its simulated length (the hour, and the last customers
    /// served after closing) divided by 360.
    ///
    /// Never less: each step waits for its event's real time, so the day cannot end before
    /// it (a millisecond of rounding aside). Not much more either, on an idle machine or a
    /// busy one: each step reckons from the start, so waking late does not add up, and only
    /// kiosk's start-up, the last wake-up and its exit come on top — and at the exit the
    /// sinks' last delivery: paced, the events went out as the day went, so little is left,
    /// and the long `--flush-timeout` only keeps a busy machine from leaving it undelivered.
    /// The upper bound, eight seconds over, is far from all that; a pace off by half would
    /// still cross it.
    @Test func paceKeepsSimulatedTimeToRealTimeOverTenSeconds() throws {
        let scratch = try ScratchDirectory()
        let log = scratch.path("paced.jsonl")
        let started = Date()
        let result = try KioskProcess(
            "simulate", "--menu", "menus/juice-board.kiosk", "--hours", "1", "--arrivals", "600/h", "--seed", "2", "--pace", "360",
            "--patience", "2m", "--restock", "low:1m", "--sink", "log path \"\(log)\"", "--json", "--flush-timeout", SimulateCommandTests.deliveryTime
        ).run()
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        let run = try #require(try runs(try json(result.stdout)).first)
        let simulated = try #require(run["durationSeconds"] as? Double)
        let expected = simulated / 360
        #expect(expected >= 10)
        #expect(elapsed >= expected - 0.002, "took \(elapsed) s for \(expected) s: ahead of the pace")
        #expect(elapsed < expected + 8, "took \(elapsed) s for \(expected) s")
        let times = lines(of: log).compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["time"] as? String }
        #expect(times.count > 500 && times == times.sorted())
    }
}
