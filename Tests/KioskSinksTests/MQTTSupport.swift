import Foundation
import KioskSinks
import KioskTestSupport
import Synchronization

extension MQTTConfiguration {
    /// A client of a test broker, quick to reconnect.
    static func test(_ broker: MosquittoBroker, clientID: String = "test-\(UUID().uuidString.prefix(8))") -> MQTTConfiguration {
        MQTTConfiguration(
            host: "127.0.0.1", port: Int(broker.port), clientID: clientID,
            reconnect: RetryPolicy(maximumRetries: nil, initialBackoff: .milliseconds(50), maximumBackoff: .milliseconds(400)),
            connectTimeout: .seconds(5)
        )
    }
}

extension ContinuousClock.Instant {
    static func inSeconds(_ seconds: Int) -> ContinuousClock.Instant { .now.advanced(by: .seconds(seconds)) }
}

/// A TCP proxy on 127.0.0.1 in front of a test broker. The test can cut every connection
/// at once — a client's connection dies mid-stream while the broker lives on — and `stop`
/// it; `greet` sees each new client first and says what to pass on to the broker before
/// the rest, or `nil` to turn the client away.
final class LoopbackProxy: Sendable {
    let port: UInt16
    private let listener: Int32
    private let target: UInt16
    private let greet: @Sendable (Int32) -> [UInt8]?
    /// Whether connections are cut, and the sockets of the open ones.
    private let state = Mutex((cut: false, stopped: false, sockets: Set<Int32>()))

    init(before broker: MosquittoBroker, greet: @escaping @Sendable (Int32) -> [UInt8]? = { _ in [] }) throws {
        target = broker.port
        self.greet = greet
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let bound = Loopback.withAddress(port: 0) { bind(listener, $0, $1) }
        guard bound == 0, listen(listener, 16) == 0 else {
            let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            close(listener)
            throw error
        }
        self.listener = listener
        port = Loopback.port(of: listener) ?? 0
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var url: String { "mqtt://127.0.0.1:\(port)" }

    /// Cuts every open connection, both ways at once, and turns new ones away until `restore`.
    func cut() {
        state.withLock { state in
            state.cut = true
            for socket in state.sockets { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    /// Passes new connections through again.
    func restore() {
        state.withLock { $0.cut = false }
    }

    /// Accepts no more connections and cuts the open ones; the threads end.
    func stop() {
        cut()
        state.withLock { $0.stopped = true }
        // Wakes the accept thread, which closes the listener as it leaves: its number is
        // never given to another socket while the thread may still accept on it.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0, errno == EINTR { continue }
            guard client >= 0, !state.withLock({ $0.stopped }) else {
                if client >= 0 { close(client) }
                return
            }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        guard let greeting = greet(client) else {
            close(client)
            return
        }
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let connected = server >= 0 && Loopback.withAddress(port: target) { connect(server, $0, $1) } == 0
        let admitted = state.withLock { state in
            guard !state.cut, connected else { return false }
            state.sockets.formUnion([client, server])
            return true
        }
        guard admitted else {
            close(client)
            if server >= 0 { close(server) }
            return
        }
        _ = greeting.withUnsafeBytes { send(server, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            LoopbackProxy.pump(from: server, to: client)
            done.signal()
        }
        LoopbackProxy.pump(from: client, to: server)
        done.wait()
        // Forgotten before they are closed: `cut` never shuts down a number that another
        // socket has since been given.
        state.withLock { $0.sockets.subtract([client, server]) }
        close(client)
        close(server)
    }

    /// Copies one way until either side ends, then ends both ways (the other pump stops too).
    private static func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0, buffer.withUnsafeBytes({ send(destination, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }) == count else { break }
        }
        shutdown(destination, Int32(SHUT_RDWR))
        shutdown(source, Int32(SHUT_RDWR))
    }
}

/// An MQTT 3.1.1-only broker: a `LoopbackProxy` in front of a real one that answers an
/// MQTT 5 CONNECT as a 3.1.1 broker does — CONNACK "unacceptable protocol version" — and
/// passes any other connection through.
final class V311OnlyProxy: Sendable {
    private final class Refusals: Sendable {
        let count = Atomic(0)
    }

    private let proxy: LoopbackProxy
    private let refusals = Refusals()

    init(before broker: MosquittoBroker) throws {
        let refusals = self.refusals
        proxy = try LoopbackProxy(before: broker) { client in
            // CONNECT: 0x10, a remaining length, "\0\4MQTT", then the protocol level.
            var head = [UInt8](repeating: 0, count: 9)
            var have = 0
            while have < head.count {
                let count = head[have...].withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return nil }
                have += count
            }
            let lengthBytes = head[1] & 0x80 == 0 ? 1 : 2
            guard head[1 + lengthBytes + 6] == 5 else { return head }
            refusals.count.add(1, ordering: .relaxed)
            let refusal: [UInt8] = [0x20, 0x02, 0x00, 0x01]
            _ = refusal.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return nil
        }
    }

    deinit {
        proxy.stop()
    }

    var port: UInt16 { proxy.port }

    /// MQTT 5 CONNECTs refused so far.
    var refusedV5: Int { refusals.count.load(ordering: .relaxed) }
}
