import Foundation
import KioskCore
import KioskSinks
import KioskTestSupport
import Testing

/// docs/PLUGINS.md is the protocol's specification: the lines it shows kiosk sending are
/// what kiosk sends, and the lines it shows a plugin sending are what kiosk accepts.
@Suite struct PluginSpecTests {
    /// The lines of the page's code blocks.
    static func specLines() throws -> [String] {
        var lines: [String] = []
        var inBlock = false
        for line in try Repository.text("docs/PLUGINS.md").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
            } else if inBlock {
                lines.append(String(line))
            }
        }
        return lines
    }

    static func line(startingWith prefix: String) throws -> String {
        try #require(try specLines().first { $0.hasPrefix(prefix) }, "docs/PLUGINS.md shows \(prefix)")
    }

    @Test func theExchangeIsTheOneThePageShows() async throws {
        let handshake = try PluginSpecTests.line(startingWith: "kiosk-plugin 1 ")
        let options = try PluginSpecTests.line(startingWith: #"{"options":"#)
        let ok = try PluginSpecTests.line(startingWith: #"{"ok":true"#)
        let ack = try PluginSpecTests.line(startingWith: #"{"ack":"#)
        #expect(ack == #"{"ack":"EVENT-ID"}"#)
        let bench = try PluginBench()
        let name = try #require(handshake.split(separator: " ").dropFirst(2).first.map(String.init))
        let recorded = bench.scratch.path("recorded")
        try bench.install(name, """
            printf '%s\\n' "KIOSK_PLUGIN_PROTOCOLS=$KIOSK_PLUGIN_PROTOCOLS" >> \(recorded)
            echo '\(handshake)'
            while IFS= read -r line; do
                printf '%s\\n' "$line" >> \(recorded)
                case "$line" in
                '{"describe":'*) echo '\(options)' ;;
                '{"configure":'*) echo '\(ok)' ;;
                '{"event":'*)
                    rest=${line#*\\"id\\":\\"}
                    id=${rest%%\\"*}
                    echo '\(ack)' | sed "s/EVENT-ID/$id/" ;;
                esac
            done

            """)
        // The configure line of the page, as a menu writes it.
        let configure = try PluginSpecTests.line(startingWith: #"{"configure":"#)
        let sink = try bench.sink(name, options: ##"channel "#ops"  token "xoxb-…""##)
        let log = try DispatcherTests.Log(bench.scratch)
        let dispatcher = Dispatcher([.init(sink: sink, kind: name, name: name)], journal: log.journal)
        dispatcher.start()
        let events = try Events.orders(2)
        try log.commit(events)
        #expect(await eventually { dispatcher.statuses.first?.delivered == events.count })
        dispatcher.shutdown(timeout: .seconds(5))

        // Described once by the check, then started: describe and configure again.
        let exchange = bench.lines("recorded")
        let started = try #require(exchange.lastIndex(of: try PluginSpecTests.line(startingWith: "KIOSK_PLUGIN_PROTOCOLS=")))
        let run = Array(exchange[(started + 1)...])
        #expect(run.count == 5)
        #expect(run.first == (try PluginSpecTests.line(startingWith: #"{"describe""#)))
        #expect(run.dropFirst().first == configure)
        let event = try PluginSpecTests.line(startingWith: #"{"event":"#)
        let shown = try #require(event.range(of: #""id":""#).map { String(event[..<$0.upperBound]) })
        for (line, original) in zip(run.dropFirst(2).prefix(2), events) {
            #expect(line.hasPrefix(shown))
            #expect(line == #"{"event":"# + String(decoding: original.json, as: UTF8.self) + "}")
        }
        #expect(run.last == (try PluginSpecTests.line(startingWith: #"{"shutdown""#)))
    }

    @Test func thePagesRefusalAndNackAreReadAsItSays() throws {
        let refusal = try PluginSpecTests.line(startingWith: #"{"ok":false"#)
        let nack = try PluginSpecTests.line(startingWith: #"{"nack":"#)
        #expect(refusal == #"{"ok":false,"errors":[{"option":"channel","message":"…"}]}"#)
        #expect(nack == #"{"nack":"EVENT-ID","retry":true,"message":"…"}"#)
        #expect(try PluginSpecTests.line(startingWith: "kiosk-plugin VERSION") == "kiosk-plugin VERSION NAME KIND[,KIND…]")
    }
}
