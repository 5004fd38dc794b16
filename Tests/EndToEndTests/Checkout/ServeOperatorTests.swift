import Foundation
import KioskTestSupport
import Testing

/// Who is at the till over HTTP: the token is the authority, `Kiosk-Operator` names the
/// person holding it, the server's `--operator` stands in when it names nobody, and a
/// customer's own payment (with its payment key) is self-service whatever it says. `GET
/// /drawer` adds the day up by each.
@Suite struct ServeOperatorTests {
    static let menu = """
    kiosk "Corner" currency "USD"
    ingredient cup stock 50
    item Tea price 2.10 needs cup 1
    checkout cash rounding 5

    """

    static let json = ("Content-Type", "application/json")

    static func result(_ response: HTTPTestClient.Response) -> [String: Any]? {
        response.json?["result"] as? [String: Any]
    }

    /// Two teas (4.20) as the customer: the order's number and its payment key.
    static func order(_ server: ServingKiosk) throws -> (order: Int, key: String) {
        let made = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"tea","quantity":2}]}"#, headers: [json])
        #expect(made.status == 201)
        return (try #require(result(made)?["order"] as? Int), try #require(made.json?["paymentKey"] as? String))
    }

    /// A request with the operator's token, naming `name` when given.
    static func asOperator(
        _ server: ServingKiosk, _ method: String, _ path: String, _ body: String?, naming name: String?
    ) throws -> HTTPTestClient.Response {
        try server.request(method, path, body: body, operator: true, headers: [json] + (name.map { [("Kiosk-Operator", $0)] } ?? []))
    }

    /// One tender's figures of an operator's line: payments, amount and refunds.
    static func figures(_ line: [String: Any], _ tender: String) -> [Double] {
        let tenders = line["tenders"] as? [[String: Any]] ?? []
        guard let entry = tenders.first(where: { $0["tender"] as? String == tender }) else { return [] }
        return ["payments", "amount", "refunds"].map { (entry[$0] as? NSNumber)?.doubleValue ?? -1 }
    }

    /// By hand: Ana opens the drawer and takes 4.20 in cash, Ben 4.20 by card and refunds
    /// 1.00 of Ana's order (in cash), the server's own operator (Till) takes 4.20 in cash for
    /// a request naming nobody, and a customer pays 4.20 by card with the payment key.
    @Test func twoOperatorsTheServersOwnAndACustomerShowInTheDrawer() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk([
            "--menu", try scratch.file("corner.kiosk", Self.menu), "--state", scratch.path("state"), "--operator", "Till", "--quiet",
        ])
        let opened = try Self.asOperator(server, "POST", "/api/v1/drawer", #"{"step":"open","amount":100}"#, naming: "Ana")
        #expect(opened.status == 201 && Self.result(opened)?["operator"] as? String == "Ana")

        let first = try Self.order(server)
        let cash = try Self.asOperator(server, "POST", "/api/v1/orders/\(first.order)/payments", #"{"tender":"cash","amount":5}"#, naming: "Ana")
        #expect(cash.status == 201 && Self.result(cash)?["operator"] as? String == "Ana")

        let second = try Self.order(server)
        let card = try Self.asOperator(
            server, "POST", "/api/v1/orders/\(second.order)/payments", #"{"tender":"card","card":"4242424242424242"}"#, naming: "Ben"
        )
        #expect(card.status == 201 && Self.result(card)?["operator"] as? String == "Ben")

        // The customer pays with the order's key: nobody at the till, whatever it names.
        let third = try Self.order(server)
        let own = try server.request(
            "POST", "/api/v1/orders/\(third.order)/payments", body: #"{"tender":"card","card":"4242424242424242"}"#,
            headers: [Self.json, ("Kiosk-Payment-Key", third.key), ("Kiosk-Operator", "Mallory")]
        )
        #expect(own.status == 201 && Self.result(own)?["status"] as? String == "completed" && Self.result(own)?["operator"] == nil)

        // The token without a name: the server's --operator.
        let fourth = try Self.order(server)
        let till = try Self.asOperator(server, "POST", "/api/v1/orders/\(fourth.order)/payments", #"{"tender":"cash","amount":4.2}"#, naming: nil)
        #expect(till.status == 201 && Self.result(till)?["operator"] as? String == "Till")

        let refund = try Self.asOperator(server, "POST", "/api/v1/orders/\(first.order)/refunds", #"{"amount":1}"#, naming: "Ben")
        #expect(refund.status == 201)
        let refunds = Self.result(refund)?["refunds"] as? [[String: Any]]
        #expect(refunds?.map { $0["operator"] as? String } == ["Ben"])

        // A name that is none is refused before anything is done.
        let long = try Self.asOperator(server, "POST", "/api/v1/drawer", #"{"step":"in","amount":5,"reason":"change"}"#, naming: String(repeating: "x", count: 65))
        #expect(long.status == 400 && long.json?["code"] as? String == "invalid_operator")

        let drawer = try Self.asOperator(server, "GET", "/api/v1/drawer", nil, naming: "Ben")
        #expect(drawer.status == 200)
        let lines = try #require(Self.result(drawer)?["operators"] as? [[String: Any]])
        #expect(lines.map { $0["operator"] as? String ?? "null" } == ["Ana", "Ben", "Till", "null"])
        #expect(lines.last?["operator"] is NSNull)
        #expect(lines.map { Self.figures($0, "cash") } == [[1, 4.2, 0], [0, 0, 1], [1, 4.2, 0], [0, 0, 0]])
        #expect(lines.map { Self.figures($0, "card") } == [[0, 0, 0], [1, 4.2, 0], [0, 0, 0], [1, 4.2, 0]])
        #expect(server.stop() == 0)
    }

    /// The operator a request names is part of it: a retry under its `Idempotency-Key`
    /// names the same one and gets the first answer; the key with another is another request.
    @Test func anIdempotentRetryNamesTheSameOperator() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--menu", try scratch.file("corner.kiosk", Self.menu), "--operator", "Till", "--quiet"])
        let made = try Self.order(server)
        func pay(naming name: String?) throws -> HTTPTestClient.Response {
            try server.request(
                "POST", "/api/v1/orders/\(made.order)/payments", body: #"{"tender":"cash","amount":5}"#, operator: true,
                headers: [Self.json, ("Idempotency-Key", "pay-1")] + (name.map { [("Kiosk-Operator", $0)] } ?? [])
            )
        }
        let first = try pay(naming: "Ana")
        #expect(first.status == 201 && Self.result(first)?["operator"] as? String == "Ana")
        let retry = try pay(naming: "Ana")
        #expect(retry.status == 201 && retry.header("Idempotent-Replayed") == "true" && Self.result(retry)?["payment"] as? Int == 1)
        for other in ["Ben", nil] {
            let reused = try pay(naming: other)
            #expect(reused.status == 422 && reused.json?["code"] as? String == "idempotency_key_reused", "\(String(describing: other))")
        }
        #expect(server.stop() == 0)
    }
}
