import Foundation
import KioskCore
import KioskTestSupport
import KioskText
import Testing

/// The built `kiosk` with an MQTT sink, against a real mosquitto on 127.0.0.1 watched by a
/// real mosquitto_sub.
@Suite struct MQTTTests {
    @Test func anOrderReachesASubscriberAndTheKioskSaysGoodbye() throws {
        let broker = try MosquittoBroker()
        let subscriber = try MQTTSubscriber(broker: broker)
        let result = try KioskProcess(arguments: KioskProcess.settlingEveryEvent + ["--sink", "mqtt url \"mqtt://127.0.0.1:\(broker.port)\"", "-c", "order mango juice"]).run()
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "Mango Juice is ready. Enjoy!\n")
        try subscriber.waitFor("the goodbye") { $0.contains { $0.text == "offline" } }
        #expect(subscriber.messages(on: "kiosk/juice-maker/status").map(\.text) == ["online", "offline"])
        let events = subscriber.messages(on: "kiosk/juice-maker/events/order.succeeded")
        #expect(events.count == 1)
        let event = try #require(events.first.flatMap { JSONValue(parsing: $0.payload) })
        #expect(event["type"]?.string == "order.succeeded")
        #expect(event["source"]?.string == "/kiosk/juice-maker")
        #expect(event["data"]?["lines"]?.array?.first?["item"]?.string == "Mango Juice")
        #expect(events.first?.userProperties["id"] == event["id"]?.string)
        let stock = subscriber.messages(on: "kiosk/juice-maker/stock/mango").first.flatMap { JSONValue(parsing: $0.payload) }
        #expect(stock?["stock"]?.int == 7)
    }

    @Test func aKilledKioskLeavesItsWillOffline() throws {
        let broker = try MosquittoBroker()
        let watcher = try MQTTSubscriber(broker: broker, topic: "kiosk/+/status")
        let kiosk = try RunningKiosk(arguments: ["--quiet", "--sink", "mqtt url \"mqtt://127.0.0.1:\(broker.port)\""])
        try watcher.waitFor("online") { $0.map(\.text) == ["online"] }
        kill(kiosk.process.processIdentifier, SIGKILL)
        kiosk.process.waitUntilExit()
        // The broker publishes the will itself: the kiosk had no chance to say anything.
        try watcher.waitFor("the will") { $0.map(\.text) == ["online", "offline"] }
        let later = try MQTTSubscriber(broker: broker, topic: "kiosk/+/status")
        try later.waitFor("the retained will") { $0.map(\.text) == ["offline"] }
        #expect(later.messages.first?.topic == "kiosk/juice-maker/status")
        #expect(later.messages.first?.retained == true)
    }

    @Test func sinksShowsTheBrokerWithThePasswordMasked() throws {
        let broker = try MosquittoBroker()
        let password = "pa55-from-the-environment"
        let result = try KioskProcess(
            arguments: ["--sink", "mqtt url \"mqtt://kiosk:${MQTT_PASSWORD}@127.0.0.1:\(broker.port)\"", "-c", "sinks"],
            environment: ["MQTT_PASSWORD": password]
        ).run()
        #expect(result.status == 0)
        #expect(result.stdout.contains("mqtt://kiosk:****@127.0.0.1:\(broker.port)"))
        #expect(!result.stdout.contains(password))
        #expect(!result.stderr.contains(password))
    }

    @Test func sinksShowsTheConnectionItsInFlightCountAndItsLastError() throws {
        let broker = try MosquittoBroker(.init(users: ["kiosk": "right-Pa55"]))
        let url = "mqtt://kiosk:${MQTT_PASSWORD}@127.0.0.1:\(broker.port)"
        let shown = "mqtt mqtt://kiosk:****@127.0.0.1:\(broker.port): "
        func connectionLine(_ password: String, until wanted: (String) -> Bool) throws -> String {
            let kiosk = try RunningKiosk(arguments: ["--sink", "mqtt url \"\(url)\""], environment: ["MQTT_PASSWORD": password])
            var line = ""
            let deadline = ContinuousClock.now.advanced(by: .seconds(20))
            while ContinuousClock.now < deadline {
                kiosk.send("sinks")
                Thread.sleep(forTimeInterval: 0.2)
                line = kiosk.stdoutLines.last { $0.hasPrefix(shown) }.map(String.init) ?? ""
                if wanted(line) { break }
            }
            #expect(kiosk.finish() == 0)
            #expect(!kiosk.stdout.contains(password))
            #expect(!kiosk.stderr.contains(password))
            return line
        }
        #expect(try connectionLine("right-Pa55") { $0.contains("connected") } == shown + "connected, 0 in flight")
        let refused = try connectionLine("wr0ng-Pa55") { $0.contains("last error") }
        let error = "; last error: 127.0.0.1:\(broker.port) refused the connection: not authorized"
        #expect([shown + "waiting to reconnect, 0 in flight" + error, shown + "connecting, 0 in flight" + error].contains(refused))
    }

    @Test func libmosquittoIsLoadedOnlyForAnMQTTSink() throws {
        let broker = try MosquittoBroker()
        let plain = try RunningKiosk(arguments: [])
        let withMQTT = try RunningKiosk(arguments: ["--sink", "mqtt url \"mqtt://127.0.0.1:\(broker.port)\""])
        func loadsMosquitto(_ kiosk: RunningKiosk) throws -> Bool {
            // Read to the end: /proc says its files are empty, and a reader that trusts the
            // size reads one block, which holds libmosquitto's lines only when the layout
            // happens to put them first.
            let maps = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(kiosk.process.processIdentifier)/maps"))
            defer { try? maps.close() }
            return String(decoding: try maps.readToEnd() ?? Data(), as: UTF8.self).contains("libmosquitto")
        }
        for kiosk in [plain, withMQTT] { kiosk.send("stock") }
        try waitFor("both kiosks to answer") { plain.stdout.contains("mango") && withMQTT.stdout.contains("mango") }
        // The sink's own thread loads it, maybe after the first answer: wait for it.
        try waitFor("libmosquitto in the kiosk with an MQTT sink") { try loadsMosquitto(withMQTT) }
        #expect(try !loadsMosquitto(plain))
        #expect(plain.finish() == 0)
        #expect(withMQTT.finish() == 0)
    }
}
