import Foundation
import KioskCore
import KioskTestSupport
import KioskText
import Testing

/// The log, webhook and exec sinks, through the built binary, against a real HTTP server
/// on 127.0.0.1, real files and real programs.
@Suite struct SinkTests {
    @Test func theWebhookAndTheLogGetTheSameCloudEvents() throws {
        let server = try TestHTTPServer()
        let scratch = try ScratchDirectory()
        let log = scratch.url.appendingPathComponent("logs/kiosk.jsonl").path
        let result = try KioskProcess(
            arguments: KioskProcess.settlingEveryEvent + [
                "--sink", "webhook url \"\(server.url)\"", "--sink", "log path \"\(log)\"", "-c", "order mango juice; order strawberry juice",
            ]
        ).run()
        #expect(result.status == 1)
        let requests = server.requests
        #expect(requests.count == 3)
        for request in requests {
            let event = try #require(JSONValue(parsing: request.body))
            #expect(event["specversion"]?.string == "1.0")
            #expect(event["id"]?.string == request.headers["webhook-id"])
            #expect(request.method == "POST")
            #expect(request.path == "/hook")
            #expect(request.headers["content-type"] == "application/cloudevents+json; charset=utf-8")
            #expect(request.headers["user-agent"] == "kiosk/\(KioskVersion.current)")
            #expect(Int(request.headers["webhook-timestamp"] ?? "") ?? 0 > 1_700_000_000)
        }
        #expect(requests.compactMap { JSONValue(parsing: $0.body)?["type"]?.string } == ["order.succeeded", "order.failed", "restock.needed"])
        #expect(lines(of: log) == requests.map(\.bodyText))
        let mode = try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func fiveHundredTwiceThenOKIsDeliveredOnceAfterThreeAttemptsWithOneId() throws {
        let server = try TestHTTPServer(replies: [.status(500), .status(500), .status(200)])
        let result = try KioskProcess(arguments: KioskProcess.settlingEveryEvent + ["--sink", "webhook url \"\(server.url)\" backoff 10ms", "-c", "order mango juice"]).run()
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let requests = server.requests
        #expect(requests.count == 3)
        #expect(Set(requests.compactMap { $0.headers["webhook-id"] }).count == 1)
        #expect(Set(requests.map(\.bodyText)).count == 1)
    }

    @Test func tooManyRequestsWaitsAtLeastTheRetryAfter() throws {
        let server = try TestHTTPServer(replies: [.status(429, headers: [("Retry-After", "1")]), .status(200)])
        let result = try KioskProcess(arguments: KioskProcess.settlingEveryEvent + ["--sink", "webhook url \"\(server.url)\" backoff 10ms", "-c", "order mango juice"]).run()
        #expect(result.status == 0)
        let requests = server.requests
        #expect(requests.count == 2)
        if requests.count == 2 {
            #expect(requests[1].arrival - requests[0].arrival >= .seconds(1))
        }
    }

    @Test func badRequestIsOneAttemptRecordedAsFailedAndListed() throws {
        let server = try TestHTTPServer(replies: [.status(400)])
        let state = try ScratchDirectory()
        let environment = ["XDG_STATE_HOME": state.url.path]
        let sink = "webhook url \"\(server.url)\" backoff 10ms"
        let result = try KioskProcess(arguments: KioskProcess.settlingEveryEvent + ["--sink", sink, "-c", "order mango juice"], environment: environment).run()
        #expect(server.requests.count == 1)
        let journal = try #require(try FileManager.default.contentsOfDirectory(atPath: state.url.path + "/kiosk/journals").first)
        #expect(result.stderr == "kiosk: 1 event failed for webhook \(server.url) (last: HTTP 400); they wait in \(state.url.path)/kiosk/journals/\(journal) for 'sinks retry'\n")
        let listed = try KioskProcess(arguments: ["--sink", sink, "--json", "-c", "sinks failed"], environment: environment).run()
        let failed = JSONValue(parsing: Array(listed.stdout.utf8))?["result"]?["failed"]?.array
        #expect(failed?.count == 1)
        #expect(failed?.first?["reason"]?.string == "HTTP 400")
        #expect(failed?.first?["event"]?["id"]?.string == server.requests.first?.headers["webhook-id"])
    }

    @Test func aRedirectIsNotFollowed() throws {
        let server = try TestHTTPServer(replies: [.status(302, headers: [("Location", "/elsewhere")]), .status(200)])
        let result = try KioskProcess(arguments: KioskProcess.settlingEveryEvent + ["--sink", "webhook url \"\(server.url)\" backoff 10ms", "-c", "order mango juice"]).run()
        #expect(server.requests.map(\.path) == ["/hook"])
        #expect(result.stderr.contains("1 event failed for webhook \(server.url) (last: HTTP 302: redirects are not followed (to /elsewhere))"))
    }

    @Test func aClosedConnectionIsRetried() throws {
        let server = try TestHTTPServer(replies: [.close, .status(200)])
        let result = try KioskProcess(arguments: KioskProcess.settlingEveryEvent + ["--sink", "webhook url \"\(server.url)\" backoff 10ms", "-c", "order mango juice"]).run()
        #expect(result.stderr == "")
        #expect(server.requests.count == 2)
    }

    /// The webhook helper keeps nothing in the user's home: no URL cache, no cookie jar.
    @Test func theWebhookHelperLeavesTheHomeDirectoryAlone() throws {
        let server = try TestHTTPServer()
        let home = try ScratchDirectory()
        let state = try ScratchDirectory()
        let result = try KioskProcess(
            arguments: KioskProcess.settlingEveryEvent + ["--sink", "webhook url \"\(server.url)\"", "-c", "order mango juice"],
            environment: ["HOME": home.url.path, "XDG_STATE_HOME": state.url.path]
        ).run()
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(server.requests.count == 1, "the request was delivered")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.url.path) == ["kiosk"], "the private journal is where XDG_STATE_HOME says")
    }

    @Test func aReceiverDownForAWholeRunLosesNothing() throws {
        // A receiver bound to its port but not listening: down for the first run, and no
        // other program can take its port before it comes up.
        let server = try TestHTTPServer(listening: false)
        let url = server.url
        let state = try ScratchDirectory()
        let environment = ["XDG_STATE_HOME": state.url.path]

        let started = ContinuousClock.now
        let first = try KioskProcess(
            arguments: ["--flush-timeout", "1s", "--sink", "webhook url \"\(url)\" backoff 20ms", "-c", "order mango juice; order kiwi juice"],
            environment: environment
        ).run()
        #expect(ContinuousClock.now - started < .seconds(15), "the run ends at the flush deadline")
        let journal = try #require(try FileManager.default.contentsOfDirectory(atPath: state.url.path + "/kiosk/journals").first)
        let path = state.url.path + "/kiosk/journals/" + journal
        #expect(first.stderr == "kiosk: 2 events wait for webhook \(url) in \(path); they are sent on the next start\n")
        let waitingIds = try StateDump.eventIds(path)
        #expect(waitingIds.count == 2)

        try server.listen()
        let up = try KioskProcess(arguments: KioskProcess.settlingEveryEvent + ["--sink", "webhook url \"\(url)\"", "-c", "order banana juice"], environment: environment).run()
        #expect(up.stderr == "")
        let ids = server.requests.compactMap { $0.headers["webhook-id"] }
        #expect(ids.count == 3)
        #expect(Array(ids.prefix(2)) == waitingIds, "what waited goes first, in order, with the original ids")
        #expect(server.requests.last.flatMap { JSONValue(parsing: $0.body)?["data"]?["lines"]?.array?.first?["item"]?.string } == "Banana Juice")
    }

    @Test func aReceiverThatHoldsEveryRequestDelaysNoOrder() throws {
        let server = try TestHTTPServer(replies: [.hold])
        let scratch = try ScratchDirectory()
        let log = scratch.url.appendingPathComponent("kiosk.jsonl").path
        let script = try scratch.file("orders.txt", "stock set mango 1000\n" + String(repeating: "order mango juice\n", count: 200))
        let kiosk = try RunningKiosk(arguments: [
            "--flush-timeout", "20s", "--sink", "webhook url \"\(server.url)\"", "--sink", "log path \"\(log)\"", "-f", script,
        ])
        // Every order is answered while the receiver has answered nothing: at most the
        // first request has reached it, and it is held.
        try waitFor("200 orders answered") { kiosk.stdout.components(separatedBy: "Mango Juice is ready.").count - 1 == 200 }
        #expect(server.requests.count <= 1, "no request got past the held first one")
        try waitFor("the log to have every event") { lines(of: log).count == 201 }
        try waitFor("the first request to arrive and be held") { server.requests.count == 1 }
        #expect(server.requests.count == 1)
        server.release()
        #expect(kiosk.finish() == 0)
        #expect(server.requests.count == 201)
        #expect(server.requests.compactMap { $0.headers["webhook-id"] } == lines(of: log).compactMap { JSONValue(parsing: Array($0.utf8))?["id"]?.string })
    }

    @Test(arguments: [false, true])
    func aLogMovedAwayMidRunGoesOnInANewFile(hangUp: Bool) throws {
        let scratch = try ScratchDirectory()
        let log = scratch.url.appendingPathComponent("kiosk.jsonl").path
        let kiosk = try RunningKiosk(arguments: ["--quiet", "--sink", "log path \"\(log)\" on stock.changed"])
        for _ in 0..<3 { kiosk.send("stock add kiwi 1") }
        try waitFor("three lines in the log") { lines(of: log).count == 3 }
        try FileManager.default.moveItem(atPath: log, toPath: log + ".1")
        if hangUp { kill(kiosk.process.processIdentifier, SIGHUP) }
        for _ in 0..<4 { kiosk.send("stock add kiwi 1") }
        try waitFor("four lines in the new log") { lines(of: log).count == 4 }
        #expect(kiosk.finish() == 0)
        let all = lines(of: log + ".1") + lines(of: log)
        #expect(all.compactMap { JSONValue(parsing: Array($0.utf8))?["data"]?["to"]?.int } == Array(11...17))
        let mode = try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func anExecProgramGetsEveryEventAndIsStartedAgainWhenItExits() throws {
        let scratch = try ScratchDirectory()
        let out = scratch.url.appendingPathComponent("events.jsonl").path
        let program = try scratch.file("reader.sh", """
        #!/bin/sh
        echo $$ >> "$1.pids"
        while IFS= read -r line; do printf '%s\\n' "$line" >> "$1"; done
        """)
        chmod(program, 0o755)
        let kiosk = try RunningKiosk(arguments: ["--quiet", "--sink", "exec command \"\(program)\" args \"\(out)\" backoff 20ms"])
        kiosk.send("stock add kiwi 1")
        kiosk.send("stock add kiwi 1")
        try waitFor("two events") { lines(of: out).count == 2 }
        let first = try #require(lines(of: out + ".pids").first.flatMap { Int32($0) })
        kill(first, SIGKILL)
        try waitFor("the program to be gone") { !FileManager.default.fileExists(atPath: "/proc/\(first)/fd/0") }
        kiosk.send("stock add kiwi 1")
        try waitFor("the third event, in a new program") { lines(of: out).count == 3 }
        #expect(kiosk.finish() == 0)
        #expect(lines(of: out + ".pids").count == 2)
        #expect(lines(of: out).compactMap { JSONValue(parsing: Array($0.utf8))?["data"]?["to"]?.int } == [11, 12, 13])
    }

    @Test func filtersPerSinkAndSecretsMasked() throws {
        let server = try TestHTTPServer()
        let scratch = try ScratchDirectory()
        let log = scratch.url.appendingPathComponent("failures.jsonl").path
        let menu = try scratch.file("menu.kiosk", """
        ingredient mango stock 4
        item "Mango Juice" needs mango 3
        sink webhook url "http://127.0.0.1:\(server.port)/${HOOK_PATH}" header X-Token "${TOKEN}" on restock.needed
        sink log path "\(log)" on order.failed
        """)
        let result = try KioskProcess(
            arguments: KioskProcess.settlingEveryEvent + ["--menu", menu, "-c", "order mango juice; order mango juice; sinks"],
            environment: ["HOOK_PATH": "s3cret-path", "TOKEN": "t0ken-value"]
        ).run()
        #expect(result.stdout.contains("http://127.0.0.1:\(server.port)/${HOOK_PATH}"))
        #expect(!result.stdout.contains("s3cret-path"))
        #expect(!result.stdout.contains("t0ken-value"))
        #expect(!result.stderr.contains("s3cret-path"))
        #expect(lines(of: log).compactMap { JSONValue(parsing: Array($0.utf8))?["type"]?.string } == ["order.failed"])
        let requests = server.requests
        #expect(requests.compactMap { JSONValue(parsing: $0.body)?["type"]?.string } == ["restock.needed"])
        #expect(requests.first?.path == "/s3cret-path")
        #expect(requests.first?.headers["x-token"] == "t0ken-value")
    }

    @Test func aSinkThatCannotStartIsAClearError() throws {
        let result = try KioskProcess("--sink", "exec command \"/no/such/program\"", "-c", "menu").run()
        #expect(result.status == 64)
        #expect(result.stderr == "kiosk: --sink:1:1: error: 'exec' sink: cannot start '/no/such/program': no such file\n")
        let unwritable = try KioskProcess("--sink", "log path \"/proc/kiosk.jsonl\"", "-c", "menu").run()
        #expect(unwritable.status == 64)
        #expect(unwritable.stderr.hasPrefix("kiosk: --sink:1:1: error: 'log' sink: cannot open '/proc/kiosk.jsonl': "))
    }
}
