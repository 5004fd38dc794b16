import Foundation
import KioskTestSupport
import Testing

/// `kiosk reprice` through the built binary: a day recorded by real runs of kiosk on one
/// menu, priced again on another — the table, `--json`, `--csv`, the span, the orders the
/// new menu cannot make, the errors, and a state left byte for byte as it was.
@Suite struct RepriceCommandTests {
    static let old = """
    kiosk "Corner Café" currency "KRW"
    ingredient cup stock 100
    item "Latte" price 4500 needs cup 1 tag drinks
    item "Croissant" price 3500 needs cup 1 tag food
    item "Muffin" price 3000 needs cup 1 tag food
    discount "Staff" 50% off order ask

    """

    /// Dearer lattes, a VAT, a smaller staff discount, 1,000 off an order of 10,000, a
    /// happy hour from 10:00, and no muffins.
    static let new = """
    kiosk "Corner Café" currency "KRW"
    ingredient cup stock 100
    item "Latte" price 5000 needs cup 1 tag drinks
    item "Croissant" price 3500 needs cup 1 tag food
    tax "부가세" 10% included
    discount "Staff" 30% off order ask
    discount "Set saver" 1000 off order minimum 10000
    discount "Happy hour" 20% on tag drinks available 10:00-11:00

    """

    /// The day: each run of kiosk at its time, with its orders.
    static let day: [(time: String, orders: [String])] = [
        ("2026-11-20T09:00:00Z", ["latte", "2 croissant, muffin"]),
        ("2026-11-20T09:30:00Z", ["latte, croissant discount staff", "croissant"]),
        ("2026-11-20T10:15:00Z", ["latte, croissant, croissant"]),
        ("2026-11-21T08:00:00Z", ["2 latte"]),
    ]

    /// A state with the day recorded on the old menu, the menus beside it.
    struct Recorded {
        let scratch: ScratchDirectory
        let state: String
        let old: String
        let new: String

        init() throws {
            scratch = try ScratchDirectory()
            state = scratch.path("state")
            old = try scratch.file("old.kiosk", RepriceCommandTests.old)
            new = try scratch.file("new.kiosk", RepriceCommandTests.new)
            for (time, orders) in RepriceCommandTests.day {
                let commands = orders.map { "order " + $0 }.joined(separator: "; ")
                let run = try KioskProcess("--state", state, "--menu", old, "--clock", "virtual=" + time, "-c", commands).run()
                #expect(run.status == 0, "\(commands): \(run.stderr)")
            }
        }

        func reprice(_ arguments: String...) throws -> KioskProcess.Result {
            try KioskProcess(arguments: ["reprice", "--state", state, "--menu", new] + arguments, environment: ["TZ": "UTC"]).run()
        }
    }

    @Test func theTableListsTheOrdersThatChangeThenTheTotals() throws {
        let day = try Recorded()
        let run = try day.reprice()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout == """
                 SEQ  TIME                          RECORDED           NEW    DIFFERENCE  ORDER
                   1  2026-11-20T09:00:00.000Z         4,500         5,000          +500  Latte
                   2  2026-11-20T09:00:00.000Z        10,000   unpriceable             -  Croissant ×2, Muffin
                      unknown item 'Muffin'; type 'menu' for the items
                   3  2026-11-20T09:30:00.000Z         4,000         5,950        +1,950  Latte, Croissant
                   5  2026-11-20T10:15:00.000Z        11,500        10,000        -1,500  Latte, Croissant, Croissant

            orders          6
            repriced        5
            changed         4
            unpriceable     1
            recorded total  32,500 KRW
            new total       33,450 KRW
            difference      +950 KRW

            """)
        let all = try day.reprice("--all")
        #expect(all.stdout.contains("       4  2026-11-20T09:30:00.000Z         3,500         3,500             0  Croissant\n"))
        // Two lattes reach the set saver's minimum: 1,000 off makes up for the price.
        #expect(all.stdout.contains("       6  2026-11-21T08:00:00.000Z         9,000         9,000             0  Latte ×2\n"))
    }

    /// The must-show point, through the binary: each order's new total is what `price` of
    /// the same order says on the new menu at the order's time.
    @Test func eachNewTotalIsAFreshOrderOfTheSameLinesOnTheNewMenu() throws {
        let day = try Recorded()
        let run = try day.reprice("--json")
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        let orders = objects.filter { $0["type"] as? String == "order" }
        let typed = Self.day.flatMap { time, orders in orders.map { (time, $0) } }
        try #require(orders.count == typed.count)
        for (object, (time, order)) in zip(orders, typed) {
            #expect(object["time"] as? String == time.replacingOccurrences(of: "Z", with: ".000Z"))
            let fresh = try KioskProcess(arguments: ["--menu", day.new, "--clock", "virtual=" + time, "--json", "-c", "price " + order], environment: ["TZ": "UTC"]).run()
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(fresh.stdout.utf8)) as? [String: Any])
            if fresh.status == 0, let result = answer["result"] as? [String: Any] {
                #expect(object["new"] as? Double == result["total"] as? Double, "\(order) at \(time)")
                let difference = (object["new"] as? Double ?? 0) - (object["recorded"] as? Double ?? 0)
                #expect(object["difference"] as? Double == difference)
                #expect(object["price"] != nil)
            } else {
                let problem = try #require(object["unpriceable"] as? [String: Any], "\(order): a fresh order fails, so reprice says it cannot")
                #expect(problem["code"] as? String == (answer["error"] as? [String: Any])?["code"] as? String)
            }
        }
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["orders"] as? Int == 6)
        #expect(summary["repriced"] as? Int == 5)
        #expect(summary["unpriceable"] as? Int == 1)
        #expect(summary["recorded"] as? Double == 32_500)
        #expect(summary["new"] as? Double == 33_450)
        #expect(summary["difference"] as? Double == 950)
        #expect(summary["unpriceableRecorded"] as? Double == 10_000)
        #expect(summary["currency"] as? String == "KRW")
    }

    @Test func csvHasAHeaderAndARowPerOrder() throws {
        let day = try Recorded()
        let run = try day.reprice("--csv", "--to", "2026-11-20T09:30:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            seq,time,order,recorded,new,difference,unpriceable
            1,2026-11-20T09:00:00.000Z,Latte,4500,5000,500,
            2,2026-11-20T09:00:00.000Z,"Croissant ×2, Muffin",10000,,,unknown_item

            """)
    }

    @Test func fromAndToTakeTimesAndDays() throws {
        let day = try Recorded()
        func seqs(_ arguments: String...) throws -> [Int] {
            let run = try KioskProcess(arguments: ["reprice", "--state", day.state, "--menu", day.new, "--json"] + arguments, environment: ["TZ": "UTC"]).run()
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["seq"] as? Int
            }
        }
        #expect(try seqs() == [1, 2, 3, 4, 5, 6])
        #expect(try seqs("--from", "2026-11-20T09:30:00Z") == [3, 4, 5, 6])
        #expect(try seqs("--to", "2026-11-20T09:30:00Z") == [1, 2], "--to is before the time")
        #expect(try seqs("--from", "2026-11-20T09:30:00Z", "--to", "2026-11-20T10:15:00.001Z") == [3, 4, 5])
        #expect(try seqs("--from", "2026-11-21") == [6])
        #expect(try seqs("--to", "2026-11-20") == [1, 2, 3, 4, 5], "a day includes itself")
        #expect(try seqs("--from", "2026-11-22") == [])
    }

    @Test func itNeverWritesToTheState() throws {
        let day = try Recorded()
        let before = try Self.contents(of: day.state)
        for arguments in [[], ["--json"], ["--csv"], ["--all", "--from", "2026-11-21"]] {
            let run = try KioskProcess(arguments: ["reprice", "--state", day.state, "--menu", day.new] + arguments).run()
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try Self.contents(of: day.state) == before)
        // Beside a kiosk that holds the state open, it reads what was committed.
        let running = try RunningKiosk(arguments: ["--state", day.state, "--menu", day.old])
        defer { _ = running.finish() }
        let run = try day.reprice("--json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""type":"summary","orders":6,"#))
    }

    @Test func aDamagedJournalIsRefusedAsAStartIsWith65() throws {
        let day = try Recorded()
        let segment = try #require(try FileManager.default.contentsOfDirectory(atPath: day.state).first { $0.hasSuffix(".journal") })
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: day.state + "/" + segment))
        try handle.seek(toOffset: 40)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: 40)
        try handle.write(contentsOf: Data([byte ^ 0xFF]))
        try handle.close()
        let run = try day.reprice()
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("kiosk reprice: the journal '\(day.state)/\(segment)' is damaged at byte 0"), "\(run.stderr)")
        let json = try day.reprice("--json")
        #expect(json.status == 65)
        #expect(json.stderr.contains(#""code":"corrupt_journal""#))
    }

    /// Every file of `directory` by name, with its bytes, its size and its modification time.
    static func contents(of directory: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let path = directory + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            files[name] = "\(data.base64EncodedString()) \(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? 0)"
        }
        return files
    }

    @Test func aBadCommandLineSaysWhatIsWrongWithStatus64() throws {
        let day = try Recorded()
        let bad = try day.reprice("--from", "yesterday")
        #expect(bad.status == 64)
        #expect(bad.stdout == "")
        #expect(bad.stderr == """
            kiosk reprice: option '--from' needs a time in ISO 8601 such as 2026-11-20T15:00:00Z, or a date such as 2026-11-20, not 'yesterday'
            Try 'kiosk reprice --help' for more information.

            """)
        #expect(try day.reprice("--to", "2026-02-30").status == 64, "no 30th of February")
        #expect(try day.reprice("--from", "2026-11-21", "--to", "2026-11-20T12:00:00Z").stderr.contains("'--from' must come before '--to'"))
        #expect(try day.reprice("--json", "--csv").status == 64)
        let missing = try KioskProcess("reprice", "--state", day.state).run()
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("kiosk reprice: option '--menu' must be given; usage: kiosk reprice --state DIRECTORY --menu FILE"))
        let json = try day.reprice("--json", "--from", "x")
        #expect(json.status == 64)
        #expect(json.stderr.hasPrefix(#"{"file":null,"line":null,"column":null,"severity":"error","code":"usage","message":"option '--from' needs"#))
        let notAState = try KioskProcess("reprice", "--state", day.scratch.path("nowhere"), "--menu", day.new).run()
        #expect(notAState.status == 66)
        #expect(notAState.stdout == "")
        let badMenu = try KioskProcess("reprice", "--state", day.state, "--menu", try day.scratch.file("bad.kiosk", "item\n")).run()
        #expect(badMenu.status == 65)
        let help = try KioskProcess("reprice", "--help").run()
        #expect(help.status == 0 && help.stdout.hasPrefix("kiosk reprice — "))
    }
}
