import Foundation
import Synchronization
import KioskTestSupport
import KioskText
import Testing

/// `GET /events`: the journal as Server-Sent Events, from every process on the state.
@Suite struct ServeEventsTests {
    /// The events of a stream's text: each frame's `id:` and its CloudEvent.
    static func events(in text: String) -> [(id: UInt64, event: JSONValue)] {
        text.components(separatedBy: "\n\n").compactMap { frame in
            let lines = frame.split(separator: "\n")
            guard let id = lines.first(where: { $0.hasPrefix("id: ") }).flatMap({ UInt64($0.dropFirst(4)) }),
                  let data = lines.first(where: { $0.hasPrefix("data: ") }), let event = JSONValue(parsing: Array(data.dropFirst(6).utf8)) else { return nil }
            return (id, event)
        }
    }

    static func order(_ server: ServingKiosk, _ item: String = "mango juice") throws {
        #expect(try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"\#(item)"}]}"#).status == 201)
    }

    @Test func everyEventFromEveryProcessWithItsSequenceAsItsID() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let server = try ServingKiosk(["--state", state, "--quiet"])
        let stream = try server.client()
        let head = try stream.openStream("/api/v1/events")
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(head.header("X-Content-Type-Options") == "nosniff")
        try ServeEventsTests.order(server)
        // Another process on the state: its event shows too (found within 100 ms; 30 s allowed).
        #expect(try KioskProcess("--state", state, "--quiet", "-c", "order kiwi juice").run().status == 0)
        try ServeEventsTests.order(server, "banana juice")
        let text = try stream.readStream(within: .seconds(30)) { ServeEventsTests.events(in: $0).count >= 3 }
        let events = ServeEventsTests.events(in: text)
        #expect(events.map(\.id) == [1, 2, 3])
        #expect(events.map { $0.event["seq"]?.int } == [1, 2, 3])
        #expect(events.map { $0.event["data"]?["lines"]?.array?.first?["item"]?.string } == ["Mango Juice", "Kiwi Juice", "Banana Juice"])
        #expect(events.allSatisfy { $0.event["specversion"] == .string("1.0") && $0.event["type"] == .string("order.succeeded") })
        #expect(server.stop() == 0)
    }

    @Test func aDroppedStreamResumesWithNothingMissedAndNothingRepeated() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let server = try ServingKiosk(["--state", state, "--quiet"])
        let first = try server.client()
        _ = try first.openStream("/api/v1/events")
        for _ in 0..<3 { try ServeEventsTests.order(server, "banana juice") }
        let seen = ServeEventsTests.events(in: try first.readStream(within: .seconds(30)) { ServeEventsTests.events(in: $0).count >= 2 })
        let lastID = try #require(seen.last?.id)
        first.disconnect()
        // While it is gone: more orders, here and from another process.
        for _ in 0..<2 { try ServeEventsTests.order(server, "kiwi juice") }
        #expect(try KioskProcess("--state", state, "--quiet", "-c", "order pineapple juice").run().status == 0)
        let again = try server.client()
        _ = try again.openStream("/api/v1/events", headers: [("Last-Event-ID", String(lastID))])
        let resumed = ServeEventsTests.events(in: try again.readStream(within: .seconds(30)) { ServeEventsTests.events(in: $0).last?.id == 6 })
        #expect(resumed.map(\.id) == Array((lastID + 1)...6))
        // ?after= does the same for a client that keeps its own place.
        let after = try server.client()
        _ = try after.openStream("/api/v1/events?after=4")
        #expect(ServeEventsTests.events(in: try after.readStream(within: .seconds(30)) { ServeEventsTests.events(in: $0).count >= 2 }).map(\.id) == [5, 6])
        #expect(server.stop() == 0)
    }

    @Test func eventsFromBeforeTheServerStartedAreReadFromTheJournal() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let menu = try scratch.file("big.kiosk", "kiosk \"Big\"\ningredient mango stock 1000000\nitem \"Mango Juice\" needs mango 1\n")
        let orders = try scratch.file("orders.txt", String(repeating: "order mango juice\n", count: 20_000))
        #expect(try KioskProcess("--state", state, "--menu", menu, "--quiet", "-f", orders).run().status == 0)
        let server = try ServingKiosk(["--state", state, "--menu", menu, "--quiet"])
        let stream = try server.client()
        _ = try stream.openStream("/api/v1/events?after=19990")
        // Both streams read the journal from its start (the hub keeps only what it saw
        // live): seconds for a debug build, but minutes are possible on a machine running
        // every suite at once, so the bounds only stop a hang.
        let tail = ServeEventsTests.events(in: try stream.readStream(within: .seconds(120)) { ServeEventsTests.events(in: $0).count >= 10 })
        #expect(tail.map(\.id) == Array(19_991...20_000))
        // All of them, read a little at a time as the client takes them.
        let all = try server.client()
        _ = try all.openStream("/api/v1/events?after=0")
        let every = ServeEventsTests.events(in: try all.readStream(within: .seconds(180)) { $0.contains("\nid: 20000\n") })
        #expect(every.map(\.id) == Array(1...20_000))
        #expect(server.stop() == 0)
    }

    @Test func typesFilterAndCustomersSeeOnlyThePublicOnes() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--state", scratch.path("state"), "--quiet"])
        let customer = try server.client()
        _ = try customer.openStream("/api/v1/events")
        let operatorStream = try server.client()
        _ = try operatorStream.openStream("/api/v1/events?types=restock.needed,order.*", headers: [("Authorization", "Bearer \(server.token)")])
        let tickets = try server.client()
        _ = try tickets.openStream("/api/v1/events?types=ticket.*")
        // Strawberry: 16 needed, 10 in stock: order.failed and restock.needed.
        #expect(try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"strawberry juice"}]}"#).status == 409)
        try ServeEventsTests.order(server)
        let seenByOperator = ServeEventsTests.events(in: try operatorStream.readStream(within: .seconds(30)) { ServeEventsTests.events(in: $0).count >= 3 })
        #expect(seenByOperator.compactMap { $0.event["type"]?.string } == ["order.failed", "restock.needed", "order.succeeded"])
        let seenByCustomer = ServeEventsTests.events(in: try customer.readStream(within: .seconds(30)) { ServeEventsTests.events(in: $0).count >= 2 })
        #expect(seenByCustomer.compactMap { $0.event["type"]?.string } == ["order.failed", "order.succeeded"])
        #expect(ServeEventsTests.events(in: String(decoding: tickets.streamed, as: UTF8.self)).isEmpty)
        let typo = try server.request("GET", "/api/v1/events?types=order.sucseeded")
        #expect(typo.status == 400 && typo.json?["code"] as? String == "invalid_query")
        let wrongToken = try server.request("GET", "/api/v1/events", headers: [("Authorization", "Bearer wrong-token-0123456789")])
        #expect(wrongToken.status == 401)
        #expect(server.stop() == 0)
    }

    @Test func aQuietStreamGetsAComment() throws {
        let server = try ServingKiosk(["--quiet"], environment: ["KIOSK_EVENTS_KEEPALIVE_MS": "200"])
        let stream = try server.client()
        _ = try stream.openStream("/api/v1/events")
        #expect(try stream.readStream(within: .seconds(30)) { $0.contains(": keepalive\n\n") }.contains(": keepalive"))
        #expect(server.stop() == 0)
    }

    @Test func aClientTooSlowToReadIsCutOffWithAComment() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let menu = try scratch.file("big.kiosk", "kiosk \"Big\"\ningredient mango stock 1000000\nitem \"Mango Juice\" needs mango 1\n")
        // Cut off after 2 s too full to take more (30 s by default).
        let server = try ServingKiosk(["--state", state, "--menu", menu, "--quiet"], environment: ["KIOSK_EVENTS_SLOW_MS": "2000"])
        let slow = try HTTPTestClient(port: server.port, receiveBuffer: 4096)
        _ = try slow.openStream("/api/v1/events")
        // About 15 MB of events, more than the socket's buffers and the stream's 256 KiB hold.
        let orders = try scratch.file("orders.txt", String(repeating: "order mango juice\n", count: 40_000))
        #expect(try KioskProcess("--state", state, "--menu", menu, "--quiet", "-f", orders).run().status == 0)
        // Not reading until it has been cut off (2 s; 10 s allowed for a busy machine)…
        Thread.sleep(forTimeInterval: 10)
        // …then reading what was sent before the cut.
        let text = try slow.readStream(within: .seconds(60)) { _ in false }
        #expect(slow.streamEnded)
        #expect(text.hasSuffix(": too slow: this stream is closed; reconnect with Last-Event-ID to go on\n\n"))
        let received = ServeEventsTests.events(in: text)
        try #require(!received.isEmpty && received.count < 40_000, "\(received.count)")
        #expect(received.map(\.id) == Array(1...UInt64(received.count)), "whole frames, in order, up to the cut")
        // The server goes on.
        #expect(try server.request("GET", "/api/v1/menu").status == 200)
        #expect(server.stop() == 0)
    }

    @Test func aClosedStreamGivesUpItsPlaceAtOnce() throws {
        // Keep-alive comments ten minutes apart: only a closed connection noticed as it
        // closes gives its place back within the minute waited here.
        let server = try ServingKiosk(["--quiet"], environment: ["KIOSK_EVENTS_KEEPALIVE_MS": "600000"])
        let source = "127.0.0.9"
        // As many streams as one address may hold connections.
        var streams: [HTTPTestClient] = []
        for _ in 0..<512 {
            let client = try server.client(source: source)
            #expect(try client.openStream("/api/v1/events").status == 200)
            streams.append(client)
        }
        #expect((try? server.client(source: source).openStream("/api/v1/events")) == nil, "the address is full")
        // Closed, as a browser closes a page's stream.
        streams.removeAll()
        try waitFor("a stream from the same address", timeout: .seconds(60)) {
            (try? server.client(source: source).openStream("/api/v1/events"))?.status == 200
        }
        #expect(server.stop() == 0)
    }

    @Test func stoppingEndsOpenStreamsAndExitsZero() throws {
        let server = try ServingKiosk(["--quiet"])
        let stream = try server.client()
        _ = try stream.openStream("/api/v1/events")
        let status = server.stop()
        #expect(status == 0)
        let text = try stream.readStream(within: .seconds(30)) { _ in false }
        #expect(text.hasSuffix(": the server is stopping; reconnect with Last-Event-ID to go on\n\n"))
    }

    /// A stream that joins in the event thread's last round before a stop is ended with the
    /// others: left parked, libmicrohttpd aborts the process when the daemon stops
    /// (SIGABRT, seen on a loaded machine). Streams open all the while the stop comes.
    @Test func streamsOpeningAsTheServerStopsAreEndedAndItExitsZero() throws {
        for attempt in 1...4 {
            let server = try ServingKiosk(["--quiet"])
            let opening = Atomic<Bool>(true)
            let opened = Atomic<Int>(0)
            let done = DispatchSemaphore(value: 0)
            let port = server.port
            Thread {
                var clients: [HTTPTestClient] = []
                while opening.load(ordering: .relaxed) {
                    if let client = try? HTTPTestClient(port: port), (try? client.openStream("/api/v1/events")) != nil {
                        clients.append(client)
                        opened.add(1, ordering: .relaxed)
                    }
                    usleep(500)
                }
                done.signal()
            }.start()
            while opened.load(ordering: .relaxed) < 20 { usleep(1_000) }
            let status = server.stop()
            opening.store(false, ordering: .relaxed)
            done.wait()
            #expect(status == 0, "attempt \(attempt): \(server.stderr)")
        }
    }
}
