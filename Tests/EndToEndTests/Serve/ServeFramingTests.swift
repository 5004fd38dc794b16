import Foundation
import KioskTestSupport
import Testing

/// Requests whose framing is hostile or broken, sent as raw bytes to `kiosk serve`: each
/// gets the answer RFC 9112 asks for before any of its body is read, as the server's own
/// problem with the server's headers where libmicrohttpd lets the server answer, and the
/// connection is closed after it, so the bytes that follow never become a request.
@Suite struct ServeFramingTests {
    private static let order = #"{"lines":[{"item":"mango juice"}]}"#

    /// A request's head, up to and with its blank line.
    private static func head(_ server: ServingKiosk, _ fields: [String]) -> String {
        head(server, "POST /api/v1/orders HTTP/1.1", fields)
    }

    private static func head(_ server: ServingKiosk, _ requestLine: String, _ fields: [String]) -> String {
        ([requestLine, "Host: 127.0.0.1:\(server.port)", "Content-Type: application/json"] + fields).joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// The server's problem, with the headers it promises on every response, and a
    /// connection it closes after the answer.
    private func expectProblem(
        _ response: HTTPTestClient.Response, _ status: Int, _ code: String, closing client: HTTPTestClient, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(response.status == status, "\(what): \(response)", sourceLocation: sourceLocation)
        #expect(response.header("Content-Type") == "application/problem+json", "\(what)", sourceLocation: sourceLocation)
        #expect(response.json?["code"] as? String == code, "\(what): \(response)", sourceLocation: sourceLocation)
        #expect(response.header("X-Content-Type-Options") == "nosniff", "\(what)", sourceLocation: sourceLocation)
        #expect(response.header("Content-Security-Policy")?.hasPrefix("default-src 'none'") == true, "\(what)", sourceLocation: sourceLocation)
        #expect(response.header("Cache-Control") == "no-store", "\(what)", sourceLocation: sourceLocation)
        #expect(response.header("X-Request-Id")?.isEmpty == false, "\(what)", sourceLocation: sourceLocation)
        #expect(response.header("Connection")?.lowercased() == "close", "\(what)", sourceLocation: sourceLocation)
        #expect(client.isClosed(within: .seconds(30)), "\(what): the connection stays open", sourceLocation: sourceLocation)
    }

    @Test func everyDeclaredLengthPastTheLimitIsRefusedBeforeTheBody() throws {
        let server = try ServingKiosk()
        // 2^63 − 1, 2^63 and 2^64 − 1 among them: none fits the body limit, whatever an
        // integer of the server's could hold.
        for length in ["65537", "9223372036854775807", "9223372036854775808", "18446744073709551615", "00000000000000000000065537"] {
            let client = try server.client()
            client.send(raw: ServeFramingTests.head(server, ["Content-Length: \(length)"]) + "{\"lines\":")
            expectProblem(try client.readResponse(), 413, "body_too_large", closing: client, "Content-Length: \(length)")
        }
        #expect(try server.request("GET", "/api/v1/menu").status == 200)
        #expect(server.stop() == 0)
    }

    @Test func lengthsThatDisagreeAreRefusedAndNothingIsOrdered() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let server = try ServingKiosk(["--state", state])
        let order = ServeFramingTests.order
        let chunked = String(order.utf8.count, radix: 16) + "\r\n" + order + "\r\n0\r\n\r\n"
        let cases: [(String, [String], String)] = [
            ("two lengths, the first short", ["Content-Length: 5", "Content-Length: \(order.utf8.count)"], order),
            ("two lengths, the first none", ["Content-Length: 0", "Content-Length: \(order.utf8.count)"], order),
            ("a length and chunked", ["Content-Length: \(order.utf8.count)", "Transfer-Encoding: chunked"], chunked),
            ("chunked and a length", ["Transfer-Encoding: chunked", "Content-Length: 5"], chunked),
            ("white space before a colon", ["Content-Length : \(order.utf8.count)"], order),
        ]
        for (what, fields, body) in cases {
            let client = try server.client()
            client.send(raw: ServeFramingTests.head(server, fields) + body)
            expectProblem(try client.readResponse(), 400, "invalid_framing", closing: client, what)
        }
        // The same length twice is one length.
        let twice = try server.client()
        twice.send(raw: ServeFramingTests.head(server, ["Content-Length: \(order.utf8.count)", "Content-Length: \(order.utf8.count)"]) + order)
        #expect(try twice.readResponse().status == 201)
        #expect(server.stop() == 0)
        #expect(try StateDump.eventIds(state).count == 1)
    }

    @Test func aTransferCodingOtherThanChunkedIsRefused() throws {
        let server = try ServingKiosk()
        let order = ServeFramingTests.order
        let chunked = String(order.utf8.count, radix: 16) + "\r\n" + order + "\r\n0\r\n\r\n"
        let cases: [(String, [String], Int, String)] = [
            ("POST /api/v1/orders HTTP/1.1", ["Transfer-Encoding: gzip, chunked"], 501, "unsupported_transfer_coding"),
            ("POST /api/v1/orders HTTP/1.1", ["Transfer-Encoding: gzip", "Transfer-Encoding: chunked"], 501, "unsupported_transfer_coding"),
            ("POST /api/v1/orders HTTP/1.1", ["Transfer-Encoding: chunked, gzip"], 400, "invalid_framing"),
            ("POST /api/v1/orders HTTP/1.1", ["Transfer-Encoding: gzip"], 400, "invalid_framing"),
            ("POST /api/v1/orders HTTP/1.1", ["Transfer-Encoding: chunked, chunked"], 400, "invalid_framing"),
            ("POST /api/v1/orders HTTP/1.0", ["Transfer-Encoding: chunked"], 400, "invalid_framing"),
        ]
        for (requestLine, fields, status, code) in cases {
            let client = try server.client()
            client.send(raw: ServeFramingTests.head(server, requestLine, fields) + chunked)
            expectProblem(try client.readResponse(), status, code, closing: client, "\(requestLine) \(fields)")
        }
        // Chunked alone is a body like any other.
        let client = try server.client()
        client.send(raw: ServeFramingTests.head(server, ["Transfer-Encoding: chunked"]) + chunked)
        #expect(try client.readResponse().status == 201)
        #expect(server.stop() == 0)
    }

    @Test func aHeadPastTheLimitIsTheServersProblem() throws {
        let server = try ServingKiosk()
        let headers = try server.client()
        headers.send(raw: ServeFramingTests.head(server, "GET /api/v1/menu HTTP/1.1", ["X-Filler: " + String(repeating: "a", count: 40 * 1024)]))
        expectProblem(try headers.readResponse(), 431, "headers_too_large", closing: headers, "40 KiB of headers")
        let target = try server.client()
        target.send(raw: ServeFramingTests.head(server, "GET /api/v1/menu?x=\(String(repeating: "a", count: 40_000)) HTTP/1.1", []))
        expectProblem(try target.readResponse(), 414, "target_too_long", closing: target, "a 40 KB target")
        #expect(try server.request("GET", "/api/v1/menu").status == 200)
        #expect(server.stop() == 0)
    }

    /// What libmicrohttpd refuses before it hands the request to the server, as
    /// docs/HTTP.md describes: its own status and short page, and the connection closed.
    @Test func whatLibmicrohttpdRefusesItselfIsClosedAndTheServerGoesOn() throws {
        let server = try ServingKiosk()
        let cases: [(String, String, Int)] = [
            ("headers past what a connection holds", ServeFramingTests.head(server, "GET /api/v1/menu HTTP/1.1", ["X-Filler: " + String(repeating: "a", count: 100 * 1024)]), 431),
            ("a target past what a connection holds", ServeFramingTests.head(server, "GET /\(String(repeating: "a", count: 100 * 1024)) HTTP/1.1", []), 414),
            ("HTTP/2.0", ServeFramingTests.head(server, "GET /api/v1/menu HTTP/2.0", []), 505),
            ("no version it can read", ServeFramingTests.head(server, "GET /api/v1/menu HTTP/1.10", []), 400),
            ("a negative length", ServeFramingTests.head(server, ["Content-Length: -1"]), 400),
            ("a length past 2^64", ServeFramingTests.head(server, ["Content-Length: 18446744073709551616"]), 413),
        ]
        for (what, bytes, status) in cases {
            let client = try server.client()
            client.send(raw: bytes + ServeFramingTests.order)
            #expect(try client.readResponse().status == status, "\(what)")
            #expect(client.isClosed(within: .seconds(30)), "\(what)")
        }
        let garbage = try server.client()
        garbage.send(raw: "GARBAGE\r\n\r\n")
        #expect(throws: HTTPTestClient.Failure.self) { try garbage.readResponse() }
        #expect(try server.request("GET", "/api/v1/menu").status == 200)
        #expect(server.stop() == 0)
    }

    @Test func aTargetInAbsoluteFormIsServedAndItsHostChecked() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--state", scratch.path("state")])
        let base = "http://127.0.0.1:\(server.port)"
        let menu = try server.request("GET", base + "/api/v1/menu")
        #expect(menu.status == 200 && menu.json?["command"] as? String == "menu", "\(menu)")
        #expect(try server.request("GET", "HTTP://127.0.0.1:\(server.port)/api/v1/health").status == 200)
        #expect(try server.request("GET", base + "/api/v1/stock", operator: true).status == 200)
        #expect(try server.request("POST", base + "/api/v1/orders", body: ServeFramingTests.order).status == 201)
        // The target's host stands for Host, which is not looked at (RFC 9112 §3.2.2).
        #expect(try server.request("GET", base + "/api/v1/menu", headers: [("Host", "attacker.example")]).status == 200)
        let elsewhere = try server.request("GET", "http://attacker.example/api/v1/menu")
        #expect(elsewhere.status == 421 && elsewhere.json?["code"] as? String == "wrong_host")
        #expect(try server.request("GET", base).status == 200, "the kiosk's page at /")
        #expect(server.stop() == 0)
    }
}
