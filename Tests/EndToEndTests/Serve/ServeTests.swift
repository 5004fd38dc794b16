import Foundation
import KioskTestSupport
import KioskText
import Testing

/// `kiosk serve` as a client meets it: real HTTP on 127.0.0.1 against the built binary.
@Suite struct ServeTests {
    /// What `kiosk --json -c COMMAND` prints for a command, without its `line`: the body the
    /// API answers with for the same command.
    static func jsonOfCommand(_ command: String, state: String? = nil) throws -> String {
        let result = try KioskProcess(arguments: (state.map { ["--state", $0] } ?? []) + ["--json", "-c", command]).run()
        return result.stdout.replacingOccurrences(of: #"{"line":1,"#, with: "{").trimmingCharacters(in: .newlines)
    }

    @Test func startsOnAFreePortAndAnswersWithWhatJSONPrints() throws {
        let server = try ServingKiosk()
        #expect(server.port != 0)
        #expect(server.stdout.hasPrefix("Serving Juice Maker at http://127.0.0.1:\(server.port)/api/v1\n"))
        let menu = try server.request("GET", "/api/v1/menu")
        #expect(menu.status == 200)
        #expect(menu.header("Content-Type") == "application/json")
        // The same object, with the sequence number the answer shows the state at.
        #expect(menu.text == (try ServeTests.jsonOfCommand("menu")).replacingOccurrences(of: #""ok":true,"#, with: #""ok":true,"seq":0,"#))
        #expect(server.stop() == 0)
    }

    @Test func anOrderIsMadeOrRefusedAsAtThePrompt() throws {
        let server = try ServingKiosk()
        let made = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"mango juice","quantity":2}]}"#)
        #expect(made.status == 201)
        let object = try #require(made.json)
        #expect(object["ok"] as? Bool == true && object["command"] as? String == "order")
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.first?["type"] as? String == "order.succeeded")
        #expect((events.first?["data"] as? [String: Any])?["message"] as? String == "Mango Juice ×2 is ready. Enjoy!")

        let refused = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"strawberry juice"}]}"#)
        #expect(refused.status == 409)
        #expect(refused.header("Content-Type") == "application/problem+json")
        let problem = try #require(refused.json)
        let prompt = try #require(JSONValue(parsing: Array(try ServeTests.jsonOfCommand("order strawberry juice").utf8)))
        #expect(problem["code"] as? String == prompt["error"]?["code"]?.string)
        #expect(problem["detail"] as? String == prompt["error"]?["message"]?.string)
        #expect((problem["missing"] as? [[String: Any]])?.first?["ingredient"] as? String == "strawberry")
        #expect(problem["status"] as? Int == 409)

        let unknown = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"mango juce"}]}"#)
        #expect(unknown.status == 422)
        #expect(unknown.json?["detail"] as? String == "unknown item 'mango juce' (did you mean 'Mango Juice'?)")
        let zero = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"mango juice","quantity":0}]}"#)
        #expect(zero.status == 400 && zero.json?["code"] as? String == "quantity_too_small")
        #expect(server.stop() == 0)
    }

    @Test func errorsAreProblemDocuments() throws {
        let server = try ServingKiosk()
        let cases: [(String, String, String?, [(String, String)], Int, String)] = [
            ("GET", "/api/v1/nothing", nil, [], 404, "not_found"),
            ("GET", "/index.html", nil, [], 404, "not_found"),
            ("PUT", "/api/v1/menu", nil, [], 405, "method_not_allowed"),
            ("POST", "/api/v1/orders", "{\"lines\":", [], 400, "malformed_json"),
            ("POST", "/api/v1/orders", "{}", [("Content-Type", "application/x-www-form-urlencoded")], 415, "unsupported_media_type"),
            ("POST", "/api/v1/orders", String(repeating: "x", count: 65 * 1024), [], 413, "body_too_large"),
        ]
        for (method, path, body, headers, status, code) in cases {
            let response = try server.request(method, path, body: body, headers: headers)
            #expect(response.status == status, "\(method) \(path)")
            #expect(response.header("Content-Type") == "application/problem+json", "\(method) \(path)")
            #expect(response.json?["code"] as? String == code, "\(method) \(path)")
            #expect(response.json?["status"] as? Int == status, "\(method) \(path)")
        }
        #expect(try server.request("PUT", "/api/v1/menu").header("Allow") == "GET, HEAD")
        #expect(server.stop() == 0)
    }

    @Test func sigintAndSigtermDrainAndExitZero() throws {
        for signal in [SIGINT, SIGTERM] {
            let server = try ServingKiosk()
            #expect(try server.request("GET", "/api/v1/health").status == 200)
            #expect(server.stop(signal) == 0)
        }
    }

    @Test func sighupReloadsTheMenu() async throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", "kiosk \"Stand\"\ningredient mango stock 10\nitem \"Mango Juice\" needs mango 3\n")
        let server = try ServingKiosk(["--menu", menu])
        try "kiosk \"Stand\"\ningredient mango stock 10\nitem \"Mango Juice\" needs mango 3\nitem \"Mango Shot\" needs mango 1\n"
            .write(toFile: menu, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        // The reload is picked up within 50 ms; ten seconds allowed for a busy machine.
        let reloaded = await eventually(timeout: .seconds(10)) {
            (try? server.request("GET", "/api/v1/menu"))?.text.contains("Mango Shot") == true
        }
        #expect(reloaded)
        #expect(server.stop() == 0)
    }

    @Test func aMenuThatDoesNotReloadOnSIGHUPIsReported() throws {
        let scratch = try ScratchDirectory()
        let good = "kiosk \"Stand\"\ningredient mango stock 10\nitem \"Mango Juice\" needs mango 3\n"
        let menu = try scratch.file("menu.kiosk", good)
        let server = try ServingKiosk(["--menu", menu, "--state", scratch.path("state")])
        let stream = try server.client()
        #expect(try stream.openStream("/api/v1/events?types=menu.*", headers: [("Authorization", "Bearer \(server.token)")]).status == 200)
        try "kiosk \"Stand\"\ningredient mango stok 10\n".write(toFile: menu, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        try waitFor("the failure on standard error", timeout: .seconds(60)) { server.stderr.contains("reload failed") }
        #expect(server.stderr.contains("SIGHUP: reload failed; the menu was not changed:\n\(menu):2:18: error: unknown property 'stok' for 'ingredient'"), "\(server.stderr)")
        let text = try stream.readStream(within: .seconds(60)) { $0.contains("menu.reload_failed") }
        #expect(text.contains(#""type":"menu.reload_failed""#) && text.contains(#""errors":1"#), "\(text)")
        let health = try server.request("GET", "/api/v1/health")
        #expect(health.status == 200)
        #expect(health.json?["status"] as? String == "ok")
        #expect(health.json?["menu"] as? String == "reload_failed", "\(health)")
        // The old menu goes on.
        #expect(try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"mango juice"}]}"#).status == 201)
        try good.write(toFile: menu, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        try waitFor("the menu to be loaded again", timeout: .seconds(60)) {
            (try? server.request("GET", "/api/v1/health"))?.json?["menu"] as? String == "loaded"
        }
        #expect(server.stop() == 0)
    }

    @Test func startUpFailuresAreOneClearMessageAndTheirStatus() throws {
        let taken = try ServingKiosk()
        let inUse = try KioskProcess("serve", "--listen", "127.0.0.1:\(taken.port)").run()
        #expect(inUse.status == 69)
        #expect(inUse.stderr == "kiosk: cannot listen on 127.0.0.1:\(taken.port): the address is already in use (another server? pick another port, or 0 for a free one)\n")
        let inUseJSON = try KioskProcess("serve", "--json", "--listen", "127.0.0.1:\(taken.port)").run()
        #expect(inUseJSON.status == 69)
        #expect(JSONValue(parsing: Array(inUseJSON.stderr.utf8))?["code"] == .string("cannot_listen"))
        #expect(taken.stop() == 0)

        let missing = try KioskProcess("serve", "--listen", "127.0.0.1:0", "--token-file", "/nonexistent/token").run()
        #expect(missing.status == 66)
        #expect(missing.stderr == "kiosk: cannot read '/nonexistent/token': no such file\n")

        let open = try KioskProcess("serve", "--listen", "0.0.0.0:0").run()
        #expect(open.status == 64)
        #expect(open.stderr.hasPrefix("kiosk: refusing to serve on 0.0.0.0:0 without HTTPS"))

        let badListen = try KioskProcess("serve", "--listen", "example.com:80").run()
        #expect(badListen.status == 64)
        #expect(badListen.stderr.hasPrefix("kiosk: option '--listen' needs ADDRESS:PORT"))
        let notServe = try KioskProcess("--listen", "127.0.0.1:0", "-c", "menu").run()
        #expect(notServe.status == 64)
        #expect(notServe.stderr.hasPrefix("kiosk: '--listen' is an option of 'kiosk serve'"))
    }

    @Test func helpDocumentsTheServer() throws {
        let help = try KioskProcess("serve", "--help").run()
        #expect(help.status == 0)
        for text in ["--listen ADDRESS:PORT", "--token-file FILE", "--access-log FILE", "--tls-cert FILE", "--cors ORIGIN", "POST  /api/v1/orders", "SIGHUP"] {
            #expect(help.stdout.contains(text), "\(text)")
        }
        #expect(try KioskProcess("--help").run().stdout.contains("kiosk serve [options]"))
    }
}
