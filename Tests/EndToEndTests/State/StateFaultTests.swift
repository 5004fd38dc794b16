import Foundation
import Glibc
import KioskCore
import KioskTestSupport
import KioskText
import Testing

/// Several kiosks on one `--state`, killed at random and short of disk: every result that
/// was shown is in the journal, the journal verifies, and a kiosk that met a full disk or a
/// file-size limit goes on once there is room again.
@Suite struct StateFaultTests {
    static let menu = """
    kiosk "Faults"
    ingredient apple stock 100000
    ingredient kiwi  stock 100000
    item "Apple Juice" needs apple 2
    item "Kiwi Juice"  needs kiwi 1, apple 1

    """

    /// Segment sizes from the smallest to the default (nil), and one of a single allocation
    /// chunk: the first allocation boundary is crossed in each.
    static let segmentSizes: [Int?] = [4096, 1 << 20, nil]

    private static func environment(segmentBytes: Int?) -> [String: String] {
        segmentBytes.map { ["KIOSK_JOURNAL_SEGMENT_BYTES": String($0)] } ?? [:]
    }

    /// A conversation that opened the segment early, a batch that grows the journal past
    /// the first megabyte (and across segments), and a third kiosk that opened at the start
    /// and reads on from there at the end: every order shown as made is in the journal,
    /// `state verify` passes, each process reads every record — also once the snapshots
    /// are deleted, where the segments they stand for are all still there.
    @Test(arguments: StateFaultTests.segmentSizes)
    func threeProcessesKeepEveryOrderShownAsMade(segmentBytes: Int?) throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("faults.kiosk", StateFaultTests.menu)
        let state = scratch.path("state")
        let environment = StateFaultTests.environment(segmentBytes: segmentBytes)
        let early = try SharedStateTests.Terminal(state: state, menu: menu, environment: environment)
        let follower = try SharedStateTests.Terminal(state: state, menu: menu, environment: environment)
        #expect(try early.ask("stock")["ok"] as? Bool == true)
        #expect(try follower.ask("stock")["ok"] as? Bool == true)

        // About 90 bytes a record: 14,000 orders cross the first megabyte.
        let batchOrders = 14_000
        let batch = try KioskProcess(
            arguments: ["--state", state, "--menu", menu, "--quiet", "-f", "-"], stdin: String(repeating: "order apple juice\n", count: batchOrders),
            environment: environment
        ).run()
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(try early.ask("order kiwi juice")["ok"] as? Bool == true)
        #expect(try early.ask("order apple juice")["ok"] as? Bool == true)

        let report = try #require(try follower.ask("report")["result"] as? [String: Any])
        #expect(report["made"] as? Int == batchOrders + 2, "the follower reads every record from where it opened")
        let apple = 100_000 - 2 * (batchOrders + 1) - 1
        #expect(try follower.ask("order kiwi juice")["ok"] as? Bool == true)
        for terminal in [early, follower] { #expect(terminal.kiosk.finish() == 0) }

        let verify = try KioskProcess("state", "verify", state).run()
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(try StateFaultTests.made(state: state, menu: menu) == batchOrders + 3)
        #expect(try StateFaultTests.stock(state: state, menu: menu) == ["apple": apple - 1, "kiwi": 100_000 - 2])

        // Without the snapshots, from the segments alone, where compaction kept them all.
        let names = try FileManager.default.contentsOfDirectory(atPath: state)
        if names.contains("00000000000000000000.journal") {
            for name in names where name.hasSuffix(".snapshot") { try FileManager.default.removeItem(atPath: state + "/" + name) }
            #expect(try StateFaultTests.stock(state: state, menu: menu) == ["apple": apple - 1, "kiwi": 100_000 - 2])
            #expect(try KioskProcess("state", "verify", state).run().status == 0)
        }
    }

    /// A conversation whose file-size limit is lowered under the end of its journal, then
    /// raised again: the order that met the limit is reported and undone, `stock` answers
    /// meanwhile, the next order after the limit is raised is made, and the journal verifies.
    @Test func aFileSizeLimitFailsOneCommandAndTheSessionGoesOnWhenItIsRaised() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("faults.kiosk", StateFaultTests.menu)
        let state = scratch.path("state")
        // The limit holds for every file the kiosk writes, its standard output (a file here)
        // too: a journal of a thousand orders ends well past what the conversation prints.
        let batch = try KioskProcess(arguments: ["--state", state, "--menu", menu, "--quiet", "-f", "-"], stdin: String(repeating: "order apple juice\n", count: 1000)).run()
        #expect(batch.status == 0)
        let terminal = try SharedStateTests.Terminal(state: state, menu: menu)
        #expect(try terminal.ask("order apple juice")["ok"] as? Bool == true)
        let end = try StateDump.journalEnd(state)
        // Room for part of the next record: its write stops partway.
        try StateFaultTests.limitFileSize(of: terminal.kiosk.process.processIdentifier, to: end + 40)

        let refused = try terminal.ask("order apple juice")
        #expect(refused["ok"] as? Bool == false)
        let error = try #require(refused["error"] as? [String: Any])
        #expect(error["code"] as? String == "io_error")
        #expect((error["message"] as? String)?.hasSuffix("the command was undone") == true, "\(error)")
        #expect(try terminal.ask("stock")["ok"] as? Bool == true, "a command that writes nothing still answers")
        #expect(try terminal.ask("order apple juice")["ok"] as? Bool == false, "still no room")

        try StateFaultTests.limitFileSize(of: terminal.kiosk.process.processIdentifier, to: nil)
        #expect(try terminal.ask("order apple juice")["ok"] as? Bool == true, "room again: the session goes on")
        #expect(terminal.kiosk.finish() == 1, "two commands failed")
        #expect(try KioskProcess("state", "verify", state).run().status == 0)
        #expect(try StateFaultTests.made(state: state, menu: menu) == 1002)
        #expect(try StateFaultTests.stock(state: state, menu: menu)["apple"] == 100_000 - 2 * 1002)
    }

    /// A small file system that fills and is emptied again, with segments of 4 KiB so the
    /// journal needs new space every few dozen orders: the orders that meet the full disk
    /// are reported and undone, `stock` answers, ordering goes on once there is room, and
    /// nothing shown as made is missing.
    @Test(.enabled(if: SmallFileSystem.canMount, "mounting a tmpfs needs root"))
    func aFullDiskFailsCommandsAndTheSessionGoesOnWhenThereIsRoomAgain() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("faults.kiosk", StateFaultTests.menu)
        let disk = try SmallFileSystem(at: scratch.path("disk"), megabytes: 4)
        defer { disk.unmount() }
        let state = disk.path + "/state"
        let terminal = try SharedStateTests.Terminal(state: state, menu: menu, environment: ["KIOSK_JOURNAL_SEGMENT_BYTES": "4096"])
        var made = 0
        for _ in 0..<20 where try terminal.ask("order apple juice")["ok"] as? Bool == true { made += 1 }
        #expect(made == 20)

        try disk.fill()
        var failures = 0
        for _ in 0..<200 {
            let answer = try terminal.ask("order apple juice")
            if answer["ok"] as? Bool == true {
                made += 1
            } else {
                failures += 1
                let error = try #require(answer["error"] as? [String: Any])
                #expect(error["code"] as? String == "io_error", "\(error)")
                #expect(try terminal.ask("stock")["ok"] as? Bool == true, "a command that writes nothing still answers")
                break
            }
        }
        #expect(failures == 1, "an order met the full disk")

        try disk.empty()
        for _ in 0..<100 where try terminal.ask("order apple juice")["ok"] as? Bool == true { made += 1 }
        #expect(terminal.kiosk.finish() == 1)
        #expect(try KioskProcess("state", "verify", state).run().status == 0)
        #expect(try StateFaultTests.made(state: state, menu: menu) == made)
        #expect(try StateFaultTests.stock(state: state, menu: menu)["apple"] == 100_000 - 2 * made)
    }

    /// Room comes back, but less than the megabyte of zeros a segment grows by: every
    /// command after it is made all the same, in what fits — the first one too.
    @Test(.enabled(if: SmallFileSystem.canMount, "mounting a tmpfs needs root"))
    func theFirstCommandAfterALittleRoomReturnsIsMade() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("faults.kiosk", "ingredient apple stock 1000000000\nitem \"Apple Juice\" needs apple 2\n")
        let disk = try SmallFileSystem(at: scratch.path("disk"), megabytes: 4)
        defer { disk.unmount() }
        let state = disk.path + "/state"
        let terminal = try SharedStateTests.Terminal(state: state, menu: menu)
        #expect(try terminal.ask("order apple juice")["ok"] as? Bool == true)
        let reserve = disk.path + "/reserve"
        #expect(FileManager.default.createFile(atPath: reserve, contents: Data(repeating: 1, count: 64 << 10)))
        try disk.fill()
        // Past the first megabyte of zeros: the journal must grow, and cannot.
        let long = "order " + Array(repeating: "apple juice", count: 40).joined(separator: ", ")
        var refused: [String: Any]?
        for _ in 0..<4000 where refused == nil {
            let answer = try terminal.ask(long)
            if answer["ok"] as? Bool != true { refused = answer }
        }
        let error = try #require(refused?["error"] as? [String: Any], "an order met the full disk")
        #expect(error["code"] as? String == "io_error", "\(error)")
        try FileManager.default.removeItem(atPath: reserve)
        // A few kilobytes each: past whatever zeros the refused commit left, within 64 KiB.
        for order in 0..<5 {
            #expect(try terminal.ask(long)["ok"] as? Bool == true, "order \(order) after 64 KiB came back")
        }
        #expect(terminal.kiosk.finish() == 1)
        #expect(try KioskProcess("state", "verify", state).run().status == 0)
    }

    /// Kiosks ordering and editing stock on one state at once — batches killed with
    /// SIGKILL at random moments or let finish, others started in their place, and a
    /// conversation that opened the journal at the start and orders between them — until
    /// the journal is past its first allocation chunk: then every result any of them showed
    /// is in the journal, the journal verifies, its sequence numbers run without a gap, and
    /// each stock an event sets follows from the one before it: nothing was sold twice, no
    /// edit was lost.
    @Test(arguments: StateFaultTests.segmentSizes)
    func kioskKilledAtRandomLoseNothingTheyShowed(segmentBytes: Int?) throws {
        let scratch = try ScratchDirectory()
        // Long names and orders of many lines make records of a few hundred bytes, so a few
        // thousand commands fill the first megabyte.
        let menu = try scratch.file("faults.kiosk", """
            kiosk "Faults"
            ingredient apple stock 1000000
            ingredient kiwi  stock 1000000
            item "Apple Juice Pressed Slowly From Orchard Apples" alias apple needs apple 2
            item "Kiwi Juice Pressed Slowly From Orchard Kiwis"   alias kiwi  needs kiwi 1, apple 1

            """)
        let state = scratch.path("state")
        // No snapshots: compaction keeps every segment, so every event ever shown can be found.
        let environment = StateFaultTests.environment(segmentBytes: segmentBytes).merging(["KIOSK_JOURNAL_SNAPSHOT_BYTES": "0"]) { $1 }
        var random = SplitMix64(seed: UInt64(segmentBytes ?? 0) &+ 0x5EED)
        let large = "order apple, kiwi 2, apple 3, kiwi, apple 2, kiwi 3"
        let commands = [large, large, large, large, "order kiwi", "stock add apple 7", "stock remove kiwi 3", "stock add kiwi 2"]
        func someCommand() -> String { commands[Int(random.next() % UInt64(commands.count))] }

        let conversation = try SharedStateTests.Terminal(state: state, menu: menu, environment: environment)
        var answers = [try conversation.ask("stock")]
        var outputs: [String] = []
        var running: [RunningKiosk] = []
        // A result shown is a record of about 280 bytes on average: 5,500 of them are past
        // the first megabyte. Bounded, in case the kiosks stop showing results at all.
        var shownResults = 0
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while (shownResults < 5_500 && ContinuousClock.now < deadline) || !running.isEmpty {
            while shownResults < 5_500, ContinuousClock.now < deadline, running.count < 2 {
                let kiosk = try RunningKiosk(arguments: ["--state", state, "--menu", menu, "--json"], environment: environment)
                kiosk.send((0..<Int(1 + random.next() % 2000)).map { _ in someCommand() }.joined(separator: "\n"))
                running.append(kiosk)
            }
            usleep(useconds_t(random.next() % 100_000))
            answers.append(try conversation.ask(someCommand()))
            let kiosk = running.remove(at: Int(random.next() % UInt64(running.count)))
            if random.next() % 4 == 0 {
                #expect(kiosk.finish() == 0, "\(kiosk.stderr)")
            } else {
                kill(kiosk.process.processIdentifier, SIGKILL)
                kiosk.process.waitUntilExit()
            }
            outputs.append(kiosk.stdout)
            shownResults += kiosk.stdoutLines.count
        }
        answers.append(try conversation.ask(large))
        #expect(conversation.kiosk.finish() == 0)
        // A start cuts back what a kill tore, as any start would.
        let start = try KioskProcess(arguments: ["--state", state, "--menu", menu, "-c", "stock"], environment: environment).run()
        try #require(start.status == 0, "\(start.stderr)")
        let verify = try KioskProcess("state", "verify", state).run()
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")

        let journal = try JournalEvents(state: state)
        var shown = answers.flatMap { answer in
            (answer["ok"] as? Bool == true ? answer["events"] as? [[String: Any]] ?? [] : []).compactMap { $0["id"] as? String }
        }
        for output in outputs {
            for line in output.split(separator: "\n") {
                // A line cut by the kill was never shown whole.
                guard let result = JSONValue(parsing: Array(line.utf8)), result["ok"] == .bool(true) else { continue }
                shown += (result["events"]?.array ?? []).compactMap { $0["id"]?.string }
            }
        }
        let missing = shown.filter { !journal.ids.contains($0) }
        #expect(missing.isEmpty, "shown, then missing from the journal: \(missing.count) of \(shown.count)")
        #expect(shown.count > 1000, "the kiosks showed results before they were killed")
        #expect(answers.count > 10, "the conversation ordered between the batches")
        #expect(journal.end > 1 << 20, "the journal grew past its first allocation chunk")
        #expect(journal.sequences == Array(1...UInt64(journal.sequences.count)), "seq runs without a gap")
        #expect(journal.brokenChains.isEmpty, "\(journal.brokenChains.prefix(3))")
    }

    /// A kiosk killed after it made a segment and before it wrote the segment's first
    /// record — the state's first segment, or one it rolled over to — leaves a segment of
    /// zeros: the next start and `state verify` take it for the end, at once. (They went
    /// round and round, opening the same segment as the one after it.)
    @Test(arguments: [false, true])
    func aSegmentOfZerosLeftByAKillIsTheEnd(rolled: Bool) throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("faults.kiosk", StateFaultTests.menu)
        let state = scratch.path("state")
        var segment = "00000000000000000000.journal"
        if rolled {
            let orders = try KioskProcess(arguments: ["--state", state, "--menu", menu, "--quiet", "-c", "order apple juice; order kiwi juice"]).run()
            #expect(orders.status == 0)
            segment = String(format: "%020llu.journal", try StateDump.journalEnd(state))
        } else {
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            try "kiosk state 2\n".write(toFile: state + "/format", atomically: true, encoding: .utf8)
        }
        try Data(count: 1 << 20).write(to: URL(fileURLWithPath: state + "/" + segment))

        var start = KioskProcess(arguments: ["--state", state, "--menu", menu, "--json", "-c", "order apple juice; report"])
        start.timeout = .seconds(30)
        let run = try start.run()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").last?.contains(#""made":\#(rolled ? 3 : 1)"#) == true, "\(run.stdout)")
        var verify = KioskProcess("state", "verify", state)
        verify.timeout = .seconds(30)
        #expect(try verify.run().status == 0)
    }

    /// Orders made, as a fresh kiosk on the state folds them.
    static func made(state: String, menu: String) throws -> Int? {
        let run = try KioskProcess("--state", state, "--menu", menu, "--json", "-c", "report").run()
        return JSONValue(parsing: Array(run.stdout.utf8))?["result"]?["made"]?.int
    }

    /// Stock as a fresh kiosk on the state folds it.
    static func stock(state: String, menu: String, environment: [String: String] = [:]) throws -> [String: Int] {
        let run = try KioskProcess(arguments: ["--state", state, "--menu", menu, "--json", "-c", "stock"], environment: environment).run()
        let object = try #require(JSONValue(parsing: Array(run.stdout.utf8)))
        var stock: [String: Int] = [:]
        for ingredient in object["result"]?["ingredients"]?.array ?? [] {
            if let name = ingredient["name"]?.string, let count = ingredient["stock"]?.int { stock[name] = count }
        }
        return stock
    }

    /// Sets a running process's soft file-size limit (`nil`: none), with util-linux's
    /// `prlimit` (glibc's function of that name is a GNU extension Swift does not see).
    static func limitFileSize(of pid: Int32, to bytes: UInt64?) throws {
        let soft = bytes.map(String.init) ?? "unlimited"
        let run = try KioskProcess().runAs(["/usr/bin/prlimit", "--pid", String(pid), "--fsize=\(soft):"])
        try #require(run.status == 0, "prlimit: \(run.stderr)")
    }
}

/// A tmpfs of a few megabytes, mounted for one test: a disk that really fills.
struct SmallFileSystem {
    let path: String

    /// Whether this process may mount one (root, in a namespace that allows it).
    static let canMount: Bool = {
        guard getuid() == 0, let scratch = try? ScratchDirectory() else { return false }
        guard let disk = try? SmallFileSystem(at: scratch.path("probe"), megabytes: 1) else { return false }
        disk.unmount()
        return true
    }()

    init(at path: String, megabytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Glibc.mount("tmpfs", path, "tmpfs", 0, "size=\(megabytes)m,mode=0700") == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
        self.path = path
    }

    private var filler: String { path + "/filler" }

    /// Writes a file until the disk is full.
    func fill() throws {
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 1, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        try #require(errno == ENOSPC, "the disk filled")
    }

    /// Frees what `fill` took.
    func empty() throws {
        try FileManager.default.removeItem(atPath: filler)
    }

    func unmount() {
        umount2(path, Int32(MNT_DETACH))
    }
}

/// Every event of a state without snapshots, from `kiosk state dump`, and where the stock
/// they set does not follow from the stock before them.
struct JournalEvents {
    var ids = Set<String>()
    var sequences: [UInt64] = []
    /// The position after the last record.
    var end: UInt64 = 0
    var brokenChains: [String] = []

    init(state: String) throws {
        let dump = try KioskProcess("state", "dump", state).run()
        try #require(dump.status == 0, "\(dump.stderr)")
        var stock: [String: Int] = [:]
        for line in dump.stdout.split(separator: "\n") {
            let record = try #require(JSONValue(parsing: Array(line.utf8)))
            try #require(record["snapshot"] == nil, "a snapshot was written")
            end = UInt64(record["position"]?.int ?? 0)
            for fact in record["facts"]?.array ?? [] where fact["fact"]?.string == "stock.declared" {
                if let name = fact["ingredient"]?.string { stock[name] = fact["count"]?.int }
            }
            for event in record["events"]?.array ?? [] {
                if let id = event["id"]?.string { ids.insert(id) }
                if let seq = event["seq"]?.int { sequences.append(UInt64(seq)) }
                check(event, against: &stock)
            }
        }
    }

    private mutating func check(_ event: JSONValue, against stock: inout [String: Int]) {
        let data = event["data"]
        switch event["type"]?.string {
        case "order.succeeded":
            for (name, used) in data?["consumed"]?.fields ?? [] {
                let after = data?["stock"]?[name]?.int
                if let before = stock[name], let used = used.int, after != before - used {
                    brokenChains.append("seq \(event["seq"]?.int ?? 0): \(name) \(before) - \(used) is not \(after ?? -1)")
                }
                stock[name] = after
            }
        case "stock.changed":
            guard let name = data?["ingredient"]?.string else { return }
            if data?["from"]?.int != stock[name] {
                brokenChains.append("seq \(event["seq"]?.int ?? 0): \(name) changed from \(data?["from"]?.int ?? -1), not \(stock[name] ?? -1)")
            }
            stock[name] = data?["to"]?.int
        default:
            break
        }
    }
}
