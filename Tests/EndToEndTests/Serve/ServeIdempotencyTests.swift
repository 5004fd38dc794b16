import Foundation
import KioskTestSupport
import Synchronization
import Testing

/// `Idempotency-Key`: a retry gets the first answer and orders nothing twice — at once,
/// after a SIGKILL and a restart, and from another server on the same state; the same key
/// with another request is refused.
@Suite struct ServeIdempotencyTests {
    static let order = #"{"lines":[{"item":"mango juice"}]}"#

    static func post(_ server: ServingKiosk, key: String, body: String = ServeIdempotencyTests.order, path: String = "/api/v1/orders") throws -> HTTPTestClient.Response {
        try server.request("POST", path, body: body, headers: [("Content-Type", "application/json"), ("Idempotency-Key", key)])
    }

    static func made(_ server: ServingKiosk) throws -> Int? {
        (try server.request("GET", "/api/v1/report", operator: true).json?["result"] as? [String: Any])?["made"] as? Int
    }

    @Test func aRetryGetsTheFirstAnswerAndOrdersNothingTwice() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--menu", try scratch.file("stand.kiosk", ServeStateTests.menu), "--state", scratch.path("state"), "--quiet"])
        let first = try ServeIdempotencyTests.post(server, key: "order-1")
        #expect(first.status == 201)
        #expect(first.header("idempotent-replayed") == nil)
        let retry = try ServeIdempotencyTests.post(server, key: "order-1")
        #expect(retry.status == 201)
        #expect(retry.body == first.body, "byte for byte the first answer")
        #expect(retry.header("idempotent-replayed") == "true")
        #expect(retry.header("content-type") == "application/json")
        let other = try ServeIdempotencyTests.post(server, key: "order-2")
        #expect(other.status == 201 && other.body != first.body)
        #expect(try ServeIdempotencyTests.made(server) == 2)
        #expect(server.stop() == 0)
    }

    @Test func theSameKeyWithAnotherRequestIsRefused() throws {
        let server = try ServingKiosk(["--quiet"])
        #expect(try ServeIdempotencyTests.post(server, key: "k").status == 201)
        let changed = try ServeIdempotencyTests.post(server, key: "k", body: #"{"lines":[{"item":"kiwi juice"}]}"#)
        #expect(changed.status == 422)
        #expect(changed.json?["code"] as? String == "idempotency_key_reused")
        let elsewhere = try server.request(
            "PATCH", "/api/v1/stock/mango", body: #"{"add":1}"#, operator: true, headers: [("Content-Type", "application/json"), ("Idempotency-Key", "k")]
        )
        #expect(elsewhere.status == 422, "another path is another request")
        #expect(try ServeIdempotencyTests.made(server) == 1)
        #expect(server.stop() == 0)
    }

    @Test(arguments: ["", String(repeating: "k", count: 256), "two words", "ключ"])
    func aKeyThatIsNotVisibleASCIIIsABadRequest(key: String) throws {
        let server = try ServingKiosk(["--quiet"])
        let response = try ServeIdempotencyTests.post(server, key: key)
        #expect(response.status == 400)
        #expect(response.json?["code"] as? String == "invalid_idempotency_key")
        #expect(try ServeIdempotencyTests.made(server) == 0)
        #expect(server.stop() == 0)
    }

    /// A refused order is an answer too: its retry is refused the same way, even once
    /// stock has come, and its key cannot be used for the order that would now be made.
    @Test func aRefusedOrdersRetryIsTheSameRefusal() throws {
        let server = try ServingKiosk(["--quiet"])
        let strawberry = #"{"lines":[{"item":"strawberry juice"}]}"#
        let refused = try ServeIdempotencyTests.post(server, key: "s-1", body: strawberry)
        #expect(refused.status == 409)
        _ = try server.request("PATCH", "/api/v1/stock/strawberry", body: #"{"add":10}"#, operator: true, headers: [("Content-Type", "application/json")])
        let retry = try ServeIdempotencyTests.post(server, key: "s-1", body: strawberry)
        #expect(retry.status == 409 && retry.body == refused.body)
        #expect(retry.header("content-type") == "application/problem+json")
        #expect(try ServeIdempotencyTests.made(server) == 0)
        #expect(server.stop() == 0)
    }

    /// The answer is in the journal with the order: a server killed with SIGKILL and
    /// started again, and another server on the same state, both give it back.
    @Test func theAnswerOutlivesASIGKILLAndIsSharedByAnotherServer() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("stand.kiosk", ServeStateTests.menu)
        let state = scratch.path("state")
        let first = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        let answer = try ServeIdempotencyTests.post(first, key: "kill-1")
        #expect(answer.status == 201)
        #expect(first.stop(SIGKILL) == SIGKILL)

        let restarted = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        let other = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        for server in [restarted, other] {
            let retry = try ServeIdempotencyTests.post(server, key: "kill-1")
            #expect(retry.status == 201 && retry.body == answer.body)
            #expect(retry.header("idempotent-replayed") == "true")
        }
        #expect(try ServeIdempotencyTests.made(restarted) == 1)
        #expect(restarted.stop() == 0 && other.stop() == 0)
    }

    /// `kiosk state compact` folds the journal into a snapshot that a start reads instead
    /// of the records: the answers are in it.
    @Test func theAnswerOutlivesACompaction() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("stand.kiosk", ServeStateTests.menu)
        let state = scratch.path("state")
        let first = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        let answer = try ServeIdempotencyTests.post(first, key: "compact-1")
        #expect(first.stop() == 0)
        let compact = try KioskProcess("state", "compact", state).run()
        #expect(compact.status == 0, "\(compact.stderr)")
        let dump = try KioskProcess("state", "dump", state).run()
        let snapshot = try #require(dump.stdout.split(separator: "\n").first)
        #expect(snapshot.hasPrefix(#"{"snapshot":"#) && snapshot.contains(#""answers":[{"key":"compact-1","#), "\(snapshot)")

        let restarted = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        let retry = try ServeIdempotencyTests.post(restarted, key: "compact-1")
        #expect(retry.status == 201 && retry.body == answer.body)
        #expect(try ServeIdempotencyTests.made(restarted) == 1)
        #expect(restarted.stop() == 0)
    }

    /// Many clients retrying the same few keys at once, over many connections: each key
    /// orders once, and every answer under a key is the same.
    @Test func concurrentRetriesOfOneKeyOrderOnce() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--menu", try scratch.file("stand.kiosk", ServeStateTests.menu), "--state", scratch.path("state"), "--quiet"])
        let answers = Mutex<[String: Set<[UInt8]>]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let client = try? server.client() else { return }
            for round in 0..<10 {
                let key = "key-\(round % 5)"
                guard let response = try? client.request(
                    "POST", "/api/v1/orders", headers: [("Content-Type", "application/json"), ("Idempotency-Key", key)], body: ServeIdempotencyTests.order
                ) else { continue }
                answers.withLock { _ = $0[key, default: []].insert(response.body) }
            }
        }
        let bodies = answers.withLock { $0 }
        #expect(bodies.count == 5)
        #expect(bodies.values.allSatisfy { $0.count == 1 }, "one answer per key")
        #expect(try ServeIdempotencyTests.made(server) == 5)
        #expect(server.stop() == 0)
    }
}
