import Foundation
import KioskCore
import KioskMenu
@testable import KioskSinks
import KioskTestSupport
import KioskText
import Testing

/// The MQTT sink against a real mosquitto on 127.0.0.1, made from `sink mqtt …` text as a
/// menu or `--sink` gives it, watched by a real mosquitto_sub.
@Suite struct MQTTSinkTests {
    /// The sink a `--sink` text makes, for the kiosk `Juice Maker`.
    static func sink(_ text: String, environment: [String: String] = [:]) throws -> any Sink {
        let compilation = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas, environment: environment).compileSink(text)
        let declaration = try #require(compilation.menu?.sinks.first, "\(compilation.diagnostics)")
        return try SinkRegistry.standard.makeSink(declaration, environment: SinkEnvironment(kioskName: "Juice Maker"))
    }

    /// Sends until the sink takes the whole batch; every failure on the way must be retryable.
    static func deliver(_ events: ArraySlice<Event>, to sink: any Sink, within timeout: Duration = .seconds(30)) throws -> [BatchFailure] {
        var failures: [BatchFailure] = []
        var pending = events
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            do throws(BatchFailure) {
                try sink.send(batch: pending)
                return failures
            } catch {
                failures.append(error)
                guard case .retryable = error.failure else { return failures }
                pending = pending.dropFirst(error.delivered)
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        throw WaitError.timedOut("the batch to be delivered")
    }

    @Test func eventsArriveInOrderOnTheirTopicsAsCloudEvents() throws {
        let broker = try MosquittoBroker()
        let subscriber = try MQTTSubscriber(broker: broker, topic: "kiosk/juice-maker/events/#")
        let sink = try Self.sink(#"mqtt url "\#(broker.url)""#)
        defer { sink.close(by: .now.advanced(by: .seconds(5))) }
        let events = try Events.everyType() + Events.orders(600)
        var start = 0
        while start < events.count {
            let end = min(start + sink.batchLimit, events.count)
            #expect(try Self.deliver(events[start..<end], to: sink).isEmpty)
            start = end
        }
        try subscriber.waitFor("every event") { $0.count == events.count }
        let messages = subscriber.messages
        #expect(messages.map(\.text) == events.map { String(decoding: $0.json, as: UTF8.self) })
        #expect(messages.map(\.topic) == events.map { "kiosk/juice-maker/events/\($0.type.rawValue)" })
        #expect(messages.allSatisfy { $0.qos == 1 && $0.contentType == "application/cloudevents+json" })
        #expect(messages.map { $0.userProperties["id"] } == events.map(\.id.description))
        #expect(sink.target == broker.url)
    }

    @Test func pipelinedBatchesReportADeliveredPrefixAndAFlushTheRest() throws {
        let broker = try MosquittoBroker()
        let subscriber = try MQTTSubscriber(broker: broker, topic: "kiosk/juice-maker/events/#")
        let sink = try #require(try Self.sink(#"mqtt url "\#(broker.url)" stock off"#) as? MQTTSink)
        defer { sink.close(by: .now.advanced(by: .seconds(5))) }
        let events = try Events.orders(3_000)
        var delivered = 0
        for start in stride(from: 0, to: events.count, by: 256) {
            delivered += try sink.submit(events[start..<min(start + 256, events.count)])
            #expect(sink.inFlight == events.prefix(min(start + 256, events.count)).count - delivered)
            #expect(sink.inFlight <= MQTTSink.pipelineWindow)
        }
        delivered += try sink.flush()
        #expect(delivered == events.count)
        #expect(sink.inFlight == 0)
        try subscriber.waitFor("every event") { $0.count == events.count }
        #expect(subscriber.messages.map { $0.userProperties["id"] } == events.map(\.id.description))
    }

    /// The sink's connection dies with up to a window of events in flight. The broker
    /// lives on behind a proxy that cuts the connection: a broker killed with SIGKILL can
    /// lose messages it acknowledged but had not saved yet (mosquitto saves between
    /// packets), which is no sink's doing.
    @Test func aConnectionCutUnderAPipelineLosesNoEvent() throws {
        let broker = try MosquittoBroker()
        let proxy = try LoopbackProxy(before: broker)
        defer { proxy.stop() }
        let subscriber = try MQTTSubscriber(broker: broker)
        let sink = try #require(try Self.sink(#"mqtt url "\#(proxy.url)" stock off timeout 2s backoff 50ms"#) as? MQTTSink)
        defer { sink.close(by: .now.advanced(by: .seconds(5))) }
        let events = try Events.orders(2_000)
        // As the runner does: submit while it goes; once it fails, send the rest the
        // blocking way, which waits for the copies libmosquitto still holds.
        var reported = 0
        var failure: BatchFailure?
        for start in stride(from: 0, to: events.count, by: 256) where failure == nil {
            if start == 1_024 { proxy.cut() }
            do throws(BatchFailure) {
                reported += try sink.submit(events[start..<min(start + 256, events.count)])
            } catch {
                reported += error.delivered
                failure = error
            }
        }
        if failure == nil {
            do throws(BatchFailure) { reported += try sink.flush() } catch {
                reported += error.delivered
                failure = error
            }
        }
        let stalled = try #require(failure)
        guard case .retryable = stalled.failure else {
            Issue.record("not retryable: \(stalled)")
            return
        }
        #expect(sink.inFlight == 0)
        #expect(reported < events.count)
        proxy.restore()
        #expect(try Self.deliver(events[reported...], to: sink, within: .seconds(60)).allSatisfy { if case .retryable = $0.failure { true } else { false } })
        try subscriber.waitFor("every event at least once", timeout: .seconds(60)) { messages in
            Set(messages.compactMap { $0.userProperties["id"] }).isSuperset(of: events.map(\.id.description))
        }
    }

    @Test func aTopicTemplateWithItemAndIngredient() throws {
        let broker = try MosquittoBroker()
        let subscriber = try MQTTSubscriber(broker: broker, topic: "shop/#")
        let sink = try Self.sink(#"mqtt url "\#(broker.url)" topic "shop/{kiosk}/{type}/{item}/{ingredient}" stock off"#)
        defer { sink.close(by: .now.advanced(by: .seconds(5))) }
        let events = try Events.everyType()
        #expect(try Self.deliver(events[...], to: sink).isEmpty)
        try subscriber.waitFor("every event") { $0.count == events.count }
        #expect(subscriber.messages.map(\.topic) == [
            "shop/juice-maker/order.succeeded/strawberry-milk/milk",
            "shop/juice-maker/restock.needed/-/milk",
            "shop/juice-maker/order.failed/strawberry-milk/딸기",
            "shop/juice-maker/restock.needed/-/딸기",
            "shop/juice-maker/stock.changed/-/milk",
            "shop/juice-maker/menu.reloaded/-/-",
            "shop/juice-maker/suggestion.made/-/-",
        ])
    }

    @Test func aLaterSubscriberSeesTheRetainedStockAndStatus() throws {
        let broker = try MosquittoBroker()
        let sink = try Self.sink(#"mqtt url "\#(broker.url)""#)
        defer { sink.close(by: .now.advanced(by: .seconds(5))) }
        let orders = try Events.orders(5)
        let everyType = try Events.everyType()
        #expect(try Self.deliver(orders[...], to: sink).isEmpty)
        #expect(try Self.deliver(everyType[...], to: sink).isEmpty)
        let later = try MQTTSubscriber(broker: broker)
        try later.waitFor("the status and two stock counts") { $0.count == 4 }
        let retained = Dictionary(uniqueKeysWithValues: later.messages.map { ($0.topic, $0) })
        #expect(later.messages.allSatisfy { $0.retained })
        #expect(retained["kiosk/juice-maker/status"]?.text == "online")
        // The orders leave mango at 1,000,000,000 - 15; the café's edit leaves milk at 5.
        let mango = try #require(retained["kiosk/juice-maker/stock/mango"].flatMap { JSONValue(parsing: $0.payload) })
        #expect(mango["stock"]?.int == 999_999_985)
        #expect(mango["ingredient"]?.string == "mango")
        #expect(mango["seq"]?.int == 5)
        let milk = try #require(retained["kiosk/juice-maker/stock/milk"].flatMap { JSONValue(parsing: $0.payload) })
        #expect(milk["stock"]?.int == 6)
        #expect(retained["kiosk/juice-maker/stock/딸기"].map { String(decoding: $0.payload, as: UTF8.self) }
            == #"{"ingredient":"딸기","stock":1,"time":"2026-11-21T12:00:00.123Z","seq":1}"#)
    }

    @Test(arguments: [0, 2])
    func otherQualitiesOfService(qos: Int) throws {
        let broker = try MosquittoBroker()
        let subscriber = try MQTTSubscriber(broker: broker, topic: "kiosk/juice-maker/events/#", qos: 2)
        let sink = try Self.sink(#"mqtt url "\#(broker.url)" qos \#(qos)"#)
        defer { sink.close(by: .now.advanced(by: .seconds(5))) }
        let events = try Events.orders(50)
        // QoS 0 has nothing to send before the connection is up: the first try may fail.
        #expect(try Self.deliver(events[...], to: sink).allSatisfy { $0.delivered == 0 })
        // At least once: a try that timed out on a loaded machine may have reached the
        // broker, and its retry then arrives again.
        try subscriber.waitFor("every event") { Set($0.compactMap { $0.userProperties["id"] }).count == 50 }
        #expect(subscriber.messages.allSatisfy { $0.qos == qos })
        var seen = Set<String>()
        let firstArrivals = subscriber.messages.compactMap { $0.userProperties["id"] }.filter { seen.insert($0).inserted }
        #expect(firstArrivals == events.map(\.id.description), "in order, counting each event's first arrival")
    }

    @Test func aBrokerKilledMidStreamFailsRetryablyThenEveryEventArrives() throws {
        let broker = try MosquittoBroker(.init(persistence: true))
        let subscriber = try MQTTSubscriber(broker: broker, topic: "kiosk/juice-maker/events/#", clientID: "watcher", persistentSession: true)
        let sink = try Self.sink(#"mqtt url "\#(broker.url)" backoff 50ms timeout 5s"#)
        defer { sink.close(by: .now.advanced(by: .seconds(5))) }
        let events = try Events.orders(400)
        #expect(try Self.deliver(events[..<200], to: sink).isEmpty)
        // Killed once the subscriber has them: a broker killed sooner may lose messages it
        // acknowledged before saving them, which is not the sink's doing.
        try subscriber.waitFor("the first 200") { Set($0.compactMap { $0.userProperties["id"] }).count == 200 }
        broker.kill()
        var failure: BatchFailure?
        do throws(BatchFailure) {
            try sink.send(batch: events[200..<400])
        } catch {
            failure = error
        }
        let failed = try #require(failure)
        #expect(failed.delivered == 0)
        #expect(failed.failure == .retryable("cannot connect to 127.0.0.1:\(broker.port): connection refused"))
        try broker.restart()
        _ = try Self.deliver(events[200..<400], to: sink)
        try subscriber.waitFor("every event at least once") { Set($0.compactMap { $0.userProperties["id"] }).count == 400 }
        var seen = Set<String>()
        let firstArrivals = subscriber.messages.compactMap { $0.userProperties["id"] }.filter { seen.insert($0).inserted }
        #expect(firstArrivals == events.map(\.id.description), "in order, counting each event's first arrival")
    }

    @Test func aCleanClosePublishesOffline() throws {
        let broker = try MosquittoBroker()
        let subscriber = try MQTTSubscriber(broker: broker, topic: "kiosk/juice-maker/status")
        let sink = try Self.sink(#"mqtt url "\#(broker.url)""#)
        try subscriber.waitFor("online") { $0.map(\.text) == ["online"] }
        sink.close(by: .now.advanced(by: .seconds(5)))
        try subscriber.waitFor("offline") { $0.map(\.text) == ["online", "offline"] }
        let later = try MQTTSubscriber(broker: broker, topic: "kiosk/juice-maker/status")
        try later.waitFor("the retained offline") { $0.map(\.text) == ["offline"] }
    }

    @Test func credentialsFromTheEnvironment() throws {
        let broker = try MosquittoBroker(.init(users: ["kiosk": "s3cret-Pa55"]))
        let subscriber = try MQTTSubscriber(broker: broker, username: "kiosk", password: "s3cret-Pa55")
        let sink = try Self.sink(#"mqtt url "\#(broker.url)" username "kiosk" password "${MQTT_PASSWORD}""#, environment: ["MQTT_PASSWORD": "s3cret-Pa55"])
        defer { sink.close(by: .now.advanced(by: .seconds(5))) }
        #expect(try Self.deliver(Events.orders(1)[...], to: sink).count <= 1)
        try subscriber.waitFor("the event") { $0.contains { $0.topic.hasPrefix("kiosk/juice-maker/events/") } }
    }

    @Test func aWrongPasswordIsAClearErrorAndNeverShows() throws {
        let broker = try MosquittoBroker(.init(users: ["kiosk": "s3cret-Pa55"]))
        let password = "wr0ng-Pa55word"
        let sink = try Self.sink(#"mqtt url "mqtt://kiosk:\#(password)@127.0.0.1:\#(broker.port)" timeout 1s"#)
        defer { sink.close(by: .now.advanced(by: .seconds(5))) }
        #expect(sink.target == "mqtt://kiosk:****@127.0.0.1:\(broker.port)")
        var failure: BatchFailure?
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        let events = try Events.orders(1)
        while ContinuousClock.now < deadline {
            do throws(BatchFailure) {
                try sink.send(batch: events[...])
            } catch {
                failure = error
                if error.failure.reason.contains("refused") { break }
            }
        }
        #expect(failure == BatchFailure(delivered: 0, failure: .retryable("127.0.0.1:\(broker.port) refused the connection: not authorized")))
        let status = try #require((sink as? MQTTSink)?.connection)
        let lastError = status.lastError.map(\.description) ?? ""
        #expect(lastError == "127.0.0.1:\(broker.port) refused the connection: not authorized")
        #expect(!sink.target.contains(password))
    }

    @Test func setupProblemsTheMenuLanguageCannotSee() throws {
        let cases: [(String, String)] = [
            (#"mqtt url "mqtt://broker" keepalive 2s"#, "'keepalive' must be between 5s and 65535s (found 2s)"),
            (#"mqtt url "mqtt://broker" cafile "/etc/ca.crt""#, "'cafile', 'certfile' and 'keyfile' need an mqtts:// url"),
            (#"mqtt url "mqtts://broker" cafile "/etc/ca.crt" certfile "/etc/c.crt""#, "'certfile' and 'keyfile' go together"),
            (#"mqtt url "mqtts://broker" certfile "/etc/c.crt" keyfile "/etc/c.key""#, "a client certificate needs 'cafile' too"),
            (#"mqtt url "mqtts://broker" cafile "/no/such/ca.crt""#, "cannot use the TLS file '/no/such/ca.crt': no such file"),
        ]
        for (text, reason) in cases {
            #expect(throws: SinkSetupError(declaration: SinkDeclaration(kind: "mqtt", origin: "--sink:1:1"), reason: reason), "\(text)") {
                try Self.sink(text)
            }
        }
    }
}
