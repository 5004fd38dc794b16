import Foundation
import KioskTestSupport
import KioskText
import Synchronization
import Testing

/// `kiosk serve` as one more process on a state: with a REPL, another server, and a kill.
@Suite struct ServeStateTests {
    static let menu = """
    kiosk "Shared Stand"
    ingredient mango stock 60
    item "Mango Juice" needs mango 1

    """

    /// Orders mango juice `count` times over `connections` connections at once; the statuses.
    static func order(_ server: ServingKiosk, count: Int, connections: Int) -> [Int] {
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: connections) { worker in
            guard let client = try? server.client() else { return }
            for _ in stride(from: worker, to: count, by: connections) {
                let status = (try? client.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"mango juice"}]}"#))?.status ?? 0
                statuses.withLock { $0.append(status) }
            }
        }
        return statuses.withLock { $0 }
    }

    static func mango(_ response: HTTPTestClient.Response) -> Int? {
        let ingredients = (response.json?["result"] as? [String: Any])?["ingredients"] as? [[String: Any]]
        return ingredients?.first { $0["name"] as? String == "mango" }?["stock"] as? Int
    }

    @Test func aREPLAndAServerShareOneStockAndNeverOversell() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("stand.kiosk", ServeStateTests.menu)
        let state = scratch.path("state")
        let server = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        let repl = try RunningKiosk(arguments: ["--menu", menu, "--state", state, "--quiet"])
        // 40 orders over HTTP and 40 at the prompt, at once, for 60 mangoes.
        let fed = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<40 { repl.send("order mango juice") }
            fed.signal()
        }.start()
        let statuses = ServeStateTests.order(server, count: 40, connections: 8)
        fed.wait()
        let status = repl.finish()
        let madeOverHTTP = statuses.filter { $0 == 201 }.count
        #expect(statuses.allSatisfy { $0 == 201 || $0 == 409 })
        // The REPL's orders show over HTTP, and the server's at the prompt.
        let stock = try #require(ServeStateTests.mango(try server.request("GET", "/api/v1/stock", operator: true)))
        #expect(stock == 0)
        let refusedAtPrompt = repl.stderr.components(separatedBy: "order refused").count - 1
        #expect(status == (refusedAtPrompt > 0 ? 1 : 0))
        #expect(madeOverHTTP + (40 - refusedAtPrompt) == 60, "80 orders for 60 mangoes: 60 made, wherever")
        #expect(server.stop() == 0)
        let prompt = try KioskProcess("--menu", menu, "--state", state, "-c", "stock").run()
        #expect(stockCount("mango", in: prompt.stdout) == 0)
    }

    @Test func twoServersOnOneStateSeeEachOthersOrders() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("stand.kiosk", ServeStateTests.menu)
        let state = scratch.path("state")
        let one = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        let two = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let made = ServeStateTests.order(index == 0 ? one : two, count: 50, connections: 4)
            statuses.withLock { $0 += made }
        }
        let all = statuses.withLock { $0 }
        #expect(all.filter { $0 == 201 }.count == 60)
        #expect(all.filter { $0 == 409 }.count == 40)
        #expect(ServeStateTests.mango(try one.request("GET", "/api/v1/stock", operator: true)) == 0)
        #expect(ServeStateTests.mango(try two.request("GET", "/api/v1/stock", operator: true)) == 0)
        #expect(one.stop() == 0 && two.stop() == 0)
    }

    @Test func killedUnderLoadEveryOrderAnswered201IsInTheJournal() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("big.kiosk", "kiosk \"Big\"\ningredient mango stock 1000000\nitem \"Mango Juice\" needs mango 1\n")
        let state = scratch.path("state")
        let server = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        let answered = Mutex<[String]>([])
        let stop = Atomic<Bool>(false)
        let done = DispatchGroup()
        for _ in 0..<8 {
            done.enter()
            Thread {
                defer { done.leave() }
                guard let client = try? server.client() else { return }
                while !stop.load(ordering: .relaxed) {
                    guard let response = try? client.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"mango juice"}]}"#) else { return }
                    guard response.status == 201, let events = response.json?["events"] as? [[String: Any]] else { continue }
                    answered.withLock { $0 += events.compactMap { $0["id"] as? String } }
                }
            }.start()
        }
        // Until a few hundred orders were answered (at most a minute on a busy machine).
        let deadline = ContinuousClock.now + .seconds(60)
        while answered.withLock({ $0.count }) < 300, ContinuousClock.now < deadline { usleep(5_000) }
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()
        stop.store(true, ordering: .relaxed)
        done.wait()
        let acknowledged = answered.withLock { $0 }
        #expect(acknowledged.count >= 300)
        let inJournal = Set(try StateDump.eventIds(state))
        #expect(acknowledged.filter { !inJournal.contains($0) } == [], "an order answered 201 is on disk")
        #expect(try KioskProcess("state", "verify", state).run().status == 0)
    }
}
