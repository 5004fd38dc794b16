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

/// An MQTT 3.1.1-only broker: a TCP proxy in front of a real one that answers an MQTT 5
/// CONNECT as a 3.1.1 broker does — CONNACK "unacceptable protocol version" — and passes
/// any other connection through.
final class V311OnlyProxy: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let target: UInt16
    private let refusals = Mutex(0)

    init(before broker: MosquittoBroker) throws {
        target = broker.port
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = V311OnlyProxy.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// MQTT 5 CONNECTs refused so far.
    var refusedV5: Int { refusals.withLock { $0 } }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        // CONNECT: 0x10, a remaining length, "\0\4MQTT", then the protocol level.
        var head = [UInt8](repeating: 0, count: 9)
        var have = 0
        while have < head.count {
            let count = head[have...].withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { close(client); return }
            have += count
        }
        let lengthBytes = head[1] & 0x80 == 0 ? 1 : 2
        let level = head[1 + lengthBytes + 6]
        if level == 5 {
            refusals.withLock { $0 += 1 }
            let refusal: [UInt8] = [0x20, 0x02, 0x00, 0x01]
            _ = refusal.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(client)
            return
        }
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = V311OnlyProxy.loopback(port: target)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(client); close(server); return }
        _ = head.withUnsafeBytes { send(server, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        Thread.detachNewThread { V311OnlyProxy.pump(from: server, to: client) }
        V311OnlyProxy.pump(from: client, to: server)
    }

    private static func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0, buffer.withUnsafeBytes({ send(destination, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }) == count else { break }
        }
        shutdown(destination, Int32(SHUT_RDWR))
        shutdown(source, Int32(SHUT_RDWR))
        close(source)
    }
}

/// A TCP proxy in front of a broker whose connections the test can cut: the connection a
/// client has dies mid-stream — as when a broker crashes — while the broker itself lives
/// on, so everything it acknowledged still reaches its subscribers. (A broker killed with
/// SIGKILL can lose messages it had acknowledged but not yet saved: mosquitto saves its
/// persistence file between packets, not before each PUBACK.)
final class CuttableProxy: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let target: UInt16
    /// Whether connections are cut, and the sockets of the open ones.
    private let state = Mutex((cut: false, sockets: Set<Int32>()))

    init(before broker: MosquittoBroker) throws {
        target = broker.port
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = CuttableProxy.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    var url: String { "mqtt://127.0.0.1:\(port)" }

    /// Cuts every open connection, both ways at once, and drops new ones until `restore`.
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

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = CuttableProxy.loopback(port: target)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let admitted = state.withLock { state in
            guard !state.cut, connected == 0 else { return false }
            state.sockets.formUnion([client, server])
            return true
        }
        guard admitted else {
            close(client)
            close(server)
            return
        }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            CuttableProxy.pump(from: server, to: client)
            done.signal()
        }
        CuttableProxy.pump(from: client, to: server)
        done.wait()
        // Forgotten before they are closed: `cut` never shuts down a number that another
        // socket has since been given.
        state.withLock { $0.sockets.subtract([client, server]) }
        close(client)
        close(server)
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
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
