import Foundation
import KioskTestSupport
import KioskText
import Testing

/// A sink left out of a run — a shorter command line, a menu edited for a day — keeps its
/// cursor, and what it has not delivered waits for it; `kiosk state sinks` lists the sinks
/// a state keeps events for and `kiosk state forget` lets one go.
@Suite struct AwaySinkTests {
    /// The `seq`s a log sink's file holds, in order.
    static func sequences(_ log: String) throws -> [Int] {
        try lines(of: log).map { line in try #require(JSONValue(parsing: Array(line.utf8))?["seq"]?.int) }
    }

    static func run(_ state: String, _ commands: String, sink: String? = nil, more: [String] = []) throws -> KioskProcess.Result {
        let sinks = sink.map { ["--sink", $0] } ?? []
        let result = try KioskProcess(arguments: ["--state", state] + sinks + more + KioskProcess.settlingEveryEvent + ["-c", commands]).run()
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    @Test(arguments: [(1, "from end"), (10, "from end"), (1, "from start"), (10, "")])
    func aSinkAwayForRunsGetsEveryWaitingEventOnceWhenItReturns(runsAway: Int, from: String) throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let log = scratch.path("events.jsonl")
        let sink = "log path \"\(log)\" \(from)"
        _ = try AwaySinkTests.run(state, "order mango juice", sink: sink)
        for run in 0..<runsAway {
            let away = try AwaySinkTests.run(state, "stock add mango 1; stock add kiwi 1")
            let waiting = 2 * (run + 1)
            #expect(away.stderr.contains("kiosk: \(waiting) events wait in the state for the sink 'log \(log)', which is not in this run"), "\(away.stderr)")
        }
        let back = try AwaySinkTests.run(state, "order kiwi juice", sink: sink)
        #expect(!back.stderr.contains("wait in the state"), "\(back.stderr)")
        #expect(try AwaySinkTests.sequences(log) == Array(1...(2 * runsAway + 2)), "every event once, in order")
    }

    @Test func theSinksAreListedAndOneIsForgotten() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let log = scratch.path("events.jsonl")
        let sink = "log path \"\(log)\" from end"
        _ = try AwaySinkTests.run(state, "order mango juice", sink: sink)
        _ = try AwaySinkTests.run(state, "order banana juice; stock add kiwi 1", sink: "log path \"\(scratch.path("other.jsonl"))\"")

        let listing = try KioskProcess("state", "sinks", state).run()
        #expect(listing.status == 0, "\(listing.stderr)")
        let rows = listing.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.first == ["SINK", "DELIVERED", "WAITING", "LAST", "SEEN", "KEPT", "UNTIL"])
        let away = try #require(rows.first { $0.contains("\(log)") })
        #expect(Array(away[2...4]) == ["seq", "1", "2"], "\(listing.stdout)")

        let json = try KioskProcess("state", "sinks", "--json", state).run()
        let sinks = try #require(JSONValue(parsing: Array(json.stdout.utf8))?["sinks"]?.array)
        let entry = try #require(sinks.first { $0["sink"]?.string == "log \(log)" })
        #expect(entry["seq"]?.int == 1)
        #expect(entry["waiting"]?.int == 2)
        #expect(entry["inUse"] == .bool(false))
        let seen = try #require(entry["seen"]?.string.flatMap(ISO8601.milliseconds(parsing:)))
        let kept = try #require(entry["keptUntil"]?.string.flatMap(ISO8601.milliseconds(parsing:)))
        #expect(kept - seen == 7 * 24 * 3600 * 1000)

        let misspelt = try KioskProcess("state", "forget", state, "log \(log)x").run()
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr.contains("keeps nothing for a sink 'log \(log)x'; kiosk state sinks '\(state)' lists the sinks it knows"), "\(misspelt.stderr)")

        // While a kiosk delivers for it, the sink is in use: nothing is forgotten.
        let running = try RunningKiosk(arguments: ["--state", state, "--sink", sink])
        try waitFor("the running kiosk to take the sink", timeout: .seconds(60)) {
            (try? KioskProcess("state", "sinks", "--json", state).run())?.stdout.contains(#""inUse":true"#) == true
        }
        let inUse = try KioskProcess("state", "forget", state, "log \(log)").run()
        #expect(inUse.status == 1)
        #expect(inUse.stderr.contains("delivers for the sink 'log \(log)' now; nothing was changed"), "\(inUse.stderr)")
        #expect(running.finish() == 0)

        _ = try AwaySinkTests.run(state, "order kiwi juice")
        let forget = try KioskProcess("state", "forget", state, "log \(log)").run()
        #expect(forget.status == 0, "\(forget.stderr)")
        #expect(forget.stdout == "\(state): forgot the sink 'log \(log)'; the 1 event it had not delivered will not be sent to it\n")
        #expect(!(try KioskProcess("state", "sinks", state).run().stdout.contains(log)))
        // Back after being forgotten, `from end` starts at the end again: event 4 is given up.
        _ = try AwaySinkTests.run(state, "order mango juice", sink: sink)
        #expect(try AwaySinkTests.sequences(log) == [1, 2, 3, 5])
    }

    /// A cursor nobody ran for seven days of the kiosk's clock is forgotten by the next
    /// compaction; one seen six days ago is kept, with the segments it needs.
    @Test func aCursorUnseenForAWeekIsForgottenByCompaction() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let week = scratch.path("week.jsonl")
        let days = scratch.path("days.jsonl")
        _ = try AwaySinkTests.run(state, "order mango juice", sink: "log path \"\(week)\"", more: ["--clock", "virtual=2026-11-01T09:00:00Z"])
        _ = try AwaySinkTests.run(state, "order mango juice", sink: "log path \"\(days)\"", more: ["--clock", "virtual=2026-11-02T09:00:00Z"])
        _ = try AwaySinkTests.run(state, "order banana juice", more: ["--clock", "virtual=2026-11-08T10:00:00Z"])
        #expect(try KioskProcess("state", "compact", state).run().status == 0)
        let listing = try KioskProcess("state", "sinks", state).run().stdout
        #expect(!listing.contains(week), "\(listing)")
        #expect(listing.contains(days), "\(listing)")
        _ = try AwaySinkTests.run(state, "stock", sink: "log path \"\(days)\"", more: ["--clock", "virtual=2026-11-08T11:00:00Z"])
        #expect(try AwaySinkTests.sequences(days) == [2, 3])
    }
}
