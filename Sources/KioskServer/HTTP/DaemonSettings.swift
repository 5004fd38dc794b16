/// The limits the HTTP daemon runs with. Each is set, none left to the library: its
/// defaults have no idle timeout.
public struct DaemonSettings: Sendable, Equatable {
    /// Connections open at once, in all…
    public var connectionLimit = 2_048
    /// …and from one address, so that one client cannot hold them all.
    public var perAddressLimit = 512
    /// Seconds a connection may stay idle before it is closed.
    public var idleTimeoutSeconds = 30
    /// Bytes of memory per connection for the request line, the headers and what is read
    /// ahead: a request whose headers do not fit is refused (431).
    public var connectionMemory = 32 * 1024
    /// Bytes of body kept per request; the rest is read and dropped (413).
    public var bodyLimit = 64 * 1024
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
