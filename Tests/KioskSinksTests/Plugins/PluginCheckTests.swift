import Foundation
import KioskMenu
import KioskSinks
import KioskTestSupport
import Testing

/// A menu's plugin sinks are checked before anything runs: against the options the plugin
/// declares, and by the plugin itself, each error at its option.
@Suite struct PluginCheckTests {
    static let options = #"[{"name":"channel","type":"text","required":true},{"name":"token","type":"secret"},{"name":"retries","type":"number"},{"name":"timeout","type":"duration"},{"name":"level","type":"choice","values":["info","warn"]},{"name":"loud","type":"boolean"}]"#

    /// A plugin that refuses a channel not starting with `#`, quoting the token it got.
    static let plugin = """
        echo "kiosk-plugin 1 slack sink"
        while IFS= read -r line; do
            case "$line" in
            '{"describe":'*) echo '\(options)' | sed 's/^/{"options":/; s/$/}/' ;;
            *'"channel":"#'*) echo '{"ok":true}' ;;
            '{"configure":'*)
                rest=${line#*\\"token\\":\\"}
                token=${rest%%\\"*}
                echo "{\\"ok\\":false,\\"errors\\":[{\\"option\\":\\"channel\\",\\"message\\":\\"no such channel (token $token)\\"}]}" ;;
            '{"shutdown":'*) exit 0 ;;
            esac
        done

        """

    func check(_ sink: String, environment: [String: String] = [:]) throws -> [(String, String)] {
        let bench = try PluginBench()
        try bench.install("slack", PluginCheckTests.plugin)
        let path = try bench.scratch.file("menu.kiosk", "ingredient mango stock 9\nitem \"Mango Juice\" price 3000 needs mango 3\n" + sink + "\n")
        let catalog = PluginCatalog(directories: [bench.directory], environment: environment)
        let (compilation, _) = catalog.compile { registry in MenuCompiler(sinkSchemas: registry.schemas, environment: environment).compile(path: path) }
        return compilation.diagnostics.map { diagnostic in
            let at = compilation.sources.location(of: diagnostic.range)
            return ("\(at.line):\(at.column)", ([diagnostic.message] + diagnostic.help).joined(separator: " / "))
        }
    }

    @Test func aGoodStatementPasses() throws {
        #expect(try check(##"sink slack { channel "#ops"  retries 3  timeout 5s  level warn  loud true }"##).isEmpty)
    }

    @Test func anUnknownOptionIsFoundWithDidYouMean() throws {
        let found = try check(##"sink slack { channel "#ops"  chanel "#x" }"##)
        #expect(found.count == 1)
        #expect(found.first?.0 == "3:30")
        #expect(found.first?.1.contains("did you mean 'channel'?") == true)
    }

    @Test func aMisspeltPluginNameIsFoundWithDidYouMean() throws {
        let found = try check(##"sink slak { channel "#ops" }"##)
        #expect(found.map(\.0) == ["3:6"])
        #expect(found.first?.1 == "unknown sink kind 'slak' / did you mean 'slack'?")
    }

    @Test func aValueOfTheWrongTypeIsFoundAtIt() throws {
        let found = try check(##"sink slack { channel "#ops"  retries many  level warm  loud 1 }"##)
        #expect(found.map(\.0) == ["3:38", "3:50", "3:61"])
        #expect(found.map(\.1) == [
            "'retries' needs a whole number, found 'many'",
            "unknown value 'warm' for 'level' / did you mean 'warn'?",
            "unknown value '1' for 'loud' / write one of 'true' or 'false'",
        ])
    }

    @Test func aMissingRequiredOptionIsFound() throws {
        let found = try check(##"sink slack { level info }"##)
        #expect(found.map(\.0) == ["3:1"])
        #expect(found.first?.1.hasPrefix("'slack' sink needs 'channel'") == true)
    }

    @Test func thePluginsOwnRefusalIsAtTheOptionItNamesAndHidesTheSecret() throws {
        let found = try check(##"sink slack { token "${SLACK_TOKEN}"  channel "ops" }"##, environment: ["SLACK_TOKEN": "xoxb-very-secret"])
        #expect(found.count == 1)
        #expect(found.first?.0 == "3:38")
        #expect(found.first?.1 == "plugin 'slack' refused this: 'channel': no such channel (token ••••)")
    }

    @Test func aSecretWrittenInTheMenuIsHiddenToo() throws {
        let found = try check(##"sink slack { token "hunter22"  channel "ops" }"##)
        #expect(found.first?.1 == "plugin 'slack' refused this: 'channel': no such channel (token ••••)")
    }

    @Test func aPluginKioskCannotUseIsAnErrorAtItsStatement() throws {
        let bench = try PluginBench()
        try bench.install("future", shellPlugin(name: "future", handshake: "kiosk-plugin 99 future sink", event: ":"))
        let compilation = try bench.compile("sink future { }\n")
        #expect(compilation.diagnostics.map(\.message) == [
            "sink kind 'future' is a plugin kiosk cannot use: plugin 'future': it speaks protocol version 99; this kiosk speaks 1",
        ])
    }

    @Test func aBuiltInKindWinsOverAPluginOfItsName() throws {
        let bench = try PluginBench()
        try bench.install("log", "exit 1\n")
        let compilation = try bench.compile(#"sink log path "x.jsonl""# + "\n")
        #expect(compilation.diagnostics.isEmpty)
        #expect(compilation.menu?.sinks.first?.kind == "log")
    }
}
