import Foundation

/// A receipt printer's raw port on 127.0.0.1, for the tests: a real TCP listener that keeps
/// what each connection sent and answers a real-time status request (`DLE EOT n`) with
/// one status byte, `0x16` (online, no error) — as an ESC/POS printer on port 9100 does.
///
/// Each connection behaves as the next planned `Behaviour` says (the last one repeats): read
/// everything, read slowly, never answer, or drop the connection with a reset after some
/// bytes. A printer bound but not listening refuses connections (a printer that is off)
/// while no other program can take its port; `listen()` turns it on.
public final class TestPrinter: @unchecked Sendable {
    public enum Behaviour: Sendable, Equatable {
        /// Reads everything and answers each status request.
        case normal
        /// Reads `chunk` bytes at a time with `pause` after each, then answers.
        case slow(chunk: Int, pause: Duration)
        /// Reads and keeps `bytes` bytes, then closes the connection with a reset (`SO_LINGER`
        /// 0): a printer that went off half-way through a job.
        case drop(afterBytes: Int)
        /// Reads everything and never answers.
        case silent
    }

    /// What one connection sent.
    public struct Connection: Sendable, Equatable {
        /// Every byte read, status requests included.
        public internal(set) var bytes: [UInt8] = []
        /// Whether a status request was answered.
        public internal(set) var answered = false
        /// Whether the printer dropped it with a reset.
        public internal(set) var dropped = false
        /// Whether it is over: closed by either side.
        public internal(set) var ended = false

        /// The bytes without the status requests: the job.
        public var job: [UInt8] { TestPrinter.removingStatusRequests(bytes) }
    }

    public static let status: UInt8 = 0x16

    public let port: UInt16
    private let listener: Int32
    private let lock = NSCondition()
    private var behaviours: [Behaviour]
    private var received: [Connection] = []
    private var stopped = false

    /// Binds to `port` (0: any free port) and, with `listening`, starts taking connections.
    public init(_ behaviours: [Behaviour] = [.normal], port: UInt16 = 0, listening: Bool = true) throws {
        self.behaviours = behaviours.isEmpty ? [.normal] : behaviours
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard Loopback.withAddress(port: port, { bind(listener, $0, $1) }) == 0, !listening || Glibc.listen(listener, 16) == 0 else {
            close(listener)
            throw TestHTTPServer.ServerError.cannotListen(errno)
        }
        self.listener = listener
        self.port = Loopback.port(of: listener) ?? port
        if listening { Thread.detachNewThread { [self] in acceptLoop() } }
    }

    deinit {
        stop()
    }

    /// Starts taking connections on the port it was bound to: the printer comes on.
    public func listen() throws {
        guard Glibc.listen(listener, 16) == 0 else { throw TestHTTPServer.ServerError.cannotListen(errno) }
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// How the connections after those made so far behave.
    public func plan(_ behaviours: [Behaviour]) {
        lock.lock()
        self.behaviours = Array(repeating: .normal, count: received.count) + (behaviours.isEmpty ? [.normal] : behaviours)
        lock.unlock()
    }

    /// Every connection so far, in the order they came.
    public var connections: [Connection] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// The jobs of the connections whose status request was answered: the receipts the
    /// printer confirmed.
    public var confirmedJobs: [[UInt8]] { connections.filter(\.answered).map(\.job) }

    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        if !wasStopped {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    /// `bytes` without the `DLE EOT n` sequences.
    public static func removingStatusRequests(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x10, index + 2 < bytes.count, bytes[index + 1] == 0x04 {
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    // MARK: Serving

    private func acceptLoop() {
        Loopback.acceptEach(on: listener) { connection in
            lock.lock()
            let index = received.count
            received.append(Connection())
            let behaviour = behaviours[min(index, behaviours.count - 1)]
            lock.unlock()
            Thread.detachNewThread { [self] in serve(connection, index: index, behaviour: behaviour) }
        }
    }

    private func serve(_ connection: Int32, index: Int, behaviour: Behaviour) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        var total = 0
        var all: [UInt8] = []
        var answers = 0
        while true {
            var limit = chunk.count
            switch behaviour {
            case .slow(let size, _): limit = max(1, size)
            case .drop(let after):
                guard total < after else {
                    var reset = linger(l_onoff: 1, l_linger: 0)
                    setsockopt(connection, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
                    close(connection)
                    update(index) { $0.dropped = true; $0.ended = true }
                    return
                }
                limit = min(limit, after - total)
            case .normal, .silent: break
            }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, limit, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
            let bytes = Array(chunk[..<count])
            update(index) { $0.bytes += bytes }
            all += bytes
            // Requests read so far, less those answered: each gets its byte.
            let requests = (all.count - TestPrinter.removingStatusRequests(all).count) / 3
            while behaviour != .silent, answers < requests {
                var status = TestPrinter.status
                guard send(connection, &status, 1, Int32(MSG_NOSIGNAL)) == 1 else { break }
                answers += 1
                update(index) { $0.answered = true }
            }
            if case .slow(_, let pause) = behaviour {
                Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18)
            }
        }
        close(connection)
        update(index) { $0.ended = true }
    }

    private func update(_ index: Int, _ change: (inout Connection) -> Void) {
        lock.lock()
        change(&received[index])
        lock.broadcast()
        lock.unlock()
    }
}
