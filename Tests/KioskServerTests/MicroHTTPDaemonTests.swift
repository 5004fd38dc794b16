import Foundation
import KioskServer
import KioskSystem
import KioskTestSupport
import KioskWire
import Synchronization
import Testing

/// The wall around libmicrohttpd, with a handler made up here: requests in, answers out,
/// now or later from another thread, bodies bounded.
@Suite struct MicroHTTPDaemonTests {
    /// Answers `/now` at once, `/later` from another thread, and echoes what it saw.
    final class EchoHandler: HTTPRequestHandler {
        let finishedCount = Atomic<Int>(0)

        func headersArrived(_ exchange: HTTPExchange) -> HTTPResponse? {
            exchange.path == "/refuse-early" ? HTTPResponse(status: 413, body: Array("too big".utf8)) : nil
        }

        func refuse(_ exchange: HTTPExchange, because problem: FramingProblem) -> HTTPResponse {
            HTTPResponse(status: problem.status, body: Array("refused: \(problem)".utf8))
        }

        func handle(_ exchange: HTTPExchange) -> HTTPHandling {
            let text = "\(exchange.method) \(exchange.path) query=\(exchange.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")) "
                + "body=\(exchange.bodyExceeded ? "exceeded" : String(decoding: exchange.body, as: UTF8.self)) client=\(exchange.client)"
            let response = HTTPResponse(status: 200, headers: [HTTPField("X-Seen", "yes")], body: Array(text.utf8))
            guard exchange.path.hasPrefix("/later") else { return .respond(response) }
            return .later {
                Thread.detachNewThread {
                    usleep(20_000)
                    exchange.respond(response)
                }
            }
        }

        func finished(_ exchange: HTTPExchange, completed: Bool) {
            finishedCount.add(1, ordering: .relaxed)
        }
    }

    /// A stream with nothing to say: it parks its connection at once and stays parked until
    /// its client hangs up.
    final class SilentStream: HTTPStream, @unchecked Sendable {
        private let state = Mutex<(resume: (@Sendable () -> Void)?, parked: Bool, ended: Bool)>((nil, false, false))
        private let closedFlag = Atomic<Bool>(false)
        var isClosed: Bool { closedFlag.load(ordering: .acquiring) }

        func attach(resume: @escaping @Sendable () -> Void) {
            state.withLock { $0.resume = resume }
        }

        func read(upTo limit: Int, suspend: () -> Void, copy: (ArraySlice<UInt8>) -> Void) -> Int? {
            state.withLock { state in
                if state.ended { return nil }
                suspend()
                state.parked = true
                return 0
            }
        }

        func hangUp() {
            let resume = state.withLock { state -> (@Sendable () -> Void)? in
                state.ended = true
                defer { state.parked = false }
                return state.parked && !isClosed ? state.resume : nil
            }
            resume?()
        }

        func closed() {
            closedFlag.store(true, ordering: .releasing)
            state.withLock { $0.resume = nil }
        }
    }

    /// Answers every request with a `SilentStream`, and keeps them.
    final class StreamHandler: HTTPRequestHandler {
        let streams = Mutex<[SilentStream]>([])

        func headersArrived(_ exchange: HTTPExchange) -> HTTPResponse? { nil }

        func refuse(_ exchange: HTTPExchange, because problem: FramingProblem) -> HTTPResponse {
            HTTPResponse(status: problem.status)
        }

        func handle(_ exchange: HTTPExchange) -> HTTPHandling {
            let stream = SilentStream()
            streams.withLock { $0.append(stream) }
            return .respond(HTTPResponse(status: 200, stream: stream))
        }

        func finished(_ exchange: HTTPExchange, completed: Bool) {}
    }

    private func start(_ handler: EchoHandler, settings: DaemonSettings = DaemonSettings()) throws -> (MicroHTTPDaemon, UInt16) {
        let socket = try ListeningSocket.open(host: "127.0.0.1", port: 0)
        return (try MicroHTTPDaemon(socket: socket, settings: settings, handler: handler), socket.port)
    }

    @Test func answersARequestAtOnceWithItsPathQueryAndBody() throws {
        let handler = EchoHandler()
        let (daemon, port) = try start(handler)
        defer { daemon.stop(deadline: .now + .seconds(5)) }
        let client = try HTTPTestClient(port: port)
        let response = try client.request("POST", "/now/a%2Fb?after=3&x", body: "hello")
        #expect(response.status == 200)
        #expect(response.header("x-seen") == "yes")
        // The path and query stay as sent: percent-encoded, so `%2F` is not a `/`.
        #expect(response.text == "POST /now/a%2Fb query=after=3&x= body=hello client=127.0.0.1")
    }

    @Test func answersFromAnotherThreadAfterSuspending() throws {
        let handler = EchoHandler()
        let (daemon, port) = try start(handler)
        defer { daemon.stop(deadline: .now + .seconds(5)) }
        let client = try HTTPTestClient(port: port)
        // Several on one keep-alive connection, each suspended and resumed.
        for index in 0..<5 {
            let response = try client.request("GET", "/later/\(index)")
            #expect(response.status == 200)
            #expect(response.text.hasPrefix("GET /later/\(index) "))
        }
        #expect(daemon.suspendedCount == 0)
    }

    @Test func aDeclaredBodyPastTheLimitIsRefusedBeforeItIsRead() throws {
        var settings = DaemonSettings()
        settings.bodyLimit = 16
        let handler = EchoHandler()
        let (daemon, port) = try start(handler, settings: settings)
        defer { daemon.stop(deadline: .now + .seconds(5)) }
        let client = try HTTPTestClient(port: port)
        #expect(try client.request("POST", "/now", body: String(repeating: "x", count: 16)).text.contains("body=xxxxxxxxxxxxxxxx "))
        let refused = try client.request("POST", "/now", body: String(repeating: "x", count: 17))
        #expect(refused.status == 413 && refused.text == "refused: bodyTooLarge(limit: 16)")
        #expect(refused.header("Connection") == "close")
    }

    @Test func aChunkedBodyFarPastTheLimitClosesTheConnection() throws {
        var settings = DaemonSettings()
        settings.bodyLimit = 16
        settings.droppedBodyLimit = 256
        let handler = EchoHandler()
        let (daemon, port) = try start(handler, settings: settings)
        defer { daemon.stop(deadline: .now + .seconds(5)) }
        let chunk = String(repeating: "x", count: 100)
        let head = "POST /now HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        // Past the limit: read to its end, dropped, and said so.
        let short = try HTTPTestClient(port: port)
        short.send(raw: head + "64\r\n\(chunk)\r\n0\r\n\r\n")
        #expect(try short.readResponse().text.contains("body=exceeded"))
        // Past what is dropped: closed, however much more comes.
        let long = try HTTPTestClient(port: port)
        long.send(raw: head + String(repeating: "64\r\n\(chunk)\r\n", count: 4))
        #expect(long.isClosed(within: .seconds(30)))
        #expect(try HTTPTestClient(port: port).request("GET", "/now").status == 200)
    }

    @Test func aResponseBeforeTheBodyEndsTheRequest() throws {
        let handler = EchoHandler()
        let (daemon, port) = try start(handler)
        defer { daemon.stop(deadline: .now + .seconds(5)) }
        let client = try HTTPTestClient(port: port)
        let response = try client.request("POST", "/refuse-early", body: "never read")
        #expect(response.status == 413)
        #expect(response.text == "too big")
    }

    @Test func stopsWithConnectionsOpenAndSaysWhenItsPortIsTaken() throws {
        let handler = EchoHandler()
        let (daemon, port) = try start(handler)
        let idle = try HTTPTestClient(port: port)
        #expect(throws: SystemError.self) { try ListeningSocket.open(host: "127.0.0.1", port: port) }
        daemon.stop(deadline: .now + .seconds(5))
        #expect(idle.isClosed(within: .seconds(10)))
        // Stopped: the port is free again.
        let again = try ListeningSocket.open(host: "127.0.0.1", port: port)
        again.close()
    }

    @Test func aParkedStreamWhoseClientHangsUpIsClosed() throws {
        let handler = StreamHandler()
        let socket = try ListeningSocket.open(host: "127.0.0.1", port: 0)
        let daemon = try MicroHTTPDaemon(socket: socket, settings: DaemonSettings(), handler: handler)
        defer { daemon.stop(deadline: .now + .seconds(5)) }
        var client: HTTPTestClient? = try HTTPTestClient(port: socket.port)
        client?.send(raw: "GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client?.readResponse(forHead: true).status == 200)
        try waitFor("the stream to park", timeout: .seconds(60)) { handler.streams.withLock { $0.count } == 1 }
        let stream = try #require(handler.streams.withLock { $0.first })
        #expect(!stream.isClosed)
        client = nil
        // Nothing is ever written to it: only the hang-up can end it.
        try waitFor("the stream to close", timeout: .seconds(60)) { stream.isClosed }
        #expect(daemon.requestsInHand == 0)
    }

    @Test func theRequestsInHandAreCountedUntilTheyAreOver() throws {
        let handler = EchoHandler()
        let (daemon, port) = try start(handler)
        defer { daemon.stop(deadline: .now + .seconds(5)) }
        let client = try HTTPTestClient(port: port)
        client.send(raw: "POST /now HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n")
        #expect(try client.readResponse().status == 100)
        #expect(daemon.requestsInHand == 1)
        client.send(raw: "0123456789")
        #expect(try client.readResponse().text.contains("body=0123456789"))
        try waitFor("the request to be over", timeout: .seconds(60)) { daemon.requestsInHand == 0 }
    }

    @Test func anIdleConnectionIsClosedAfterTheTimeout() throws {
        var settings = DaemonSettings()
        settings.idleTimeoutSeconds = 1
        let handler = EchoHandler()
        let (daemon, port) = try start(handler, settings: settings)
        defer { daemon.stop(deadline: .now + .seconds(5)) }
        let client = try HTTPTestClient(port: port)
        client.send(raw: "GET /now HTTP/1.1\r\nHost: x\r\n")
        // A second of timeout; up to 20 allowed for a machine busy with other builds.
        #expect(client.isClosed(within: .seconds(20)))
    }
}
