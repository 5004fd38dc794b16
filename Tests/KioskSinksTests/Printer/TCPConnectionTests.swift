import Glibc
import KioskSystem
import KioskTestSupport
import Testing

/// `TCPConnection`: each failure is a `SystemError` in words.
@Suite struct TCPConnectionTests {
    @Test func aClosedPortIsRefusedAndAnUnknownHostIsNotFound() throws {
        let port = try #require(Loopback.freePort())
        #expect(throws: SystemError(code: ECONNREFUSED)) {
            _ = try TCPConnection.open(host: "127.0.0.1", port: port, until: .now.advanced(by: .seconds(2)))
        }
        do {
            _ = try TCPConnection.open(host: "no-such-printer.invalid", port: 9100, until: .now.advanced(by: .seconds(5)))
            Issue.record("connected to no-such-printer.invalid")
        } catch {
            #expect(error.description == "no-such-printer.invalid: no such host")
        }
    }

    @Test func itConnectsOverIPv6AndAReadWithNoAnswerTimesOut() throws {
        let listening = try ListeningSocket.open(host: "::1", port: 0)
        defer { listening.close() }
        let connection = try TCPConnection.open(host: "::1", port: listening.port, until: .now.advanced(by: .seconds(2)))
        try connection.write(Array("hello".utf8), until: .now.advanced(by: .seconds(2)))
        let started = ContinuousClock.now
        #expect(throws: SystemError(code: ETIMEDOUT)) { _ = try connection.read(until: .now.advanced(by: .milliseconds(150))) }
        #expect(ContinuousClock.now - started >= .milliseconds(150))
        #expect(throws: SystemError(code: ECANCELED)) { _ = try connection.read(until: .now.advanced(by: .seconds(30)), stop: { true }) }
    }
}
