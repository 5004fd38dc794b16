import Foundation
import KioskCore
import KioskMenu
import KioskSinks
import KioskTestSupport
import Testing

/// Plugin sinks through the dispatcher and a journal on disk: every event the journal
/// holds reaches the plugin, whatever the plugin does.
@Suite struct PluginSinkTests {
    /// Acknowledges each event after writing it to `received` (in the scratch directory).
    static let acking = #"printf '%s\n' "$id" >> "$RECEIVED"; echo "{\"ack\":\"$id\"}""#

    @Test func everyEventIsAcknowledgedAndTheCursorPassesIt() async throws {
        let bench = try PluginBench()
        try bench.install("tally", "RECEIVED=\(bench.scratch.path)/received\n" + shellPlugin(name: "tally", event: PluginSinkTests.acking))
        let log = try DispatcherTests.Log(bench.scratch)
        let dispatcher = Dispatcher([.init(sink: try bench.sink("tally"), kind: "tally", name: "tally")], journal: log.journal)
        dispatcher.start()
        let events = try Events.orders(300)
        try log.commit(events)
        #expect(await eventually { dispatcher.statuses.first?.delivered == events.count })
        #expect(bench.lines("received") == events.map(\.id.description))
        dispatcher.shutdown(timeout: .seconds(5))
    }

    @Test func answersOutOfOrderAndSpelledAnyJSONWayCountForTheirOwnEvents() throws {
        let bench = try PluginBench()
        // Each pair answered second first, the first as JSON with spaces.
        let pairs = #"if [ -z "$prev" ]; then prev=$id; else echo "{\"ack\":\"$id\"}"; echo "{ \"ack\" : \"$prev\" }"; prev=""; fi"#
        try bench.install("pairs", "prev=\n" + shellPlugin(name: "pairs", event: pairs))
        let sink = try bench.sink("pairs", timeout: .milliseconds(500))
        defer { sink.close(by: ContinuousClock.now.advanced(by: .seconds(1))) }
        let events = try Events.orders(13)
        #expect(throws: Never.self) { try sink.send(batch: events[0..<10]) }
        // The last of an odd batch is never answered: the batch delivers up to it.
        do throws(BatchFailure) {
            try sink.send(batch: events[10..<13])
            Issue.record("the third event was never acknowledged")
        } catch {
            #expect(error.delivered == 2)
        }
    }

    @Test func aPluginThatCrashesEvery100EventsIsRestartedAndLosesNone() async throws {
        let bench = try PluginBench()
        let crash = #"count=$((count + 1)); if [ "$count" -eq 100 ]; then exit 1; fi; "# + PluginSinkTests.acking
        try bench.install("crashy", "RECEIVED=\(bench.scratch.path)/received\ncount=0\n" + shellPlugin(name: "crashy", event: crash))
        let log = try DispatcherTests.Log(bench.scratch)
        let dispatcher = Dispatcher([.init(sink: try bench.sink("crashy"), kind: "crashy", name: "crashy")], journal: log.journal)
        dispatcher.start()
        let events = try Events.orders(350)
        try log.commit(events)
        #expect(await eventually(timeout: .seconds(60)) { dispatcher.statuses.first?.delivered == events.count })
        // Each event acknowledged once: a crash comes before the 100th event's answer.
        #expect(bench.lines("received") == events.map(\.id.description))
        let status = try #require(dispatcher.statuses.first)
        #expect(status.lastError?.contains("plugin 'crashy' exited with status 1 with") == true)
        dispatcher.shutdown(timeout: .seconds(5))
    }

    @Test func aPluginThatNeverAnswersIsStoppedAndItsEventsWait() async throws {
        let bench = try PluginBench()
        try bench.install("silent", "RECEIVED=\(bench.scratch.path)/received\n" + shellPlugin(name: "silent", event: #"printf '%s\n' "$id" >> "$RECEIVED""#))
        let log = try DispatcherTests.Log(bench.scratch)
        let dispatcher = Dispatcher([.init(sink: try bench.sink("silent", timeout: .milliseconds(300)), kind: "silent", name: "silent")], journal: log.journal)
        dispatcher.start()
        let events = try Events.orders(5)
        try log.commit(events)
        #expect(await eventually { dispatcher.statuses.first?.lastError != nil })
        let status = try #require(dispatcher.statuses.first)
        #expect(status.lastError == "plugin 'silent' answered none of 5 events in flight within 300ms; stopped, starting it again")
        #expect(status.delivered == 0)
        // The events are still the journal's, and given again to the next plugin started.
        #expect(await eventually { bench.lines("received").count >= 2 * events.count })
        #expect(Array(bench.lines("received").prefix(5)) == events.map(\.id.description))
        dispatcher.shutdown(timeout: .seconds(1))
    }

    @Test func aPluginThatStopsReadingIsStoppedAndItsEventsWait() async throws {
        let bench = try PluginBench()
        try bench.install("stuck", """
            echo "kiosk-plugin 1 stuck sink"
            read -r line; echo '{"options":[]}'
            read -r line; echo '{"ok":true}'
            exec sleep 30

            """)
        let log = try DispatcherTests.Log(bench.scratch)
        let dispatcher = Dispatcher([.init(sink: try bench.sink("stuck", timeout: .milliseconds(300)), kind: "stuck", name: "stuck")], journal: log.journal)
        dispatcher.start()
        // More than a pipe holds: the write cannot finish.
        let events = try Events.orders(300)
        try log.commit(events)
        #expect(await eventually { dispatcher.statuses.first?.lastError != nil })
        #expect(dispatcher.statuses.first?.lastError == "plugin 'stuck' read none of its events for 300ms; stopped, starting it again")
        #expect(dispatcher.statuses.first?.delivered == 0)
        dispatcher.shutdown(timeout: .seconds(1))
        #expect(dispatcher.backlog().values.first == events.count)
    }

    @Test func aNackWithRetryIsTriedAgainAndWithoutIsFailedForGood() async throws {
        let bench = try PluginBench()
        // The first event is asked for again once; the third is refused for good.
        let event = #"""
            n=$((n + 1))
            if [ "$n" -eq 1 ] && [ ! -e "$MARK" ]; then : > "$MARK"; echo "{\"nack\":\"$id\",\"retry\":true,\"message\":\"busy\"}"
            elif [ "$n" -eq 3 ]; then echo "{\"nack\":\"$id\",\"retry\":false,\"message\":\"bad channel\"}"
            else echo "{\"ack\":\"$id\"}"; fi
            """#
        try bench.install("picky", "MARK=\(bench.scratch.path)/mark\nn=0\n" + shellPlugin(name: "picky", event: event))
        let log = try DispatcherTests.Log(bench.scratch)
        let dispatcher = Dispatcher([.init(sink: try bench.sink("picky"), kind: "picky", name: "picky")], journal: log.journal)
        dispatcher.start()
        let events = try Events.orders(4)
        try log.commit(events)
        #expect(await eventually { dispatcher.statuses.first?.deliveredUpTo == events[3].sequence })
        dispatcher.shutdown(timeout: .seconds(1))
        #expect(try log.facts() == [.deliveryFailed(sink: "picky", event: events[2], reason: "plugin 'picky' refused an event: bad channel")])
    }

    @Test func aPluginThatRefusesItsOptionsDoesNotStart() throws {
        let bench = try PluginBench()
        try bench.install("fussy", """
            echo "kiosk-plugin 1 fussy sink"
            read -r line; echo '{"options":[{"name":"channel","type":"text"}]}'
            read -r line; echo '{"ok":false,"errors":[{"option":"channel","message":"no such channel"}]}'
            read -r line

            """)
        let declaration = SinkDeclaration(kind: "fussy", options: ["channel": [.text(ConfigText("#nope"))]])
        let sink = PluginSink(description: try bench.description("fussy"), declaration: declaration, environment: [:])
        #expect(throws: SinkSetupError.self) { try sink.start() }
        do throws(SinkSetupError) { try sink.start() } catch {
            #expect(error.reason == "plugin 'fussy' refused its options: 'channel': no such channel")
        }
    }
}
