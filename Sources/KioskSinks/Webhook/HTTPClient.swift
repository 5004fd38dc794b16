import KioskWire

/// Sends one HTTP POST and waits for its answer: how a webhook sink reaches its receiver.
///
/// `AgentHTTPClient` is the real one: URLSession, in the `kiosk-http` helper process.
public protocol HTTPClient: Sendable {
    /// Posts and waits; never follows a redirect.
    func post(_ request: HTTPRequest) -> HTTPOutcome

    /// Releases what the client holds.
    func close()
}

extension HTTPClient {
    public func close() {}
}
