import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 for the tests and the benchmark: it records every
/// request and answers each with the next planned reply (the last one repeats).
public final class TestHTTPServer: @unchecked Sendable {
    public enum Reply: Sendable {
        /// A status, with extra headers.
        case status(Int, headers: [(String, String)] = [])
        /// Waits until `release()`, then answers 200.
        case hold
        /// Closes the connection without answering.
        case close
        /// Waits, then replies.
        indirect case delayed(Duration, Reply)
        /// A 200 whose body never ends.
        case endlessBody
        /// The answer one byte a second.
        case trickle
    }

    public struct Request: Sendable {
        public let method: String
        public let path: String
        /// Header names lower-cased.
        public let headers: [String: String]
        public let body: [UInt8]
        public let arrival: ContinuousClock.Instant

        public var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    public private(set) var port: UInt16 = 0
    private let listener: Int32
    private let lock = NSCondition()
    private var replies: [Reply]
    private var received: [Request] = []
    private var released = false
    private var count = 0
    /// Off for the benchmark: count requests, keep none.
    private let keepsRequests: Bool
    private var stopped = false

    /// Binds to `port` (0: any free port, which `port` then reports) and, with `listening`,
    /// starts answering. A server bound but not listening refuses connections — a receiver
    /// that is down — while no other program can take its port; `listen()` brings it up.
    public init(replies: [Reply] = [.status(200)], port: UInt16 = 0, keepsRequests: Bool = true, listening: Bool = true) throws {
        self.keepsRequests = keepsRequests
        self.replies = replies
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = Loopback.withAddress(port: port) { bind(listener, $0, $1) }
        guard bound == 0, !listening || Glibc.listen(listener, 64) == 0 else {
            close(listener)
            throw ServerError.cannotListen(errno)
        }
        self.port = Loopback.port(of: listener) ?? port
        if listening { Thread.detachNewThread { [self] in acceptLoop() } }
    }

    /// Starts answering on the port it was bound to.
    public func listen() throws {
        guard Glibc.listen(listener, 64) == 0 else { throw ServerError.cannotListen(errno) }
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
    }

    public var url: String { "http://127.0.0.1:\(port)/hook" }

    /// How many requests arrived so far.
    public var requestCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// Every request so far, in arrival order.
    public var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Lets held requests answer.
    public func release() {
        lock.lock()
        released = true
        lock.broadcast()
        lock.unlock()
    }

    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        released = true
        lock.broadcast()
        lock.unlock()
        if !wasStopped {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    // MARK: Serving

    private func acceptLoop() {
        Loopback.acceptEach(on: listener) { connection in
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var reader = RequestReader(connection: connection)
        while let (head, body) = reader.next() {
            // Parsed into a `Request` only when kept: the benchmark's receiver stays light,
            // so the machine's cores go to what is measured.
            let reply = record(keepsRequests ? TestHTTPServer.request(head: head, body: body) : nil)
            guard answer(connection, with: reply) else { return }
        }
    }

    private func record(_ request: Request?) -> Reply {
        lock.lock()
        defer { lock.unlock() }
        let reply = replies[min(count, replies.count - 1)]
        count += 1
        if let request { received.append(request) }
        lock.broadcast()
        return reply
    }

    /// Sends the reply; `false` when the connection is to be dropped.
    private func answer(_ connection: Int32, with reply: Reply) -> Bool {
        switch reply {
        case .status(let code, let headers):
            var text = "HTTP/1.1 \(code) \(TestHTTPServer.reason(code))\r\nContent-Length: 0\r\n"
            for (name, value) in headers { text += "\(name): \(value)\r\n" }
            text += "\r\n"
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        case .hold:
            lock.lock()
            while !released { lock.wait() }
            lock.unlock()
            return answer(connection, with: .status(200))
        case .close:
            return false
        case .delayed(let delay, let then):
            Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            return answer(connection, with: then)
        case .endlessBody:
            let head = Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n".utf8)
            guard head.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == head.count else { return false }
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
            // About 64 MB/s: a stream that never ends, without taking a core from the test.
            while !isStopped, chunk.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0 {
                usleep(1_000)
            }
            return false
        case .trickle:
            for byte in Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8) {
                var one = byte
                guard !isStopped, send(connection, &one, 1, Int32(MSG_NOSIGNAL)) == 1 else { return false }
                Thread.sleep(forTimeInterval: 1)
            }
            return true
        }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private static func request(head: ArraySlice<UInt8>, body: ArraySlice<UInt8>) -> Request? {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: Array(body), arrival: .now)
    }

    private static func reason(_ code: Int) -> String {
        [200: "OK", 302: "Found", 400: "Bad Request", 408: "Request Timeout", 429: "Too Many Requests",
         500: "Internal Server Error", 503: "Service Unavailable"][code] ?? "Status"
    }

    public enum ServerError: Error {
        case cannotListen(Int32)
    }
}

/// Reads HTTP/1.1 requests off one connection, bytes only: a head up to its blank line,
/// then `Content-Length` bytes of body.
private struct RequestReader {
    let connection: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 16 << 10)

    init(connection: Int32) {
        self.connection = connection
    }

    /// The next request's head (without the blank line) and body; `nil` at the end.
    mutating func next() -> (head: ArraySlice<UInt8>, body: ArraySlice<UInt8>)? {
        buffer.removeSubrange(0..<start) // what the last request used; usually all of it
        start = 0
        var scanned = 0
        var headEnd: Int?
        while headEnd == nil {
            while scanned + 3 < buffer.count {
                if buffer[scanned] == 13, buffer[scanned + 1] == 10, buffer[scanned + 2] == 13, buffer[scanned + 3] == 10 {
                    headEnd = scanned
                    break
                }
                scanned += 1
            }
            if headEnd == nil, !receive() { return nil }
        }
        guard let headEnd else { return nil }
        let bodyStart = headEnd + 4
        let length = RequestReader.contentLength(buffer[..<headEnd])
        while buffer.count - bodyStart < length {
            guard receive() else { return nil }
        }
        start = bodyStart + length
        return (buffer[..<headEnd], buffer[bodyStart..<start])
    }

    /// Appends what the connection has.
    private mutating func receive() -> Bool {
        let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private static func contentLength(_ head: ArraySlice<UInt8>) -> Int {
        let name = Array("content-length:".utf8)
        var lineStart = head.startIndex
        while lineStart < head.endIndex {
            let lineEnd = head[lineStart...].firstIndex(of: 13) ?? head.endIndex
            let line = head[lineStart..<lineEnd]
            if line.count > name.count, zip(line, name).allSatisfy({ ($0 | 0x20) == $1 }) {
                var value = 0
                for byte in line.dropFirst(name.count) where byte >= 48 && byte <= 57 {
                    value = value &* 10 &+ Int(byte - 48)
                }
                return value
            }
            lineStart = lineEnd + 2
        }
        return 0
    }
}

/// Polls until `condition` holds; fails after `timeout`. For waiting on another process.
public func waitFor(_ what: String, timeout: Duration = .seconds(20), every interval: Double = 0.01, _ condition: () throws -> Bool) throws {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
        if try condition() { return }
        Thread.sleep(forTimeInterval: interval)
    }
    if try condition() { return }
    throw WaitError.timedOut(what)
}

public enum WaitError: Error, CustomStringConvertible {
    case timedOut(String)

    public var description: String {
        switch self {
        case .timedOut(let what): "gave up waiting for \(what)"
        }
    }
}
