import KioskWire

/// What the server answers: a status, headers, and a body of bytes or a stream.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [HTTPField]
    public var body: [UInt8]
    /// A body that goes on (sent chunked) instead of `body`.
    public var stream: (any HTTPStream)?

    public init(status: Int, headers: [HTTPField] = [], body: [UInt8] = [], stream: (any HTTPStream)? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }

    /// Adds a header (or one more of the same name).
    public mutating func add(_ name: String, _ value: String) {
        headers.append(HTTPField(name, value))
    }

    /// Sets a header, replacing any of the same name.
    public mutating func set(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append(HTTPField(name, value))
    }
}
