import Foundation
import KioskTestSupport
import Testing

/// What `kiosk serve` does with the requests it has in hand when told to stop.
@Suite struct ServeDrainTests {
    /// Until a connection to the server is refused: it has stopped accepting.
    private func waitUntilRefused(_ server: ServingKiosk) throws {
        try waitFor("the server to stop accepting", timeout: .seconds(60)) { (try? HTTPTestClient(port: server.port)) == nil }
    }

    @Test func sigtermAnswersTheOrdersWhoseBodiesAreStillComing() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let server = try ServingKiosk(["--state", state])
        let orders = ["mango juice", "banana juice", "kiwi juice"].map { Array(#"{"lines":[{"item":"\#($0)"}]}"#.utf8) }
        // Three orders whose heads the server has read (it asked for their bodies with
        // 100 Continue) and half their bodies sent.
        var clients: [HTTPTestClient] = []
        for order in orders {
            let client = try server.client()
            client.send(raw: "POST /api/v1/orders HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(order.count)\r\nExpect: 100-continue\r\n\r\n")
            #expect(try client.readResponse().status == 100)
            client.send(raw: Array(order[..<(order.count / 2)]))
            clients.append(client)
        }
        // And a connection between two requests.
        let idle = try server.client()
        #expect(try idle.request("GET", "/api/v1/health").status == 200)
        kill(server.process.processIdentifier, SIGTERM)
        try waitUntilRefused(server)
        // A request begun during the drain is refused; the three in hand are answered.
        let late = try idle.request("GET", "/api/v1/menu")
        #expect(late.status == 503 && late.json?["code"] as? String == "shutting_down", "\(late)")
        for (client, order) in zip(clients, orders) { client.send(raw: Array(order[(order.count / 2)...])) }
        for client in clients {
            let response = try client.readResponse()
            #expect(response.status == 201, "\(response)")
        }
        #expect(server.stop() == 0)
        #expect(try StateDump.eventIds(state).count == 3)
    }
}
