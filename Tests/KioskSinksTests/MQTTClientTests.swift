import Foundation
@testable import KioskSinks
import KioskTestSupport
import Testing

/// The MQTT client against a real mosquitto on 127.0.0.1, watched by a real mosquitto_sub.
@Suite struct MQTTClientTests {
    @Test func qos1PublishesAreAcknowledgedAndArriveInOrder() throws {
        let broker = try MosquittoBroker()
        let subscriber = try MQTTSubscriber(broker: broker)
        let client = try MQTTClient(.test(broker))
        defer { client.close() }
        // Published before the connection is up: queued, then sent.
        let ids = try (0..<300).map { try client.publish(topic: "kiosk/test/events/n", payload: Array("\($0)".utf8), qos: 1, retain: false) }
        let outcomes = client.waitForAcknowledgements(ids, until: .inSeconds(20))
        #expect(outcomes.allSatisfy { $0 == .acknowledged })
        try subscriber.waitFor("300 messages") { $0.count == 300 }
        #expect(subscriber.messages.map(\.text) == (0..<300).map(String.init))
        #expect(subscriber.messages.allSatisfy { $0.qos == 1 && $0.topic == "kiosk/test/events/n" })
        #expect(client.status.state == .connected)
        #expect(client.status.protocolVersion == .v5)
    }

    @Test(arguments: [0, 2])
    func otherQualitiesOfServiceWork(qos: Int) throws {
        let broker = try MosquittoBroker()
        let subscriber = try MQTTSubscriber(broker: broker, qos: 2)
        let client = try MQTTClient(.test(broker))
        defer { client.close() }
        #expect(client.waitUntilConnected(until: .inSeconds(10)))
        let ids = try (0..<20).map { try client.publish(topic: "kiosk/test/q", payload: Array("\($0)".utf8), qos: qos, retain: false) }
        #expect(client.waitForAcknowledgements(ids, until: .inSeconds(20)).allSatisfy { $0 == .acknowledged })
        try subscriber.waitFor("20 messages") { $0.count == 20 }
        #expect(subscriber.messages.map(\.text) == (0..<20).map(String.init))
        #expect(subscriber.messages.allSatisfy { $0.qos == qos })
    }

    @Test func mqtt5PropertiesArrive() throws {
        let broker = try MosquittoBroker()
        let subscriber = try MQTTSubscriber(broker: broker)
        let client = try MQTTClient(.test(broker))
        defer { client.close() }
        let properties = MQTTClient.Properties(contentType: "application/cloudevents+json", userProperties: [.init(name: "id", value: "01a1ffc3")], utf8Payload: true)
        let id = try client.publish(topic: "kiosk/test/p", payload: Array("{}".utf8), qos: 1, retain: false, properties: properties)
        #expect(client.waitForAcknowledgements([id], until: .inSeconds(20)) == [.acknowledged])
        try subscriber.waitFor("the message") { !$0.isEmpty }
        #expect(subscriber.messages.first?.contentType == "application/cloudevents+json")
        #expect(subscriber.messages.first?.userProperties == ["id": "01a1ffc3"])
    }

    @Test func aBrokerThatRefusesMQTT5GetsMQTT311() throws {
        let broker = try MosquittoBroker()
        let proxy = try V311OnlyProxy(before: broker)
        let subscriber = try MQTTSubscriber(broker: broker)
        var configuration = MQTTConfiguration.test(broker)
        configuration.port = Int(proxy.port)
        let client = try MQTTClient(configuration)
        defer { client.close() }
        #expect(client.waitUntilConnected(until: .inSeconds(10)))
        let properties = MQTTClient.Properties(contentType: "application/cloudevents+json", userProperties: [.init(name: "id", value: "x")])
        let id = try client.publish(topic: "kiosk/test/old", payload: Array("hello".utf8), qos: 1, retain: false, properties: properties)
        #expect(client.waitForAcknowledgements([id], until: .inSeconds(20)) == [.acknowledged])
        try subscriber.waitFor("the message") { !$0.isEmpty }
        #expect(subscriber.messages.first?.text == "hello")
        #expect(subscriber.messages.first?.contentType == nil, "3.1.1 has no properties")
        #expect(proxy.refusedV5 == 1)
        #expect(client.status.protocolVersion == .v311)
        #expect(client.status.failedAttempts == 0, "falling back is not a failure")
    }

    @Test func aUserNameAndPasswordLetItIn() throws {
        let broker = try MosquittoBroker(.init(users: ["kiosk": "s3cret pass"]))
        var configuration = MQTTConfiguration.test(broker)
        configuration.username = "kiosk"
        configuration.password = "s3cret pass"
        let client = try MQTTClient(configuration)
        defer { client.close() }
        #expect(client.waitUntilConnected(until: .inSeconds(10)))
        #expect(client.status.lastError == nil)
    }

    @Test func aWrongPasswordIsAClearLastErrorWithoutThePassword() throws {
        let broker = try MosquittoBroker(.init(users: ["kiosk": "s3cret"]))
        var configuration = MQTTConfiguration.test(broker)
        configuration.username = "kiosk"
        configuration.password = "wr0ng-Passw0rd"
        let client = try MQTTClient(configuration)
        defer { client.close() }
        try waitFor("a failed attempt") { client.status.failedAttempts >= 1 }
        let error = try #require(client.status.lastError)
        #expect(error.description == "127.0.0.1:\(broker.port) refused the connection: not authorized")
        #expect(client.status.state != .connected)
    }

    @Test func tlsWithTheBrokersCA() throws {
        let broker = try MosquittoBroker(.init(tls: true))
        let subscriber = try MQTTSubscriber(broker: broker)
        var configuration = MQTTConfiguration.test(broker)
        configuration.host = "localhost"
        configuration.tls = .init(cafile: broker.caFile)
        let client = try MQTTClient(configuration)
        defer { client.close() }
        let id = try client.publish(topic: "kiosk/test/tls", payload: Array("secure".utf8), qos: 1, retain: false)
        #expect(client.waitForAcknowledgements([id], until: .inSeconds(20)) == [.acknowledged])
        try subscriber.waitFor("the message") { $0.map(\.text) == ["secure"] }
    }

    @Test func tlsWithoutTheBrokersCAFailsClearly() throws {
        let broker = try MosquittoBroker(.init(tls: true))
        var configuration = MQTTConfiguration.test(broker)
        configuration.host = "localhost"
        configuration.tls = .init() // the system's CAs, which never signed this broker
        let client = try MQTTClient(configuration)
        defer { client.close() }
        try waitFor("a failed attempt") { client.status.failedAttempts >= 1 }
        let error = try #require(client.status.lastError)
        #expect(error.description.hasPrefix("TLS with localhost:\(broker.port) failed: "))
        #expect(error.description.contains("certificate verify failed"))
    }

    /// libmosquitto, given only MOSQ_OPT_TLS_USE_OS_CERTS, refused every attempt after the
    /// first as "invalid function arguments": each retry must fail for the real reason.
    @Test func everyRetryWithTheSystemsCAsFailsForTheRealReason() throws {
        let broker = try MosquittoBroker(.init(tls: true))
        var configuration = MQTTConfiguration.test(broker)
        configuration.host = "localhost"
        configuration.tls = .init()
        let client = try MQTTClient(configuration)
        defer { client.close() }
        try waitFor("three failed attempts") { client.status.failedAttempts >= 3 }
        let error = try #require(client.status.lastError)
        #expect(error.description.hasPrefix("TLS with localhost:\(broker.port) failed: "), "\(error)")
        #expect(error.description.contains("certificate verify failed"))
    }

    @Test func aClientCertificateForABrokerThatAsks() throws {
        let broker = try MosquittoBroker(.init(tls: true, requireClientCertificate: true))
        var configuration = MQTTConfiguration.test(broker)
        configuration.host = "localhost"
        configuration.tls = .init(cafile: broker.caFile)
        let without = try MQTTClient(configuration)
        defer { without.close() }
        configuration.tls = .init(cafile: broker.caFile, certfile: broker.clientCertificate.certfile, keyfile: broker.clientCertificate.keyfile)
        configuration.clientID += "-with"
        let with = try MQTTClient(configuration)
        defer { with.close() }
        #expect(with.waitUntilConnected(until: .inSeconds(10)))
        try waitFor("the client without a certificate to fail") { without.status.failedAttempts >= 1 }
        #expect(without.status.connections == 0)
    }

    @Test func aMissingTLSFileIsASetupError() throws {
        let broker = try MosquittoBroker()
        var configuration = MQTTConfiguration.test(broker)
        configuration.tls = .init(cafile: "/no/such/ca.crt")
        #expect(throws: MQTTError.invalidSetting("the TLS file '/no/such/ca.crt'", reason: "no such file")) {
            try MQTTClient(configuration)
        }
    }

    @Test func closingDisconnectsCleanlySoTheBrokerDropsTheWill() throws {
        let broker = try MosquittoBroker()
        var configuration = MQTTConfiguration.test(broker)
        configuration.will = .init(topic: "kiosk/test/status", payload: Array("offline".utf8))
        let client = try MQTTClient(configuration)
        let id = try client.publish(topic: "kiosk/test/status", payload: Array("online".utf8), qos: 1, retain: true)
        #expect(client.waitForAcknowledgements([id], until: .inSeconds(20)) == [.acknowledged])
        client.close()
        #expect(client.status.state == .closed)
        #expect(throws: MQTTError.closed) { try client.publish(topic: "kiosk/test/x", payload: [], qos: 1, retain: false) }
        // Had the broker found the connection dropped rather than closed, it would have
        // published the will as it noticed: before a client that connects later could
        // publish anything. So a message sent after the subscriber is in, once it arrives,
        // comes after any will — no waiting for one that may be late.
        let later = try MQTTSubscriber(broker: broker)
        try later.waitFor("the retained status") { !$0.isEmpty }
        let other = try MQTTClient(MQTTConfiguration.test(broker))
        defer { other.close() }
        let marker = try other.publish(topic: "kiosk/test/marker", payload: Array("marker".utf8), qos: 1, retain: false)
        #expect(other.waitForAcknowledgements([marker], until: .inSeconds(20)) == [.acknowledged])
        try later.waitFor("the marker") { $0.contains { $0.topic == "kiosk/test/marker" } }
        #expect(later.messages.map(\.text) == ["online", "marker"])
    }

    @Test func itReconnectsAfterTheBrokerRestartsAndSendsWhatWasQueued() throws {
        let broker = try MosquittoBroker(.init(persistence: true))
        let subscriber = try MQTTSubscriber(broker: broker, clientID: "watcher", persistentSession: true)
        let client = try MQTTClient(.test(broker))
        defer { client.close() }
        #expect(client.waitUntilConnected(until: .inSeconds(10)))
        broker.kill()
        try waitFor("the client to notice") { client.status.state != .connected }
        let ids = try (0..<10).map { try client.publish(topic: "kiosk/test/later", payload: Array("\($0)".utf8), qos: 1, retain: false) }
        try waitFor("a failed attempt") { client.status.failedAttempts >= 1 }
        #expect(client.status.lastError == .cannotConnect(address: "127.0.0.1:\(broker.port)", reason: "connection refused"))
        #expect(client.outcome(of: ids[0]) == .pending)
        try broker.restart()
        #expect(client.waitUntilConnected(until: .inSeconds(20)))
        #expect(client.waitForAcknowledgements(ids, until: .inSeconds(20)).allSatisfy { $0 == .acknowledged })
        #expect(client.status.connections == 2)
        try subscriber.waitFor("the queued messages") { $0.count >= 10 }
        #expect(subscriber.messages.map(\.text) == (0..<10).map(String.init))
    }
}
