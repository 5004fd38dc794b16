/// How an `MQTTClient` reaches its broker and presents itself there.
public struct MQTTConfiguration: Sendable, Equatable {
    /// A host name or address: `broker.example.com`, `127.0.0.1`, `::1`.
    public var host: String
    public var port: Int
    /// TLS, when the broker is `mqtts://`.
    public var tls: TLS?
    public var username: String?
    /// Never shown: `MQTTClient` keeps it out of every error text.
    public var password: String?
    /// Stable across restarts: with a clean session off, the broker keeps the session, and
    /// the client resends unacknowledged messages after a reconnection.
    public var clientID: String
    /// How often the client and broker check the connection is alive (5 s to 65,535 s).
    public var keepalive: Duration
    /// What the broker publishes for the client when the connection dies without a
    /// DISCONNECT: a crash, a pulled cable, a keepalive timeout.
    public var will: Will?
    /// MQTT 5, falling back to 3.1.1 when the broker refuses it; or 3.1.1 only.
    public var protocolVersion: MQTTProtocolVersion
    /// The waits between connection attempts: exponential back-off with full jitter, so a
    /// fleet that lost its broker does not come back all at the same instant.
    public var reconnect: RetryPolicy
    /// How long an attempt waits for the broker's CONNACK.
    public var connectTimeout: Duration
    /// MQTT 5: how long the broker keeps the session after the connection drops. (In
    /// 3.1.1, a session that is not clean lasts until the broker forgets it.)
    public var sessionExpiry: Duration

    /// TLS files, each a PEM file path.
    public struct TLS: Sendable, Equatable {
        /// The CA certificates that sign the broker's; `nil` trusts the system's.
        public var cafile: String?
        /// A client certificate and its key, for brokers that ask for one.
        public var certfile: String?
        public var keyfile: String?

        public init(cafile: String? = nil, certfile: String? = nil, keyfile: String? = nil) {
            self.cafile = cafile
            self.certfile = certfile
            self.keyfile = keyfile
        }
    }

    /// A last will.
    public struct Will: Sendable, Equatable {
        public var topic: String
        public var payload: [UInt8]
        public var qos: Int
        public var retain: Bool

        public init(topic: String, payload: [UInt8], qos: Int = 1, retain: Bool = true) {
            self.topic = topic
            self.payload = payload
            self.qos = qos
            self.retain = retain
        }
    }

    public init(
        host: String, port: Int, tls: TLS? = nil, username: String? = nil, password: String? = nil, clientID: String,
        keepalive: Duration = .seconds(30), will: Will? = nil, protocolVersion: MQTTProtocolVersion = .v5,
        reconnect: RetryPolicy = RetryPolicy(maximumRetries: nil, initialBackoff: .milliseconds(500), maximumBackoff: .seconds(30)),
        connectTimeout: Duration = .seconds(10), sessionExpiry: Duration = .seconds(86_400)
    ) {
        self.host = host
        self.port = port
        self.tls = tls
        self.username = username
        self.password = password
        self.clientID = clientID
        self.keepalive = keepalive
        self.will = will
        self.protocolVersion = protocolVersion
        self.reconnect = reconnect
        self.connectTimeout = connectTimeout
        self.sessionExpiry = sessionExpiry
    }

    /// `127.0.0.1:1883`, `[::1]:8883`: where the client connects, for messages.
    public var address: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// The MQTT protocol versions the client speaks.
public enum MQTTProtocolVersion: Int32, Sendable, Equatable, CustomStringConvertible {
    case v311 = 4
    case v5 = 5

    public var description: String {
        switch self {
        case .v311: "3.1.1"
        case .v5: "5"
        }
    }
}
