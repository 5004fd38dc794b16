/// A sink's connection to its server (an MQTT broker), as `sinks` shows it.
public struct SinkConnection: Sendable, Equatable {
    /// `connected`, `connecting`, `waiting to reconnect` or `closed`: in English, as
    /// `--json` gives it; the text of `sinks` says it in the operator's language.
    public let state: String
    /// Events handed to the connection and not yet acknowledged.
    public let inFlight: Int
    /// The connection's last failure, even if it has since recovered; no secrets in it.
    public let lastError: String?

    public init(state: String, inFlight: Int, lastError: String?) {
        self.state = state
        self.inFlight = inFlight
        self.lastError = lastError
    }
}
