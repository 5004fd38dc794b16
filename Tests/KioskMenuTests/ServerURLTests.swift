@testable import KioskMenu
import Testing

@Suite struct ServerURLTests {
    @Test func hostPortUserAndPassword() throws {
        let plain = try ServerURL(parsing: "mqtt://broker.example.com:1883", schemes: ["mqtt", "mqtts"])
        #expect(plain.scheme == "mqtt" && plain.host == "broker.example.com" && plain.port == 1883)
        #expect(plain.user == nil && plain.password == nil)
        let full = try ServerURL(parsing: "MQTTS://kiosk:p%40ss:w@[::1]:8883/", schemes: ["mqtt", "mqtts"])
        #expect(full.scheme == "mqtts" && full.host == "::1" && full.port == 8883)
        #expect(full.user == "kiosk" && full.password == "p@ss:w")
        #expect(try ServerURL(parsing: "mqtt://127.0.0.1", schemes: ["mqtt"]).port == nil)
    }

    @Test func whatIsNotAServerAddress() {
        let cases: [(String, ServerURL.Problem)] = [
            ("http://broker:1883", .scheme), ("broker:1883", .scheme), ("mqtt://", .host), ("mqtt://:1883", .host),
            ("mqtt://broker:0", .port), ("mqtt://broker:65536", .port), ("mqtt://broker:x", .port), ("mqtt://broker:", .port),
            ("mqtt://broker/topic", .path), ("mqtt://broker?x=1", .path), ("mqtt://a b", .host), ("mqtt://u:%zz@broker", .userInfo),
            ("mqtt://[::1", .host), ("mqtt://::1:1883", .host),
        ]
        for (text, problem) in cases {
            #expect(throws: problem, "\(text)") { try ServerURL(parsing: text, schemes: ["mqtt", "mqtts"]) }
        }
    }

    @Test func maskingHidesOnlyThePassword() {
        #expect(ServerURL.masked("mqtt://kiosk:hunter2@broker:1883") == "mqtt://kiosk:****@broker:1883")
        #expect(ServerURL.masked("mqtts://kiosk:${MQTT_PASSWORD}@broker") == "mqtts://kiosk:****@broker")
        #expect(ServerURL.masked("mqtt://kiosk@broker") == "mqtt://kiosk@broker")
        #expect(ServerURL.masked("mqtt://broker:1883") == "mqtt://broker:1883")
        #expect(ServerURL.masked("${MQTT_URL}") == "${MQTT_URL}")
    }
}
