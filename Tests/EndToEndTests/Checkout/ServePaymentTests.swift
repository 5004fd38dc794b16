import Foundation
import KioskTestSupport
import Testing

/// `POST /api/v1/orders/{n}/payments`: cash with change, every answer of the reader as its
/// problem, and a retried payment never charged twice — at once, after a SIGKILL, and from
/// another server on the same state.
@Suite struct ServePaymentTests {
    static let menu = """
    kiosk "Corner" currency "USD"
    ingredient cup stock 50
    item Tea price 2.10 needs cup 1
    checkout pay later
    checkout cash rounding 5

    """

    /// A payment as the operator, or with `paymentKey` as the order's customer.
    static func pay(_ server: ServingKiosk, order: Int = 1, key: String? = nil, paymentKey: String? = nil, _ body: String) throws -> HTTPTestClient.Response {
        var headers = [("Content-Type", "application/json")]
        if let key { headers.append(("Idempotency-Key", key)) }
        if let paymentKey { headers.append(("Kiosk-Payment-Key", paymentKey)) }
        return try server.request("POST", "/api/v1/orders/\(order)/payments", body: body, operator: paymentKey == nil, headers: headers)
    }

    static func order(_ server: ServingKiosk) throws -> HTTPTestClient.Response {
        try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"tea","quantity":2}]}"#, headers: [("Content-Type", "application/json")])
    }

    static func result(_ response: HTTPTestClient.Response) -> [String: Any]? {
        response.json?["result"] as? [String: Any]
    }

    @Test func aCustomerPaysOnlyWithTheKeyOfTheOrderItWasGivenInEveryServerOnTheState() throws {
        let scratch = try ScratchDirectory()
        let arguments = ["--menu", try scratch.file("corner.kiosk", Self.menu), "--state", scratch.path("state"), "--quiet"]
        let server = try ServingKiosk(arguments)
        let first = try Self.order(server)
        let key = try #require(first.json?["paymentKey"] as? String)
        #expect(key.count == 32 && key.allSatisfy(\.isHexDigit))
        let retried = try server.request(
            "POST", "/api/v1/orders", body: #"{"lines":[{"item":"tea","quantity":1}]}"#, headers: [("Content-Type", "application/json"), ("Idempotency-Key", "o-2")]
        )
        let secondKey = try #require(retried.json?["paymentKey"] as? String)
        let second = try #require(Self.result(retried)?["order"] as? Int)
        #expect(secondKey != key)
        // A replay of the order's request gives the key again.
        let replay = try server.request(
            "POST", "/api/v1/orders", body: #"{"lines":[{"item":"tea","quantity":1}]}"#, headers: [("Content-Type", "application/json"), ("Idempotency-Key", "o-2")]
        )
        #expect(replay.json?["paymentKey"] as? String == secondKey)

        let cash = #"{"tender":"cash","amount":5}"#
        let none = try server.request("POST", "/api/v1/orders/1/payments", body: cash, headers: [("Content-Type", "application/json")])
        #expect(none.status == 403 && none.json?["code"] as? String == "payment_key_required")
        #expect(try Self.pay(server, order: 1, paymentKey: secondKey, cash).status == 403)
        let wrongToken = try server.request(
            "POST", "/api/v1/orders/1/payments", body: cash, headers: [("Content-Type", "application/json"), ("Authorization", "Bearer not-the-token-at-all")]
        )
        #expect(wrongToken.status == 401)
        #expect(try Self.pay(server, order: 1, paymentKey: key, cash).status == 201)
        #expect(server.stop() == 0)

        // Another server on the state knows the keys its predecessor gave.
        let next = try ServingKiosk(arguments)
        #expect(try Self.pay(next, order: second, paymentKey: key, cash).status == 403)
        let paid = try Self.pay(next, order: second, paymentKey: secondKey, #"{"tender":"card","card":"4242424242424242"}"#)
        #expect(paid.status == 201)
        #expect(Self.result(paid)?["status"] as? String == "completed")
        #expect(next.stop() == 0)
    }

    /// `checkout pay first`: the order's answer says until when it is held and has no ticket;
    /// the customer's payment answers with the ticket it opened, which the order then has.
    @Test func anOrderPaidFirstGetsItsTicketWithThePayment() throws {
        let scratch = try ScratchDirectory()
        let menu = """
        kiosk "Corner" currency "USD"
        ingredient cup stock 50
        station bar
        board
        item Tea price 2.10 needs cup 1 prep 1m station bar
        checkout pay first hold 10m

        """
        let server = try ServingKiosk(["--menu", try scratch.file("corner.kiosk", menu), "--quiet"])
        let made = try Self.order(server)
        #expect(made.status == 201)
        let held = try #require(Self.result(made))
        #expect(held["ticket"] == nil && (held["heldUntil"] as? String)?.hasSuffix("Z") == true)
        let events = (made.json?["events"] as? [[String: Any]])?.compactMap { $0["type"] as? String }
        #expect(events == ["order.succeeded", "order.held"])
        let key = try #require(made.json?["paymentKey"] as? String)
        let paid = try Self.pay(server, paymentKey: key, #"{"tender":"card","card":"4242424242424242"}"#)
        #expect(paid.status == 201)
        let payment = try #require(Self.result(paid))
        #expect(payment["status"] as? String == "completed" && payment["ticket"] as? Int == 1 && payment["promised"] is String)
        let types = (paid.json?["events"] as? [[String: Any]])?.compactMap { $0["type"] as? String }
        #expect(types?.suffix(3) == ["payment.completed", "ticket.opened", "order.paid"])
        let order = try server.request("GET", "/api/v1/orders/1", operator: true)
        #expect(Self.result(order)?["ticket"] as? Int == 1)
        #expect(server.stop() == 0)
    }

    @Test func cashAndEveryAnswerOfTheReader() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--menu", try scratch.file("corner.kiosk", Self.menu), "--quiet"])
        #expect(try Self.order(server).status == 201)
        for (card, code) in [("4000000000000002", "card_declined"), ("cancel", "payment_canceled"), ("timeout", "reader_timed_out")] {
            let refused = try Self.pay(server, #"{"tender":"card","card":"\#(card)"}"#)
            #expect(refused.status == 402, "\(card)")
            #expect(refused.json?["code"] as? String == code)
            #expect((refused.json?["events"] as? [[String: Any]])?.count == 3)
        }
        let short = try Self.pay(server, #"{"tender":"cash","amount":4}"#)
        #expect(short.status == 422 && short.json?["code"] as? String == "cash_short")
        let part = try Self.pay(server, #"{"tender":"cash","amount":4,"split":true}"#)
        #expect(part.status == 201 && Self.result(part)?["due"] as? Double == 0.2)
        let rest = try Self.pay(server, #"{"tender":"card","card":"4242424242424242","tip":"10%"}"#)
        #expect(rest.status == 201)
        #expect(Self.result(rest)?["status"] as? String == "completed" && Self.result(rest)?["tip"] as? Double == 0.02)
        #expect(try Self.pay(server, #"{"tender":"cash","amount":5}"#).json?["code"] as? String == "already_paid")
        #expect(try Self.pay(server, order: 99, #"{"tender":"cash","amount":5}"#).status == 404)
        #expect(try Self.pay(server, #"{"tender":"cheque"}"#).status == 400)
        #expect(try Self.pay(server, #"{"tender":"cash","amount":5,"card":"4242424242424242"}"#).status == 400)
        let body = #"{"amount":2.22,"restock":true}"#
        let json = [("Content-Type", "application/json")]
        #expect(try server.request("POST", "/api/v1/orders/1/refunds", body: body, headers: json).status == 401, "refunds are the operator's")
        let refund = try server.request("POST", "/api/v1/orders/1/refunds", body: body, operator: true, headers: json)
        #expect(refund.status == 201)
        let refunds = Self.result(refund)?["refunds"] as? [[String: Any]]
        #expect(refunds?.map { $0["tender"] as? String } == ["card", "cash"] && refunds?.first?["restocked"] as? Bool == true)
        let again = try server.request("POST", "/api/v1/orders/1/refunds", body: #"{"restock":true}"#, operator: true, headers: json)
        #expect(again.status == 409 && again.json?["code"] as? String == "already_restocked")
        #expect(server.stop() == 0)
    }

    @Test func anOperatorRefundsOneLineOnce() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--menu", try scratch.file("corner.kiosk", Self.menu), "--quiet"])
        #expect(try Self.order(server).status == 201)
        #expect(try Self.pay(server, #"{"tender":"card","card":"4242424242424242"}"#).status == 201)
        let json = [("Content-Type", "application/json")]
        let refund = try server.request("POST", "/api/v1/orders/1/refunds", body: #"{"line":1,"restock":true}"#, operator: true, headers: json)
        #expect(refund.status == 201)
        let refunds = Self.result(refund)?["refunds"] as? [[String: Any]]
        #expect(refunds?.first?["line"] as? Int == 1 && refunds?.first?["amount"] as? Double == 4.2 && refunds?.first?["restocked"] as? Bool == true)
        let again = try server.request("POST", "/api/v1/orders/1/refunds", body: #"{"line":1}"#, operator: true, headers: json)
        #expect(again.status == 409 && again.json?["code"] as? String == "line_refunded")
        let missing = try server.request("POST", "/api/v1/orders/1/refunds", body: #"{"line":2}"#, operator: true, headers: json)
        #expect(missing.status == 422 && missing.json?["code"] as? String == "unknown_line")
        for body in [#"{"line":0}"#, #"{"line":"1"}"#, #"{"line":1,"amount":1}"#] {
            #expect(try server.request("POST", "/api/v1/orders/1/refunds", body: body, operator: true, headers: json).status == 400, "\(body)")
        }
        #expect(server.stop() == 0)
    }

    @Test func anOperatorVoidsAnOrderOnce() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--menu", try scratch.file("corner.kiosk", Self.menu), "--quiet"])
        #expect(try Self.order(server).status == 201)
        #expect(try Self.pay(server, #"{"tender":"card","card":"4242424242424242"}"#).status == 201)
        #expect(try server.request("POST", "/api/v1/orders/1/void").status == 401, "voids are the operator's")
        let void = try server.request("POST", "/api/v1/orders/1/void", operator: true)
        #expect(void.status == 200)
        #expect(Self.result(void)?["refunded"] as? Double == 4.2 && Self.result(void)?["order"] as? Int == 1)
        #expect((Self.result(void)?["refunds"] as? [[String: Any]])?.map { $0["reason"] as? String } == ["void"])
        let again = try server.request("POST", "/api/v1/orders/1/void", operator: true)
        #expect(again.status == 409 && again.json?["code"] as? String == "order_voided")
        #expect(try Self.pay(server, #"{"tender":"cash","amount":5}"#).json?["code"] as? String == "order_voided")
        #expect(try server.request("POST", "/api/v1/orders/9/void", operator: true).status == 404)
        let stock = try server.request("GET", "/api/v1/stock", operator: true)
        #expect((Self.result(stock)?["ingredients"] as? [[String: Any]])?.first?["stock"] as? Int == 50, "the stock is back")
        #expect(server.stop() == 0)
    }

    @Test func theDrawersDayOverHTTP() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--menu", try scratch.file("corner.kiosk", Self.menu), "--quiet"])
        let json = [("Content-Type", "application/json")]
        func step(_ body: String) throws -> HTTPTestClient.Response {
            try server.request("POST", "/api/v1/drawer", body: body, operator: true, headers: json)
        }
        #expect(try server.request("GET", "/api/v1/drawer", operator: true).json?["code"] as? String == "drawer_closed")
        #expect(try server.request("POST", "/api/v1/drawer", body: #"{"step":"open","amount":100}"#, headers: json).status == 401)
        #expect(try step(#"{"step":"open","amount":100}"#).status == 201)
        #expect(try step(#"{"step":"open","amount":100}"#).json?["code"] as? String == "drawer_open")
        #expect(try step(#"{"step":"in","amount":20,"reason":"change"}"#).status == 201)
        #expect(try step(#"{"step":"out","amount":5}"#).json?["code"] as? String == "reason_required")
        #expect(try step(#"{"step":"out","amount":5.5,"reason":"milk"}"#).status == 201)
        #expect(try step(#"{"step":"count","amount":1,"reason":"why"}"#).status == 400)
        #expect(try step(#"{"step":"shake","amount":1}"#).status == 400)
        // The drawer's steps came first: the order's number is its `seq`.
        let order = try #require(Self.result(try Self.order(server))?["order"] as? Int)
        #expect(order == 4)
        #expect(try Self.pay(server, order: order, #"{"tender":"cash","amount":5}"#).status == 201)
        #expect(try step(#"{"step":"count","amount":118.5}"#).status == 201)
        // 100 + 20 - 5.50 + 4.20 of tea is 118.70; 118.50 counted is 0.20 short.
        let x = Self.result(try server.request("GET", "/api/v1/drawer", operator: true))
        #expect(x?["expected"] as? Double == 118.7 && x?["counted"] as? Double == 118.5 && x?["overShort"] as? Double == -0.2)
        let z = try server.request("POST", "/api/v1/drawer/close", operator: true)
        #expect(z.status == 201 && Self.result(z)?["step"] as? String == "closed" && Self.result(z)?["day"] as? Int == 1)
        #expect(try server.request("POST", "/api/v1/drawer/close", operator: true).json?["code"] as? String == "drawer_closed")
        #expect(server.stop() == 0)
    }

    @Test func aRetriedPaymentIsNeverChargedTwiceAcrossAKillAndServers() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("corner.kiosk", Self.menu)
        let state = scratch.path("state")
        let first = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        #expect(try Self.order(first).status == 201)
        let paid = try Self.pay(first, key: "pay-1", #"{"tender":"cash","amount":2,"split":true}"#)
        #expect(paid.status == 201)
        #expect(first.stop(SIGKILL) == SIGKILL)

        let restarted = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        let other = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        for server in [restarted, other] {
            let retry = try Self.pay(server, key: "pay-1", #"{"tender":"cash","amount":2,"split":true}"#)
            #expect(retry.status == 201 && retry.body == paid.body)
            #expect(retry.header("idempotent-replayed") == "true")
        }
        // Taken once: 4.20 less 2.00 is still due, which a card takes.
        let rest = try Self.pay(other, key: "pay-2", #"{"tender":"card"}"#)
        #expect(rest.status == 201 && Self.result(rest)?["amount"] as? Double == 2.2)
        #expect(restarted.stop() == 0 && other.stop() == 0)
    }
}
