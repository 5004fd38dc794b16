import Foundation
import KioskCore
import KioskTestSupport
import KioskText
import Testing

/// `--state DIRECTORY`: the journal keeps every printed result through kills, torn tails
/// and full disks, refuses damage untouched, and converts the first format.
@Suite struct StateTests {
    static let menu = """
    kiosk "Crash Test"
    ingredient mango stock 1000000
    item "Mango Juice" needs mango 1

    """

    /// Mango in the state, read by a new kiosk.
    static func mango(_ state: String, menu: String) throws -> Int {
        let result = try KioskProcess("--state", state, "--menu", menu, "-c", "stock").run()
        return try #require(stockCount("mango", in: result.stdout), "\(result.stderr)")
    }

    @Test func optionsBeforeStateWorkAsAfterIt() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        #expect(try KioskProcess("--state", state, "-c", "order mango juice").run().status == 0)
        let after = try KioskProcess("state", "verify", state, "--json").run()
        let before = try KioskProcess("--json", "state", "verify", state).run()
        let between = try KioskProcess("state", "--json", "verify", state).run()
        #expect(after.status == 0 && after.stdout.hasPrefix("{\"state\":\"\(state)\",\"ok\":true,"))
        #expect(before.stdout == after.stdout && before.status == 0)
        #expect(between.stdout == after.stdout && between.status == 0)
    }

    @Test func killedDuringABatchEveryPrintedResultIsOnDisk() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        var before = 1_000_000
        for delay in [0.02, 0.1, 0.25, 0.5, 0.05] {
            let kiosk = try RunningKiosk(arguments: ["--state", state, "--menu", menu])
            // Bursts through a pipe, so the kill lands between and inside commits.
            let fed = DispatchSemaphore(value: 0)
            let feeder = Thread {
                for _ in 0..<400 where kiosk.process.isRunning {
                    kiosk.send(Array(repeating: "order mango juice", count: 25).joined(separator: "\n"))
                    usleep(1_000)
                }
                fed.signal()
            }
            feeder.start()
            Thread.sleep(forTimeInterval: delay)
            kill(kiosk.process.processIdentifier, SIGKILL)
            kiosk.process.waitUntilExit()
            fed.wait()
            #expect(kiosk.process.terminationReason == .uncaughtSignal)
            let printed = kiosk.stdout.components(separatedBy: "Mango Juice is ready.").count - 1
            let after = try StateTests.mango(state, menu: menu)
            let onDisk = before - after
            #expect(onDisk >= printed, "a result on screen is a result on disk")
            #expect(onDisk - printed <= 16_384, "at most the commit in flight more")
            before = after
        }
    }

    @Test func aBatchFileCommitsAGroupPerLimitNotPerBufferOfInput() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        // 720,000 bytes of commands, eleven reads of 64 KiB; a group holds 16,384 commands.
        let orders = try scratch.file("orders.txt", String(repeating: "order mango juice\n", count: 40_000))
        let result = try KioskProcess("--quiet", "--state", state, "--menu", menu, "-f", orders).run()
        #expect(result.status == 0 && result.stderr == "")
        #expect(try StateDump.commitGroups(state) == 1 + 3, "the start's stock declarations, then 16,384 + 16,384 + 7,232 orders")
        #expect(try StateTests.mango(state, menu: menu) == 1_000_000 - 40_000)
    }

    /// Without `--state` the events wait for the sinks in a private journal whose commits
    /// are written, not flushed; its groups are as long as a state's (shorter ones, to hand
    /// events to the sinks sooner, measured slower).
    @Test func withoutStateABatchFileCommitsInGroupsAsLongAsWithIt() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let home = scratch.path("home")
        let orders = try scratch.file("orders.txt", String(repeating: "order mango juice\n", count: 20_000))
        let log = scratch.path("events.jsonl")
        let result = try KioskProcess(
            "--quiet", "--menu", menu, "-f", orders, "--sink", "log path \"\(log)\"", "--flush-timeout", "120s",
            environment: ["XDG_STATE_HOME": home]
        ).run()
        #expect(result.status == 0 && result.stderr == "")
        let journals = home + "/kiosk/journals"
        let journal = try #require(try FileManager.default.contentsOfDirectory(atPath: journals).first)
        #expect(try StateDump.commitGroups(journals + "/" + journal) == 2, "16,384 orders, then 3,616")
        #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == 20_000)
    }

    @Test func aConversationCommitsEachCommandBeforeItsResultAndTheNextRead() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        let kiosk = try RunningKiosk(arguments: ["--state", state, "--menu", menu, "--json"])
        for answered in 1...20 {
            kiosk.send("order mango juice")
            try waitFor("result \(answered)") { kiosk.stdoutLines.count == answered }
        }
        #expect(kiosk.finish() == 0)
        #expect(try StateDump.commitGroups(state) == 1 + 20, "the start's stock declarations, then one group per order")
    }

    @Test func killedDuringAConversationAtMostTheCommandInFlightIsAhead() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        var before = 1_000_000
        for delay in [0.05, 0.2, 0.4] {
            let kiosk = try RunningKiosk(arguments: ["--state", state, "--menu", menu, "--json"])
            let killer = Thread {
                Thread.sleep(forTimeInterval: delay)
                kill(kiosk.process.processIdentifier, SIGKILL)
            }
            killer.start()
            var answered = 0
            while kiosk.process.isRunning, answered < 2_000 {
                kiosk.send("order mango juice")
                // One order, wait for its result, the next: a conversation.
                while kiosk.process.isRunning, kiosk.stdoutLines.count == answered { usleep(200) }
                answered = kiosk.stdoutLines.count
            }
            kiosk.process.waitUntilExit()
            let printed = kiosk.stdoutLines.filter { $0.contains(#""ok":true"#) }.count
            let after = try StateTests.mango(state, menu: menu)
            #expect(before - after >= printed)
            #expect(before - after <= printed + 1, "at most the one command in flight")
            before = after
        }
    }

    @Test func aTornTailIsCutBackWithAMessageAndTheRightStock() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        _ = try KioskProcess("--state", state, "--menu", menu, "-c", "order mango juice 5").run()
        _ = try KioskProcess("--state", state, "--menu", menu, "-c", "order mango juice 7").run()
        let end = try StateDump.journalEnd(state)
        let segment = state + "/00000000000000000000.journal"
        // A crash in the middle of the last record: the file ends 10 bytes into it.
        try FileHandle(forWritingTo: URL(fileURLWithPath: segment)).truncate(atOffset: end - 10)
        let result = try KioskProcess("--state", state, "--menu", menu, "-c", "stock").run()
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("kiosk: the journal ended in a commit cut short (by a crash or a full disk): dropped its last "))
        #expect(result.stderr.hasSuffix("of '\(segment)'\n"))
        #expect(stockCount("mango", in: result.stdout) == 1_000_000 - 5)
        let verify = try KioskProcess("state", "verify", state).run()
        #expect(verify.status == 0)
        #expect(verify.stdout.contains("records    2"))
    }

    @Test func aFlippedByteBeforeTheEndStopsTheStartAndChangesNothing() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        for _ in 0..<3 { _ = try KioskProcess("--state", state, "--menu", menu, "-c", "order mango juice").run() }
        let segment = state + "/00000000000000000000.journal"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: segment))
        // Inside the first order's record, which two later commits follow.
        let record = try StateDump.recordPositions(state)[1]
        bytes[Int(record + 40)] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: segment))
        let files = try StateTests.contents(of: state)
        let result = try KioskProcess("--state", state, "--menu", menu, "-c", "order mango juice").run()
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("kiosk: the journal '\(segment)' is damaged at byte \(record) (a checksum mismatch, and good records of a later commit follow it)"))
        #expect(result.stderr.hasSuffix("nothing was changed — restore it from a backup or move the state away\n"))
        #expect(try StateTests.contents(of: state) == files, "every file byte-identical")
        let verify = try KioskProcess("state", "verify", state).run()
        #expect(verify.status == 65)
        #expect(verify.stderr.contains("is damaged at byte"))
    }

    @Test func aSnapshotThatDoesNotVerifyStopsTheStart() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.url.appendingPathComponent("state").path
        _ = try KioskProcess("--state", state, "-c", "order mango juice").run()
        _ = try KioskProcess("state", "compact", state).run()
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: state).first { $0.hasSuffix(".snapshot") })
        let path = state + "/" + name
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count - 3] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
        let files = try StateTests.contents(of: state)
        let result = try KioskProcess("--state", state, "-c", "stock").run()
        #expect(result.status == 65)
        #expect(result.stderr == "kiosk: the snapshot '\(path)' does not verify (a checksum mismatch); nothing was changed — restore it from a backup or move the state away\n")
        #expect(try StateTests.contents(of: state) == files)
    }

    @Test func aFullDiskFailsTheOrderTheSessionGoesOnAndTheRestartShowsWhatWasDone() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        let orders = try scratch.file("orders.txt", String(repeating: "order mango juice\n", count: 40_000) + "stock\n")
        // The file size limit stands in for a full disk: the journal may not pass 2.75 MiB.
        // A batch file commits 16,384 commands at a time, about 86 bytes of journal each, and
        // the segment grows a MiB at a time: the first group fits (the segment grows to
        // 2 MiB), the second does not (it needs 3 MiB), and the last 7,232 orders and `stock`
        // fit after the first group, in the 2 MiB. The limit holds for standard error's file
        // too: the relative path keeps its 16,384 lines short enough.
        let limited = try KioskProcess().runAs(
            ["/usr/bin/prlimit", "--fsize=2883584", KioskProcess.executable.path, "--state", "state", "--menu", menu, "-f", orders],
            directory: scratch.url.path
        )
        #expect(limited.status == 1)
        let made = limited.stdout.components(separatedBy: "Mango Juice is ready.").count - 1
        let failures = limited.stderr.split(separator: "\n")
        #expect(made >= 16_384 && made <= 40_000 - 16_384, "at least the first group was made, at least one whole group failed")
        #expect(failures.count == 40_000 - made)
        #expect(failures.first?.contains(": the journal could not be written (") == true)
        #expect(failures.first?.hasSuffix("the file is larger than allowed); the command was undone") == true)
        #expect(stockCount("mango", in: limited.stdout) == 1_000_000 - made, "the session went on with the right stock")
        #expect(try StateTests.mango(state, menu: menu) == 1_000_000 - made, "exactly what was shown as done")
        #expect(try KioskProcess("state", "verify", state).run().status == 0)
    }

    @Test func aVersionOneStateFileIsConvertedWithStockSalesAndHistoryIntact() throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.file("kiosk-state.json", """
        {"format":"kiosk-state","version":1,"menu":"Juice Maker","seq":9,"stock":{"strawberry":10,"banana":8,"pineapple":10,"kiwi":4,"mango":1},\
        "ledger":{"made":4,"refused":1,"revenue":"0","sales":[{"item":"Mango Juice","quantity":3,"revenue":"0"},{"item":"Banana Juice","quantity":1,"revenue":"0"}],\
        "usage":[{"ingredient":"mango","used":9},{"ingredient":"banana","used":2}],\
        "history":[{"seq":1,"time":1795262400000,"lines":[{"item":"Mango Juice","quantity":3}],"made":true},\
        {"seq":5,"time":1795262401000,"lines":[{"item":"Banana Juice","quantity":1}],"made":true},\
        {"seq":7,"time":1795262402000,"lines":[{"item":"Mango Juice","quantity":1}],"made":false,"missing":[{"ingredient":"mango","needed":3,"available":1}]}]}}

        """)
        let original = try Data(contentsOf: URL(fileURLWithPath: old))
        let first = try KioskProcess("--state", old, "--json", "-c", "stock; report; history; order kiwi juice").run()
        #expect(first.stderr == "kiosk: converted the state file '\(old)' into a state directory; the old file is kept as '\(old).v1'\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: old + ".v1")) == original, "the old file kept")
        let objects = first.stdout.split(separator: "\n").compactMap { JSONValue(parsing: Array($0.utf8)) }
        let stock = objects[0]["result"]?["ingredients"]?.array?.map { "\($0["name"]?.string ?? "") \($0["stock"]?.int ?? -1)" }
        #expect(stock == ["strawberry 10", "banana 8", "pineapple 10", "kiwi 4", "mango 1"])
        #expect(objects[1]["result"]?["made"]?.int == 4)
        #expect(objects[1]["result"]?["refused"]?.int == 1)
        #expect(objects[2]["result"]?["orders"]?.array?.count == 3)
        #expect(objects[3]["events"]?.array?.first?["seq"]?.int == 10, "seq goes on")
        let again = try KioskProcess("--state", old, "-c", "stock").run()
        #expect(again.stderr == "")
        #expect(stockCount("kiwi", in: again.stdout) == 1)
    }

    @Test func verifyDumpAndCompactWorkOnALiveStateAndDumpFeedsJq() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.url.appendingPathComponent("state").path
        let kiosk = try RunningKiosk(arguments: ["--state", state, "--json"])
        kiosk.send("order mango juice")
        kiosk.send("stock add mango 4")
        try waitFor("two results") { kiosk.stdoutLines.count == 2 }
        let verify = try KioskProcess("state", "verify", state).run()
        #expect(verify.status == 0)
        #expect(verify.stdout.contains("events     2 (seq 1 to 2)"))
        let compact = try KioskProcess("state", "compact", state).run()
        #expect(compact.status == 0, "\(compact.stderr)")
        kiosk.send("order mango juice")
        try waitFor("the third result") { kiosk.stdoutLines.count == 3 }
        let dump = try KioskProcess("state", "dump", state).run()
        #expect(dump.status == 0)
        #expect(try StateDump.fold(dump.stdout)["mango"] == 8)
        let jq = try StateTests.jq(".events[]?.type", input: dump.stdout)
        #expect(jq.status == 0)
        #expect(jq.stdout == "\"order.succeeded\"\n\"stock.changed\"\n\"order.succeeded\"\n")
        #expect(kiosk.finish() == 0)
    }

    @Test func aChangedMenuIsReportedAndAnIngredientThatComesBackKeepsItsCount() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.url.appendingPathComponent("state").path
        _ = try KioskProcess("--state", state, "-c", "order mango juice; order kiwi juice 2; stock add banana 5").run()
        let menu = try scratch.file("new.kiosk", """
        kiosk "Juice Maker"
        ingredient mango stock 10
        ingredient lime stock 4
        item "Mango Juice" needs mango 3
        item "Lime Juice" needs lime 2
        """)
        let result = try KioskProcess("--state", state, "--menu", menu, "--json", "-c", "stock; history; report").run()
        #expect(result.stderr == """
        kiosk: the menu no longer has banana (15), kiwi (4), pineapple (10), strawberry (10); the state keeps their stock in case they come back
        kiosk: new on the menu, at their declared stock: lime

        """)
        let objects = result.stdout.split(separator: "\n").compactMap { JSONValue(parsing: Array($0.utf8)) }
        let stock = objects[0]["result"]?["ingredients"]?.array?.map { "\($0["name"]?.string ?? "") \($0["stock"]?.int ?? -1)" }
        #expect(stock == ["mango 7", "lime 4"])
        #expect(objects[1]["result"]?["orders"]?.array?.count == 2)
        #expect(objects[2]["result"]?["made"]?.int == 2)
        // Back to the Juice Maker: kiwi and banana come back with their counts.
        let back = try KioskProcess("--state", state, "-c", "stock").run()
        #expect(back.stderr == "kiosk: the menu no longer has lime (4); the state keeps its stock in case it comes back\n")
        #expect(stockCount("kiwi", in: back.stdout) == 4)
        #expect(stockCount("banana", in: back.stdout) == 15)
    }

    /// A batch of several megabytes takes snapshots while it runs, beside its commands; the
    /// exit waits for the one being written, so what is left is the newest and nothing half
    /// written.
    @Test func snapshotsTakenDuringALongBatchLeaveTheNewestAndNoTemporaryFile() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        let orders = try scratch.file("orders.txt", String(repeating: "order mango juice\n", count: 40_000))
        let result = try KioskProcess("--state", state, "--menu", menu, "-f", orders, "--quiet").run()
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(names.filter { $0.hasSuffix(".snapshot") }.count == 1, "\(names)")
        #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
        #expect(try StateTests.mango(state, menu: menu) == 1_000_000 - 40_000)
        #expect(try KioskProcess("state", "verify", state).run().status == 0)
    }

    @Test func manySegmentsAndSnapshotsFoldToTheSameStock() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        let small = ["KIOSK_JOURNAL_SEGMENT_BYTES": "65536"]
        for round in 0..<4 {
            let orders = try scratch.file("orders-\(round).txt", String(repeating: "order mango juice\n", count: 5_000))
            let result = try KioskProcess(arguments: ["--state", state, "--menu", menu, "-f", orders], environment: small).run()
            #expect(result.status == 0, "\(result.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(names.filter { $0.hasSuffix(".snapshot") }.count == 1, "older snapshots are removed")
        #expect(!names.contains("00000000000000000000.journal"), "segments before the snapshot are removed")
        #expect(try StateTests.mango(state, menu: menu) == 1_000_000 - 20_000)
        #expect(try KioskProcess("state", "verify", state).run().status == 0)
    }

    @Test func aPathThatIsNotAStateDirectoryIsAClearError() throws {
        let scratch = try ScratchDirectory()
        let other = try scratch.file("other/notes.txt", "hello")
        let directory = (other as NSString).deletingLastPathComponent
        let result = try KioskProcess("--state", directory, "-c", "menu").run()
        #expect(result.status == 66)
        #expect(result.stderr == "kiosk: '\(directory)' is not a kiosk state directory (it holds other files and no 'format' file)\n")
        let future = scratch.url.appendingPathComponent("future").path
        _ = try scratch.file("future/format", "kiosk state 9\n")
        let newer = try KioskProcess("--state", future, "-c", "menu").run()
        #expect(newer.status == 65)
        #expect(newer.stderr == "kiosk: '\(future)' holds state of format 'kiosk state 9', which this kiosk does not read (it reads 'kiosk state 2')\n")
    }

    // MARK: Reading the state

    /// Every file of a directory tree with its bytes.
    static func contents(of directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = directory + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    static func jq(_ filter: String, input: String) throws -> KioskProcess.Result {
        let scratch = try ScratchDirectory()
        let file = try scratch.file("in.jsonl", input)
        return try KioskProcess().runAs(["/usr/bin/jq", "-c", filter, file], directory: "/")
    }
}

/// The count in the `stock` table's row for `ingredient`.
func stockCount(_ ingredient: String, in output: String) -> Int? {
    for line in output.split(separator: "\n") {
        let cells = line.split(separator: " ")
        if cells.first.map(String.init) == ingredient, cells.count > 1 { return Int(cells[1]) }
    }
    return nil
}
