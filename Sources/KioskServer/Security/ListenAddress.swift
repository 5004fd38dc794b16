/// Where the server listens: `127.0.0.1:8080`, `[::1]:8080`, `localhost:0`, `0.0.0.0:8443`.
public struct ListenAddress: Sendable, Equatable {
    /// The numeric host to bind: `127.0.0.1`, `::1`, `0.0.0.0`.
    public let host: String
    public let port: UInt16

    public static let `default` = ListenAddress(host: "127.0.0.1", port: 8080)

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `ADDRESS:PORT` with a numeric address (IPv6 in brackets) or `localhost`; `nil` for
    /// anything else. Host names other than `localhost` are not looked up: a server binds
    /// an address, and a name could resolve to one that is not loopback.
    public init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            guard host.contains(":") else { return nil }
        } else if host.contains(":") {
            return nil
        }
        if host == "localhost" { host = "127.0.0.1" }
        guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else { return nil }
        self.init(host: host, port: port)
    }

    public var isIPv6: Bool { host.contains(":") }

    /// Whether only this machine can reach it: 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
        host == "::1" || host.hasPrefix("127.")
    }

    /// Whether it is every address of the machine (`0.0.0.0`, `::`).
    public var isWildcard: Bool {
        host == "0.0.0.0" || host == "::"
    }

    /// The address as it goes in a URL and a `Host` header: `127.0.0.1:8080`, `[::1]:8080`.
    public func authority(port: UInt16) -> String {
        (isIPv6 ? "[\(host)]" : host) + ":\(port)"
    }
}
