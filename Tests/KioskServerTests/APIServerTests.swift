import Foundation
import KioskApplication
import KioskCore
import KioskServer
import KioskSystem
import KioskTestSupport
import Synchronization
import Testing

/// The server in this process, on a session of the Juice Maker without a state, over real
/// HTTP: the command thread answers many clients, each request gets the server's headers.
@Suite struct APIServerTests {
    static let token = "token-for-the-api-server-tests"

    private func start(_ harness: SessionHarness, accessLog: AccessLog? = nil) throws -> (APIServer, UInt16) {
        let socket = try ListeningSocket.open(host: "127.0.0.1", port: 0)
        var configuration = APIServer.Configuration(address: ListenAddress(host: "127.0.0.1", port: 0), token: try #require(OperatorToken(Self.token)))
        configuration.queueCapacity = 64
        let server = APIServer(session: harness.session, configuration: configuration, port: socket.port, accessLog: accessLog, document: Array("{}".utf8))
        try server.start(on: socket)
        return (server, socket.port)
    }

    @Test func concurrentOrdersNeverOversell() throws {
        let harness = try SessionHarness()
        let (server, port) = try start(harness)
        defer { server.stop(deadline: .now + .seconds(10)) }
        // Mango 10, three per juice: of 12 clients ordering at once, exactly 3 are served.
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 12) { _ in
            let status = (try? HTTPTestClient(port: port).request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"mango juice"}]}"#))?.status ?? 0
            statuses.withLock { $0.append(status) }
        }
        let all = statuses.withLock { $0 }
        #expect(all.filter { $0 == 201 }.count == 3)
        #expect(all.filter { $0 == 409 }.count == 9)
        server.stop(deadline: .now + .seconds(10))
        #expect(harness.stock("mango") == 1)
    }

    @Test func everyResponseCarriesTheSecurityHeadersAndAnId() throws {
        let harness = try SessionHarness()
        let (server, port) = try start(harness)
        defer { server.stop(deadline: .now + .seconds(10)) }
        let client = try HTTPTestClient(port: port)
        for (method, path) in [("GET", "/api/v1/menu"), ("GET", "/nowhere"), ("DELETE", "/api/v1/menu"), ("GET", "/api/v1/stock")] {
            let response = try client.request(method, path, headers: [("X-Request-Id", "abc-123")])
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(path)")
            #expect(response.header("Content-Security-Policy")?.hasPrefix("default-src 'none'") == true, "\(path)")
            #expect(response.header("X-Request-Id") == "abc-123", "\(path)")
            #expect(response.header("Access-Control-Allow-Origin") == nil)
        }
        // An id that could split a header or a log line is replaced by one of the server's.
        let made = try client.request("GET", "/api/v1/menu", headers: [("X-Request-Id", "a b")]).header("X-Request-Id")
        #expect(made != nil && made != "a b")
    }

    @Test func bodiesAreCheckedBeforeTheCommand() throws {
        let harness = try SessionHarness()
        let (server, port) = try start(harness)
        defer { server.stop(deadline: .now + .seconds(10)) }
        let client = try HTTPTestClient(port: port)
        let malformed = try client.request("POST", "/api/v1/orders", body: #"{"lines":["#)
        #expect(malformed.status == 400 && malformed.json?["code"] as? String == "malformed_json")
        #expect(malformed.header("Content-Type") == "application/problem+json")
        let text = try client.request("POST", "/api/v1/orders", headers: [("Content-Type", "text/plain")], body: #"{"lines":[]}"#)
        #expect(text.status == 415)
        let big = try HTTPTestClient(port: port).request("POST", "/api/v1/orders", body: String(repeating: " ", count: 64 * 1024 + 1))
        #expect(big.status == 413 && big.json?["code"] as? String == "body_too_large")
        let deep = try client.request("POST", "/api/v1/orders", body: String(repeating: "[", count: 100) + String(repeating: "]", count: 100))
        #expect(deep.status == 400)
        #expect(harness.stock("mango") == 10)
    }

    @Test func theAccessLogHasALinePerRequestWithoutQueryValues() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("logs/access.jsonl")
        let harness = try SessionHarness()
        let (server, port) = try start(harness, accessLog: try AccessLog(path: path))
        let client = try HTTPTestClient(port: port)
        _ = try client.request("GET", "/api/v1/orders?after=5&limit=secret", headers: [("Authorization", "Bearer \(Self.token)")])
        _ = try client.request("GET", "/api/v1/menu")
        server.stop(deadline: .now + .seconds(10))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["path"] as? String == "/api/v1/orders?after&limit")
        #expect(first["status"] as? Int == 400, "limit=secret is no number")
        #expect(first["method"] as? String == "GET")
        #expect(!lines[0].contains("secret") && !lines[0].contains(Self.token))
        #expect(first["requestId"] as? String != nil && first["durationMs"] != nil && first["bytes"] as? Int ?? 0 > 0)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
    }
}
