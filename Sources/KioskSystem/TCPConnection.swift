import Glibc

/// A TCP connection kiosk opens to a host and port — a receipt printer's raw port, 9100 —
/// with every step but the name's lookup under a deadline: `getaddrinfo` (IPv4 and IPv6,
/// each address in turn; it may block as long as the resolver takes, a numeric address not
/// at all), a non-blocking connect waited on with `poll`, writes and reads.
///
/// Every failure is a `SystemError`: `ECONNREFUSED`, `ECONNRESET`, `EPIPE` from the system;
/// `ETIMEDOUT` when a deadline passes; `ECANCELED` when `stop` says to give up (a sink being
/// closed); a name that does not resolve is refused as `unresolvedHost`. Writes never raise
/// SIGPIPE (`MSG_NOSIGNAL`), whether or not the process ignores it. The descriptor is
/// closed when the connection goes out of scope.
public struct TCPConnection: ~Copyable {
    /// The connected socket's descriptor, non-blocking.
    public let descriptor: Int32

    /// What a read gave.
    public enum Received: Sendable, Equatable {
        case bytes([UInt8])
        /// The peer closed its side.
        case end
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        FileSystem.close(descriptor)
    }

    /// How often a wait looks at `stop`.
    private static let stopCheck: Int32 = 100

    /// Connects to `host` (a name or a numeric address, `127.0.0.1`, `::1`) and `port`,
    /// trying each of its addresses until one answers or `deadline` passes. Fails with the
    /// last address's error.
    public static func open(
        host: String, port: UInt16, until deadline: ContinuousClock.Instant, stop: () -> Bool = { false }
    ) throws(SystemError) -> TCPConnection {
        var hints = addrinfo()
        hints.ai_family = 0 // any family: IPv4 and IPv6
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(host, String(port), &hints, &found)
        guard looked == 0, let first = found else {
            if looked == EAI_SYSTEM { throw .current() }
            throw .unresolvedHost(host)
        }
        defer { freeaddrinfo(first) }
        var failure = SystemError(code: ETIMEDOUT)
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            do throws(SystemError) {
                return TCPConnection(descriptor: try connect(address.pointee, until: deadline, stop: stop))
            } catch {
                failure = error
                if error.code == ETIMEDOUT || error.code == ECANCELED { break }
            }
        }
        throw failure
    }

    /// One address: a non-blocking socket, its connect awaited until `deadline`.
    private static func connect(_ address: addrinfo, until deadline: ContinuousClock.Instant, stop: () -> Bool) throws(SystemError) -> Int32 {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let descriptor = socket(address.ai_family, type, address.ai_protocol)
        guard descriptor >= 0 else { throw .current() }
        do throws(SystemError) {
            if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
                guard errno == EINPROGRESS || errno == EINTR else { throw .current() }
                try wait(descriptor, for: Int16(POLLOUT), until: deadline, stop: stop)
                var problem: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &problem, &length) == 0 else { throw .current() }
                guard problem == 0 else { throw SystemError(code: problem) }
            }
            return descriptor
        } catch {
            FileSystem.close(descriptor)
            throw error
        }
    }

    /// Writes all of `bytes`, or fails: `ETIMEDOUT` when `deadline` passes first (some may
    /// have been written).
    public func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant, stop: () -> Bool = { false }) throws(SystemError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.send(descriptor, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                try Self.wait(descriptor, for: Int16(POLLOUT), until: deadline, stop: stop)
            } else if count < 0, errno == EINTR {
                continue
            } else {
                throw .current()
            }
        }
    }

    /// Reads what the peer sent, up to `limit` bytes, waiting for some until `deadline`
    /// (then `ETIMEDOUT`); `.end` when the peer closed its side.
    public func read(limit: Int = 4096, until deadline: ContinuousClock.Instant, stop: () -> Bool = { false }) throws(SystemError) -> Received {
        var buffer = [UInt8](repeating: 0, count: max(1, limit))
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .bytes(Array(buffer[..<count])) }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK else { throw .current() }
            try Self.wait(descriptor, for: Int16(POLLIN), until: deadline, stop: stop)
        }
    }

    /// Waits until `descriptor` is ready for `events` (or in error, which the next call
    /// reports), in slices short enough to see `stop`.
    private static func wait(_ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant, stop: () -> Bool) throws(SystemError) {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            if stop() { throw SystemError(code: ECANCELED) }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw SystemError(code: ETIMEDOUT) }
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            let ready = poll(&entry, 1, Int32(min(milliseconds, Int64(stopCheck))))
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw .current() }
        }
    }
}
