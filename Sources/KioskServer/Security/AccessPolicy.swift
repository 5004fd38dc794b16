import KioskCore
import KioskText
import KioskWire

/// The server's rules for who may ask what, checked on every request before it does
/// anything (OWASP's REST, CSRF and DNS-rebinding advice):
///
/// - `Host` must name the address the server listens on, so a page whose name was
///   re-pointed at 127.0.0.1 (DNS rebinding) cannot talk to it;
/// - operator routes need `Authorization: Bearer TOKEN`, compared in constant time;
/// - a request that changes the state and says it comes from another site (`Origin`,
///   `Sec-Fetch-Site`) is refused, unless `--cors` allowed that origin;
/// - no `GET` changes anything, so these rules are all a browser's page can meet.
public struct AccessPolicy: Sendable {
    /// `Host` values that name this server, lower-cased: `127.0.0.1:8080`, `localhost:8080`.
    public let hosts: Set<String>
    /// With a wildcard address, any host on the right port (HTTPS and the token guard it).
    public let anyHostOnPort: UInt16?
    /// This server's own origins: `http://127.0.0.1:8080`, …
    public let origins: Set<String>
    /// Origins `--cors` lets call the API from a browser.
    public let corsOrigins: Set<String>
    public let token: OperatorToken
    /// The keys a customer pays for an order with.
    public let payments: PaymentKeys

    public init(address: ListenAddress, port: UInt16, tls: Bool, token: OperatorToken, corsOrigins: [String]) {
        var hosts: Set<String> = [address.authority(port: port).lowercased()]
        if address.isLoopback { hosts.insert("localhost:\(port)") }
        let scheme = tls ? "https" : "http"
        let defaultPort: UInt16 = tls ? 443 : 80
        if port == defaultPort {
            // A client may leave the default port out of Host (and a browser out of Origin).
            for host in hosts { hosts.insert(String(host[..<(host.lastIndex(of: ":") ?? host.endIndex)])) }
        }
        self.hosts = hosts
        anyHostOnPort = address.isWildcard ? port : nil
        origins = Set(hosts.map { "\(scheme)://\($0)" })
        self.corsOrigins = Set(corsOrigins.map { $0.lowercased() })
        self.token = token
        payments = token.paymentKeys
    }

    /// `Host` names this server (exactly one `Host` header); for a target in absolute form
    /// its `authority` does, and `Host` is not looked at (RFC 9112 §3.2.2).
    public func checkHost(_ headers: [HTTPField], authority: String? = nil) throws(Problem) {
        let host: String
        if let authority {
            host = authority.lowercased()
        } else {
            guard headers.count(named: "host") == 1, let value = headers.value(named: "host") else { throw Problem.misdirected }
            host = value.lowercased()
        }
        if hosts.contains(host) { return }
        if let port = anyHostOnPort, host.hasSuffix(":\(port)") { return }
        throw Problem.misdirected
    }

    /// The token, for an operator's route.
    public func checkRole(_ role: Role, _ headers: [HTTPField]) throws(Problem) {
        guard role == .operator else { return }
        guard headers.count(named: "authorization") == 1, token.authorizes(headers.value(named: "authorization")) else { throw Problem.unauthorized }
    }

    /// A payment for order `order` (the path's, as written): the operator's, with the
    /// token (a wrong one is refused, not taken for a customer), or a customer's with the
    /// order's key in `Kiosk-Payment-Key`.
    public func checkPayer(_ headers: [HTTPField], order: String?) throws(Problem) {
        if headers.value(named: "authorization") != nil { return try checkRole(.operator, headers) }
        guard let order, let number = UInt64(order.hasPrefix("#") ? String(order.dropFirst()) : order),
              headers.count(named: "kiosk-payment-key") == 1, payments.opens(headers.value(named: "kiosk-payment-key"), order: number)
        else { throw Problem.paymentKeyRequired }
    }

    /// Who is at the till for a request (`OperatorName`), as a shared till key works: the
    /// token is the authority, `Kiosk-Operator` names the person holding it — without it,
    /// `fallback` (the server's `--operator`). Without the token the request is a customer's,
    /// self-service (`nil`), whatever it names: only the token's holder may name a person.
    /// A header given twice, or that is no name, is a problem.
    public func operatorName(_ headers: [HTTPField], fallback: String?) throws(Problem) -> String? {
        guard headers.count(named: "authorization") == 1, token.authorizes(headers.value(named: "authorization")) else { return nil }
        guard let name = headers.value(named: "kiosk-operator") else { return fallback }
        guard headers.count(named: "kiosk-operator") == 1, OperatorName.isValid(name) else { throw Problem.invalidOperator }
        return name
    }

    /// The event types an `Authorization` header opens: every type with the token; a
    /// wrong token is refused rather than quietly given less.
    public func operatorTypes(_ headers: [HTTPField]) throws(Problem) -> EventTypes {
        try checkRole(.operator, headers)
        return .all
    }

    /// A request that changes the state comes from this server's own pages, a program (no
    /// `Origin`), or an origin `--cors` allows.
    public func checkSite(_ headers: [HTTPField]) throws(Problem) {
        let origin = headers.value(named: "origin")?.lowercased()
        if let origin, corsOrigins.contains(origin) { return }
        if let origin, !origins.contains(origin) { throw Problem.crossSite }
        if let site = headers.value(named: "sec-fetch-site")?.lowercased(), site != "same-origin", site != "none" { throw Problem.crossSite }
    }

    /// The origin to allow in `Access-Control-Allow-Origin`, when `--cors` names it.
    public func allowedCORSOrigin(_ headers: [HTTPField]) -> String? {
        guard let origin = headers.value(named: "origin"), corsOrigins.contains(origin.lowercased()) else { return nil }
        return origin
    }
}
