import Foundation
import KioskCore
import KioskSinks
import KioskTestSupport
import Testing

/// The example plugins of the repository (plugins/, and kiosk-plugin-example built by the
/// package), end to end through the dispatcher and a journal on disk.
@Suite struct PluginExampleTests {
    func deliver(_ events: [Event], through sink: PluginSink, bench: PluginBench) async throws {
        let log = try DispatcherTests.Log(bench.scratch)
        let dispatcher = Dispatcher([.init(sink: sink, kind: "plugin", name: "example")], journal: log.journal)
        dispatcher.start()
        try log.commit(events)
        #expect(await eventually { dispatcher.statuses.first?.delivered == events.count })
        dispatcher.shutdown(timeout: .seconds(5))
    }

    @Test func theShellExampleAppendsEachEventToItsFile() async throws {
        let bench = try PluginBench()
        try bench.installExample("plugins/jsonl.sh", as: "jsonl.sh")
        let events = try Events.everyType()
        let path = bench.scratch.path("events.jsonl")
        try await deliver(events, through: try bench.sink("jsonl", options: "path \"\(path)\""), bench: bench)
        #expect(bench.lines("events.jsonl") == events.map { String(decoding: $0.json, as: UTF8.self) })
    }

    @Test func theShellExampleRefusesAFileItCannotWrite() throws {
        let bench = try PluginBench()
        try bench.installExample("plugins/jsonl.sh", as: "jsonl.sh")
        let compilation = try bench.compile("sink jsonl { path \"/nonexistent/dir/x.jsonl\" }\n")
        #expect(compilation.diagnostics.map(\.message) == ["plugin 'jsonl' refused this: 'path': cannot write to this file"])
    }

    @Test func thePythonExamplePostsEachEventToItsWebhook() async throws {
        let bench = try PluginBench()
        try bench.installExample("plugins/post.py", as: "post.py")
        let server = try TestHTTPServer()
        defer { server.stop() }
        let events = try Events.orders(5)
        try await deliver(events, through: try bench.sink("post", options: "url \"\(server.url)\"  token \"s3cret-token\"  timeout 2s"), bench: bench)
        let requests = server.requests
        #expect(requests.map(\.method) == Array(repeating: "POST", count: 5))
        #expect(requests.map { JSONValueText.id(of: $0.bodyText) } == events.map(\.id.description))
        #expect(requests.first?.headers["authorization"] == "Bearer s3cret-token")
    }

    @Test func thePythonExampleAsksAgainAfterA503() async throws {
        let bench = try PluginBench()
        try bench.installExample("plugins/post.py", as: "post.py")
        let server = try TestHTTPServer(replies: [.status(503), .status(200)])
        defer { server.stop() }
        let events = try Events.orders(1)
        try await deliver(events, through: try bench.sink("post", options: "url \"\(server.url)\""), bench: bench)
        #expect(server.requestCount == 2)
    }

    @Test func theSwiftExampleAcknowledgesEveryEvent() async throws {
        let bench = try PluginBench()
        let built = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("kiosk-plugin-example")
        let bytes = try [UInt8](Data(contentsOf: built))
        try FileManager.default.createDirectory(atPath: bench.directory, withIntermediateDirectories: true)
        _ = try PluginBench.writeExecutable(bench.directory + "/example", bytes)
        let events = try Events.orders(1000)
        try await deliver(events, through: try bench.sink("example"), bench: bench)
    }
}

enum JSONValueText {
    /// The `id` of a CloudEvent's JSON.
    static func id(of text: String) -> String? {
        guard let data = text.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["id"] as? String
    }
}
