/// The limits the HTTP daemon runs with. Each is set, none left to the library: its
/// defaults have no idle timeout.
public struct DaemonSettings: Sendable, Equatable {
    /// Connections open at once, in all…
    public var connectionLimit = 2_048
    /// …and from one address, so that one client cannot hold them all.
    public var perAddressLimit = 512
    /// Seconds a connection may stay idle before it is closed.
    public var idleTimeoutSeconds = 30
    /// Bytes of the request line and headers the server takes: past them a request is
    /// refused (414 for its target, 431 for its headers) before its body is read.
    public var headLimit = 32 * 1024
    /// Bytes of libmicrohttpd's memory per connection, for the request line, the headers
    /// and what is read ahead. Twice the head limit, so that the server sees, and refuses
    /// itself, a head past its limit; one that does not fit even here libmicrohttpd refuses
    /// with its own page.
    public var connectionMemory = 64 * 1024
    /// Bytes of body kept per request. A longer declared length is refused before the
    /// body (413); the rest of a longer chunked body is read and dropped (413)…
    public var bodyLimit = 64 * 1024
    /// …up to this many bytes of it in all, past which its connection is closed unanswered.
    public var droppedBodyLimit = 1024 * 1024
    /// PEM of the key and certificate, for HTTPS.
    public var tls: TLS?

    public struct TLS: Sendable, Equatable {
        public var key: String
        public var certificate: String

        public init(key: String, certificate: String) {
            self.key = key
            self.certificate = certificate
        }
    }

    public init() {}
}
