import Foundation
import KioskApplication
import KioskCore
import KioskJournal
import KioskMenu
import KioskSinks
import KioskTestSupport
import Testing

/// Nothing a plugin does reaches the order path: orders are committed to the journal and
/// answered while the plugin hangs, crashes or writes junk, and the journal keeps every
/// event for it.
@Suite struct PluginOrderPathTests {
    static let menu = "ingredient mango stock 1000000\nitem \"Mango Juice\" needs mango 1\n"

    @Test(arguments: [
        ("silent", #"printf '%s\n' "$id" >> "$RECEIVED""#),
        ("crashy", #"count=$((count + 1)); if [ "$count" -eq 100 ]; then exit 1; fi; printf '%s\n' "$id" >> "$RECEIVED"; echo "{\"ack\":\"$id\"}""#),
        ("junky", #"count=$((count + 1)); if [ "$count" -eq 10 ]; then echo "DEBUG: oops"; fi; printf '%s\n' "$id" >> "$RECEIVED"; echo "{\"ack\":\"$id\"}""#),
    ])
    func ordersAreAnsweredWhateverThePluginDoes(_ name: String, _ event: String) async throws {
        let bench = try PluginBench()
        try bench.install(name, "RECEIVED=\(bench.scratch.path)/received\ncount=0\n" + shellPlugin(name: name, event: event))
        let loader = InMemorySourceLoader(files: ["menu.kiosk": PluginOrderPathTests.menu])
        let source = MenuSource(path: "menu.kiosk", compiler: MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas, loader: loader))
        let compiled = try #require(source.compile().menu)
        let time = SessionClock(wall: { SessionHarness.fixedTime })
        let options = Journal.Options(durability: .written, snapshotInterval: Journal.Options.noSnapshots, format: .sinks)
        let opened = try StateStore.open(
            StateDirectory(path: bench.scratch.path + "/state"), mode: .state, options: options, menu: compiled.menu, ids: UUIDv7Generator(seed: 3), at: time.now()
        )
        let sink = try bench.sink(name, timeout: .milliseconds(200))
        let dispatcher = Dispatcher([.init(sink: sink, kind: name, name: name)], journal: opened.store.journal, lastSequence: opened.opening.kiosk.sequence)
        dispatcher.start()
        let session = Session(kiosk: opened.opening.kiosk, dispatcher: dispatcher, menuSource: source, sinkDeclarations: [], time: time, store: opened.store)
        for _ in 0..<250 {
            let command = try #require(try CommandParser.parse("order mango juice", table: session.commands))
            #expect(session.run(command).error == nil)
        }
        #expect(session.kiosk.sequence >= 250)
        if name == "silent" {
            #expect(await eventually { dispatcher.statuses.first?.lastError?.contains("answered none of") == true })
            #expect(dispatcher.statuses.first?.delivered == 0)
        } else {
            #expect(await eventually(timeout: .seconds(60)) { dispatcher.statuses.first?.deliveredUpTo == session.kiosk.sequence })
        }
        dispatcher.shutdown(timeout: .seconds(1))
        // What the plugin was given is what the journal holds: all of it once it answers.
        var journal: [String] = []
        try JournalInspector.events(opened.store.journal.directory, format: .sinks, where: { _ in true }) { journal.append($0.id.description) }
        #expect(journal.count == Int(session.kiosk.sequence))
        let received = bench.lines("received")
        #expect(!received.isEmpty)
        #expect(Set(received).isSubset(of: Set(journal)))
        if name != "silent" { #expect(Set(received) == Set(journal)) }
    }
}
