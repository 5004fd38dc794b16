import Foundation
import KioskSinks
import KioskTestSupport
import Testing

/// The handshake and `describe`, with real plugins: what kiosk says of one it cannot use.
@Suite struct PluginProcessTests {
    @Test func aPluginDescribesItsOptionsAfterItsHandshake() throws {
        let bench = try PluginBench()
        try bench.install("slack", shellPlugin(name: "slack", options: #"[{"name":"channel","type":"text","required":true,"doc":"where"},{"name":"token","type":"secret"},{"name":"timeout","type":"duration","default":"5s"},{"name":"level","type":"choice","values":["info","warn"]}]"#, event: "echo \"{\\\"ack\\\":\\\"$id\\\"}\""))
        let plugin = try bench.description("slack")
        #expect(plugin.version == 1)
        #expect(plugin.kinds == ["sink"])
        #expect(plugin.options.map(\.name) == ["channel", "token", "timeout", "level"])
        #expect(plugin.options.map(\.type) == [.text, .secret, .duration, .choice])
        #expect(plugin.options[0].isRequired && plugin.options[0].doc == "where")
        #expect(plugin.options[2].defaultValue == "5s")
        #expect(plugin.options[3].values == ["info", "warn"])
    }

    @Test func kioskSaysWhichVersionsItSpeaksInTheEnvironment() throws {
        let bench = try PluginBench()
        try bench.install("env", #"[ "$KIOSK_PLUGIN_PROTOCOLS" = 1 ] || { echo "got $KIOSK_PLUGIN_PROTOCOLS" >&2; exit 3; }"# + "\n" + shellPlugin(name: "env", event: ":"))
        #expect(try bench.description("env").name == "env")
    }

    @Test func junkBeforeTheHandshakeIsQuotedInTheError() throws {
        let bench = try PluginBench()
        try bench.install("chatty", "echo 'Starting up…'\n" + shellPlugin(name: "chatty", event: ":"))
        let problem = try #require(bench.catalog.describe(name: "chatty", path: bench.directory + "/chatty").failure)
        #expect(problem.message == "plugin 'chatty': expected the handshake 'kiosk-plugin VERSION NAME KIND[,KIND…]' as its first line, got 'Starting up…'")
    }

    @Test func aVersionKioskDoesNotSpeakIsRefusedWithBothLists() throws {
        let bench = try PluginBench()
        try bench.install("future", shellPlugin(name: "future", handshake: "kiosk-plugin 99 future sink", event: ":"))
        let problem = try #require(bench.catalog.describe(name: "future", path: bench.directory + "/future").failure)
        #expect(problem.message == "plugin 'future': it speaks protocol version 99; this kiosk speaks 1")
    }

    @Test func aLineThatIsNotTheProtocolIsQuoted() throws {
        let bench = try PluginBench()
        try bench.install("noisy", """
            echo "kiosk-plugin 1 noisy sink"
            read -r line
            echo "DEBUG: describing"

            """)
        let problem = try #require(bench.catalog.describe(name: "noisy", path: bench.directory + "/noisy").failure)
        #expect(problem.message == "plugin 'noisy': it wrote a line that is not the protocol: 'DEBUG: describing'")
    }

    @Test func itsStandardErrorIsShownWithItsFailure() throws {
        let bench = try PluginBench()
        try bench.install("dying", "echo 'cannot find my config' >&2\nexit 4\n")
        let problem = try #require(bench.catalog.describe(name: "dying", path: bench.directory + "/dying").failure)
        #expect(problem.message == "plugin 'dying': it exited with status 4 before answering the handshake — its log ends: cannot find my config")
    }

    @Test func anOptionOfAnUnknownTypeMakesThePluginBroken() throws {
        let bench = try PluginBench()
        try bench.install("odd", shellPlugin(name: "odd", options: #"[{"name":"when","type":"date"}]"#, event: ":"))
        let problem = try #require(bench.catalog.describe(name: "odd", path: bench.directory + "/odd").failure)
        #expect(problem.message == "plugin 'odd': its description is wrong: option 'when' has no type kiosk knows: one of text, number, duration, choice, secret, boolean")
    }

    @Test func pluginsAreFoundByNameInTheirDirectoriesFirstOfANameWins() throws {
        let bench = try PluginBench()
        try bench.install("b.py", ":")
        try bench.install("a", ":")
        try bench.scratch.file("plugins/not-executable", "x")
        try bench.install(".hidden", ":")
        let other = try ScratchDirectory()
        _ = try PluginBench.writeExecutable(other.path("a"), Array("#!/bin/sh\n".utf8))
        let catalog = PluginCatalog(directories: [bench.directory, other.path], environment: [:])
        #expect(catalog.installed().map(\.name) == ["a", "b"])
        #expect(catalog.path(of: "a") == bench.directory + "/a")
    }

    @Test func theDirectoriesAreThePluginPathThenXDGThenTheSystemOnes() {
        #expect(PluginCatalog.standardDirectories(pluginPaths: ["/opt/p"], environment: ["HOME": "/home/k"]) == [
            "/opt/p", "/home/k/.local/share/kiosk/plugins", "/usr/local/lib/kiosk/plugins", "/usr/lib/kiosk/plugins",
        ])
        #expect(PluginCatalog.standardDirectories(pluginPaths: [], environment: ["HOME": "/home/k", "XDG_DATA_HOME": "/data"]).first == "/data/kiosk/plugins")
    }
}

extension Result {
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
