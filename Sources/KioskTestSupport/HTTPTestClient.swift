import Foundation

/// A plain HTTP/1.1 client on a socket, for tests of `kiosk serve`: it sends exactly the
/// bytes a test writes (a wrong `Host`, no `Content-Type`, a header too long, half a
/// request) and reads one response, so every rule of the server can be tried. URLSession
/// would fix up such requests before sending them.
public final class HTTPTestClient {
    /// A response as read from the wire.
    public struct Response: Sendable, CustomStringConvertible {
        public let status: Int
        /// In the order received, names as sent.
        public let headers: [(name: String, value: String)]
        public let body: [UInt8]

        public var text: String { String(decoding: body, as: UTF8.self) }

        /// The first header named `name`, in any case.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The body as JSON.
        public var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        }

        public var description: String { "\(status) \(text)" }
    }

    public enum Failure: Error, CustomStringConvertible {
        case connect(Int32)
        case closed(partial: String)
        case timedOut(partial: String)
        case malformed(String)

        public var description: String {
            switch self {
            case .connect(let code): "connect failed: \(String(cString: strerror(code)))"
            case .closed(let partial): "the server closed the connection after: \(partial.prefix(200))"
            case .timedOut(let partial): "no whole response in time; got: \(partial.prefix(200))"
            case .malformed(let text): "malformed response: \(text.prefix(200))"
            }
        }
    }

    public let port: UInt16
    /// The socket; -1 once `disconnect` has closed it.
    public private(set) var descriptor: Int32
    private var buffer: [UInt8] = []
    /// How long a response may take: generous, since the machine may be busy with other
    /// builds; a server that hangs still fails the test instead of blocking the suite.
    public var timeout: Duration = .seconds(30)

    /// Connects to `host:port` (from `source`, a local address to send from, when given;
    /// with `receiveBuffer`, a socket that holds little of what it is sent).
    public init(port: UInt16, host: String = "127.0.0.1", source: String? = nil, receiveBuffer: Int32? = nil) throws {
        self.port = port
        // The last property set: a connect that fails throws before it, so no deinit runs
        // to close the number again (by then perhaps another test's socket).
        descriptor = try HTTPTestClient.connect(port: port, host: host, source: source, receiveBuffer: receiveBuffer)
    }

    /// A socket connected to `host:port`; one that cannot connect is closed, once.
    private static func connect(port: UInt16, host: String, source: String?, receiveBuffer: Int32?) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure.connect(errno) }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            _ = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw Failure.connect(code)
        }
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
    }

    /// Closes the connection, as a client that goes away does. The number is not closed
    /// again: by then it may be another socket's.
    public func disconnect() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit {
        disconnect()
    }

    /// Sends bytes as they are.
    public func send(raw bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }

    public func send(raw text: String) {
        send(raw: Array(text.utf8))
    }

    /// Sends a request: `Host` is `127.0.0.1:PORT` unless `headers` has one; a body gets its
    /// `Content-Length` (and `Content-Type: application/json` unless given).
    public func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: String? = nil
    ) throws -> Response {
        var lines = ["\(method) \(target) HTTP/1.1"]
        let names = Set(headers.map { $0.0.lowercased() })
        if !names.contains("host") { lines.append("Host: 127.0.0.1:\(port)") }
        if let body {
            if !names.contains("content-type") { lines.append("Content-Type: application/json") }
            if !names.contains("content-length") { lines.append("Content-Length: \(body.utf8.count)") }
        }
        lines += headers.map { "\($0.0): \($0.1)" }
        send(raw: lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? ""))
        return try readResponse(forHead: method == "HEAD")
    }

    /// Reads one response.
    public func readResponse(forHead: Bool = false) throws -> Response {
        let deadline = ContinuousClock.now + timeout
        let (status, headers) = try readHead(until: deadline)
        let find = { (name: String) in headers.first { $0.name.lowercased() == name }?.value }
        var body: [UInt8] = []
        if forHead || status == 204 || status == 304 || status / 100 == 1 {
            body = []
        } else if let length = find("content-length").flatMap(Int.init) {
            _ = try fill(until: deadline) { $0.count >= length ? length : nil }
            body = Array(buffer[..<length])
            buffer.removeFirst(length)
        } else if find("transfer-encoding")?.lowercased() == "chunked" {
            body = try readChunks(until: deadline)
        } else {
            _ = try? fill(until: deadline) { _ in nil }
            body = buffer
            buffer = []
        }
        return Response(status: status, headers: headers, body: body)
    }

    // MARK: Streams

    /// The body of a streamed response read so far, de-chunked.
    public private(set) var streamed: [UInt8] = []
    /// Whether the server ended the stream (its last chunk, or closing).
    public private(set) var streamEnded = false

    /// Sends `GET path` and reads the response's head: for an event stream, whose body
    /// `readStream` then reads as it comes.
    public func openStream(_ path: String, headers: [(String, String)] = []) throws -> Response {
        var lines = ["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Accept: text/event-stream"]
        lines += headers.map { "\($0.0): \($0.1)" }
        send(raw: lines.joined(separator: "\r\n") + "\r\n\r\n")
        let (status, fields) = try readHead(until: ContinuousClock.now + timeout)
        return Response(status: status, headers: fields, body: [])
    }

    /// Reads a response's head, up to its blank line: the status and the headers.
    private func readHead(until deadline: ContinuousClock.Instant) throws -> (status: Int, headers: [(name: String, value: String)]) {
        let headEnd = try fill(until: deadline) { buffer in Self.find([13, 10, 13, 10], in: buffer).map { $0 + 4 } }
        let head = String(decoding: buffer[..<(headEnd - 4)], as: UTF8.self)
        buffer.removeFirst(headEnd)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure.malformed(head) }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, headers)
    }

    /// Reads the stream until `done` holds for the text read so far (or it ends); the text.
    @discardableResult
    public func readStream(within: Duration, until done: (String) -> Bool) throws -> String {
        let deadline = ContinuousClock.now + within
        while true {
            decodeChunks()
            let text = String(decoding: streamed, as: UTF8.self)
            if done(text) || streamEnded { return text }
            guard ContinuousClock.now < deadline else { throw Failure.timedOut(partial: text) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 {
                streamEnded = true
                continue
            }
            buffer += chunk[..<count]
        }
    }

    /// Moves every whole chunk of `buffer` into `streamed`.
    private func decodeChunks() {
        while let lineEnd = Self.find([13, 10], in: buffer) {
            let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return }
            if size == 0 {
                streamEnded = true
                return
            }
            guard buffer.count >= lineEnd + 2 + size + 2 else { return }
            streamed += buffer[(lineEnd + 2)..<(lineEnd + 2 + size)]
            buffer.removeFirst(lineEnd + 2 + size + 2)
        }
    }

    private func readChunks(until deadline: ContinuousClock.Instant) throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try fill(until: deadline) { Self.find([13, 10], in: $0) }
            let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw Failure.malformed(String(sizeText)) }
            buffer.removeFirst(lineEnd + 2)
            if size == 0 {
                _ = try fill(until: deadline) { Self.find([13, 10], in: $0) }
                if let end = Self.find([13, 10], in: buffer) { buffer.removeFirst(end + 2) }
                return body
            }
            _ = try fill(until: deadline) { $0.count >= size + 2 ? size : nil }
            body += buffer[..<size]
            buffer.removeFirst(size + 2)
        }
    }

    /// Reads until `done` finds what it needs in the buffer; EOF without it throws `closed`.
    @discardableResult
    private func fill(until deadline: ContinuousClock.Instant, _ done: ([UInt8]) -> Int?) throws -> Int {
        while true {
            if let found = done(buffer) { return found }
            let left = deadline - .now
            guard left > .zero else { throw Failure.timedOut(partial: String(decoding: buffer, as: UTF8.self)) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 1000))
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 { throw Failure.closed(partial: String(decoding: buffer, as: UTF8.self)) }
            buffer += chunk[..<count]
        }
    }

    /// Whether the server has closed the connection (reads EOF within `within`).
    public func isClosed(within: Duration) -> Bool {
        let deadline = ContinuousClock.now + within
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 { return true }
            buffer += chunk[..<count]
        }
        return false
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}
