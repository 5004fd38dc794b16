import Foundation
import KioskTestSupport
import KioskText
import Testing

/// Every rule of `kiosk serve`'s safe defaults, each with the request it stops.
@Suite struct ServeSecurityTests {
    @Test func operatorRoutesNeedTheGeneratedTokenWhichIsNeverPrinted() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let server = try ServingKiosk(["--state", state])
        let path = state + "/serve-token"
        #expect(server.stdout.contains("Operator token: in \(path) "))
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        #expect(server.token.count == 43)
        for (method, path, body) in [
            ("GET", "/api/v1/stock", nil), ("PATCH", "/api/v1/stock/mango", #"{"add":1}"#), ("GET", "/api/v1/orders", nil),
            ("POST", "/api/v1/tickets/1/start", nil), ("GET", "/api/v1/report", nil), ("POST", "/api/v1/reload", nil), ("GET", "/api/v1/sinks", nil),
        ] as [(String, String, String?)] {
            let refused = try server.request(method, path, body: body)
            #expect(refused.status == 401, "\(method) \(path)")
            #expect(refused.header("WWW-Authenticate") == "Bearer realm=\"kiosk\"")
            let wrong = try server.request(method, path, body: body, headers: [("Authorization", "Bearer " + String(server.token.reversed()))])
            #expect(wrong.status == 401, "\(method) \(path)")
            #expect(try server.request(method, path, body: body, operator: true).status != 401, "\(method) \(path)")
        }
        // Customer routes are open.
        #expect(try server.request("GET", "/api/v1/menu").status == 200)
        #expect(try server.request("GET", "/api/v1/board").status == 409, "no board on the Juice Maker, but not refused")
        // The same token at the next start.
        let token = server.token
        #expect(server.stop() == 0)
        #expect(!server.stdout.contains(token) && !server.stderr.contains(token))
        let again = try ServingKiosk(["--state", state])
        #expect(again.token == token)
        #expect(try again.request("GET", "/api/v1/stock", operator: true).status == 200)
        #expect(again.stop() == 0)
    }

    @Test func aTokenFromTheEnvironmentOrAPrivateFile() throws {
        let fromEnvironment = try ServingKiosk([], environment: ["KIOSK_TOKEN": "environment-token-0123456789"])
        #expect(fromEnvironment.stdout.contains("Operator token: from $KIOSK_TOKEN"))
        #expect(try fromEnvironment.request("GET", "/api/v1/stock", headers: [("Authorization", "Bearer environment-token-0123456789")]).status == 200)
        #expect(fromEnvironment.stop() == 0)

        let scratch = try ScratchDirectory()
        let file = try scratch.file("token", "file-token-0123456789abcdef\n")
        chmod(file, 0o600)
        let fromFile = try ServingKiosk(["--token-file", file])
        #expect(try fromFile.request("GET", "/api/v1/stock", headers: [("Authorization", "Bearer file-token-0123456789abcdef")]).status == 200)
        #expect(fromFile.stop() == 0)

        chmod(file, 0o644)
        let readable = try KioskProcess("serve", "--listen", "127.0.0.1:0", "--token-file", file).run()
        #expect(readable.status == 65)
        #expect(readable.stderr == "kiosk: the operator's token from \(file) may be read by others: make it private (chmod 600)\n")
        let short = try KioskProcess(arguments: ["serve", "--listen", "127.0.0.1:0"], environment: ["KIOSK_TOKEN": "short"]).run()
        #expect(short.status == 65)
    }

    @Test func theHostMustNameTheServer() throws {
        let server = try ServingKiosk()
        for host in ["attacker.example", "attacker.example:\(server.port)", "127.0.0.1:1", ""] {
            let response = try server.request("GET", "/api/v1/menu", headers: [("Host", host)])
            #expect(response.status == 421, "\(host)")
            #expect(response.json?["code"] as? String == "wrong_host")
        }
        #expect(try server.request("GET", "/api/v1/menu", headers: [("Host", "localhost:\(server.port)")]).status == 200)
        #expect(server.stop() == 0)
    }

    @Test func aChangeFromAnotherSiteIsRefusedAndNothingChanges() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let server = try ServingKiosk(["--state", state])
        let order = #"{"lines":[{"item":"mango juice"}]}"#
        for headers in [[("Origin", "http://attacker.example")], [("Origin", "null")], [("Sec-Fetch-Site", "cross-site")], [("Sec-Fetch-Site", "same-site")]] {
            let response = try server.request("POST", "/api/v1/orders", body: order, headers: headers)
            #expect(response.status == 403, "\(headers)")
            #expect(response.json?["code"] as? String == "cross_site_request")
        }
        // A read from another site is answered (a browser keeps it from the page: no CORS).
        let read = try server.request("GET", "/api/v1/menu", headers: [("Origin", "http://attacker.example"), ("Sec-Fetch-Site", "cross-site")])
        #expect(read.status == 200 && read.header("Access-Control-Allow-Origin") == nil)
        // The server's own pages may.
        #expect(try server.request("POST", "/api/v1/orders", body: order, headers: [("Origin", "http://127.0.0.1:\(server.port)"), ("Sec-Fetch-Site", "same-origin")]).status == 201)
        #expect(server.stop() == 0)
        #expect(try StateDump.eventIds(state).count == 1)
    }

    @Test func noGetChangesTheState() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let server = try ServingKiosk(["--state", state])
        #expect(try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"mango juice"}]}"#).status == 201)
        let end = try StateDump.journalEnd(state)
        for path in ["/api/v1/menu", "/api/v1/stock", "/api/v1/orders", "/api/v1/board", "/api/v1/report", "/api/v1/sinks", "/api/v1/health", "/api/v1/openapi.json"] {
            let response = try server.request("GET", path, operator: true)
            #expect(response.status < 500, "\(path)")
        }
        #expect(try StateDump.journalEnd(state) == end)
        #expect(server.stop() == 0)
    }

    @Test func corsIsOffUnlessAnOriginIsGiven() throws {
        let closed = try ServingKiosk()
        let preflight = try closed.request("OPTIONS", "/api/v1/orders", headers: [("Origin", "https://pos.example"), ("Access-Control-Request-Method", "POST")])
        #expect(preflight.header("Access-Control-Allow-Origin") == nil && preflight.header("Access-Control-Allow-Methods") == nil)
        #expect(try closed.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"kiwi juice"}]}"#, headers: [("Origin", "https://pos.example")]).status == 403)
        #expect(closed.stop() == 0)

        let open = try ServingKiosk(["--cors", "https://pos.example"])
        let allowed = try open.request("OPTIONS", "/api/v1/orders", headers: [("Origin", "https://pos.example"), ("Access-Control-Request-Method", "POST")])
        #expect(allowed.status == 204)
        #expect(allowed.header("Access-Control-Allow-Origin") == "https://pos.example")
        #expect(allowed.header("Access-Control-Allow-Methods")?.contains("POST") == true)
        let order = try open.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"kiwi juice"}]}"#, headers: [("Origin", "https://pos.example"), ("Sec-Fetch-Site", "cross-site")])
        #expect(order.status == 201 && order.header("Access-Control-Allow-Origin") == "https://pos.example")
        #expect(try open.request("GET", "/api/v1/menu", headers: [("Origin", "https://other.example")]).header("Access-Control-Allow-Origin") == nil)
        #expect(open.stop() == 0)
    }

    @Test func everyResponseSaysNoSniffAndAllowsNoContent() throws {
        let server = try ServingKiosk()
        for (method, path) in [("GET", "/api/v1/menu"), ("GET", "/nope"), ("GET", "/api/v1/stock"), ("POST", "/api/v1/orders"), ("GET", "/api/v1/openapi.json")] {
            let response = try server.request(method, path, body: method == "POST" ? "{" : nil)
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(path)")
            #expect(response.header("Content-Security-Policy") == "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'", "\(path)")
        }
        #expect(server.stop() == 0)
    }

    @Test func headersTooLargeAreRefusedAndTheServerGoesOn() throws {
        let server = try ServingKiosk()
        let huge = try server.request("GET", "/api/v1/menu", headers: [("X-Filler", String(repeating: "a", count: 40 * 1024))])
        #expect(huge.status == 431 || huge.status == 413, "\(huge.status)")
        #expect(try server.request("GET", "/api/v1/menu").status == 200)
        #expect(server.stop() == 0)
    }

    @Test func aSlowClientCannotStarveTheOthers() throws {
        let server = try ServingKiosk()
        // Connections that send a byte now and then and never finish their request, each
        // from an address of its own loopback range, as an attacker's many machines.
        var slow: [HTTPTestClient] = []
        for index in 0..<200 {
            let client = try server.client(source: "127.0.0.\(2 + index % 200)")
            client.send(raw: "GET /api/v1/menu HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Slow: ")
            slow.append(client)
        }
        for _ in 0..<5 {
            for client in slow { client.send(raw: "a") }
            #expect(try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"banana juice"}]}"#).status != 0)
        }
        #expect(server.stop() == 0)
    }
}
