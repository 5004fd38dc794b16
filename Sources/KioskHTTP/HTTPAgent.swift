import KioskSystem
import KioskWire
import Synchronization

/// The `kiosk-http` helper: reads requests from standard input, one JSON line each, sends
/// them with URLSession, and writes each answer as a line to standard output, in the
/// order they come back. Exits when kiosk closes its input.
public enum HTTPAgent {
    /// Adds the Standard Webhooks headers the request asks for, made now: so a retry
    /// carries a fresh timestamp and signature. `nil` if it cannot be signed.
    static func stamp(_ request: HTTPRequest, now: Int64 = WallClock.secondsSince1970()) -> HTTPRequest? {
        guard let stamp = request.stamp else { return request }
        var stamped = request
        stamped.headers.append(HTTPField("webhook-timestamp", String(now)))
        if !stamp.secrets.isEmpty {
            var secrets: [WebhookSecret] = []
            for text in stamp.secrets {
                guard let secret = try? WebhookSecret(parsing: text) else { return nil }
                secrets.append(secret)
            }
            guard let signature = WebhookSigner(secrets: secrets).signature(id: stamp.id, timestamp: now, body: request.body) else { return nil }
            stamped.headers.append(HTTPField("webhook-signature", signature))
        }
        stamped.stamp = nil
        return stamped
    }

    /// Foundation makes a URL cache directory and a cookie jar's directory under the XDG
    /// cache and data homes (`~/.cache`, `~/.local/share`) as soon as any session is
    /// configured, even an ephemeral one that uses neither. Pointed where no directory can
    /// be made, it makes none: the helper leaves nothing in the user's home.
    static func keepFoundationOutOfHome() {
        for name in ["XDG_CACHE_HOME", "XDG_DATA_HOME"] {
            CurrentProcess.setEnvironment(name, to: "/dev/null/kiosk-http")
        }
    }

    public static func run() -> Int32 {
        keepFoundationOutOfHome()
        let transport = URLSessionTransport()
        let output = Mutex(())
        while let line = readLine(strippingNewline: true) {
            guard let numbered = AgentWire.decodeRequest(Array(line.utf8)) else {
                FileOutput.standardError.write("kiosk-http: ignoring a line that is not a request\n")
                FileOutput.standardError.flush()
                continue
            }
            let answer: @Sendable (HTTPOutcome) -> Void = { outcome in
                let line = AgentWire.encode(id: numbered.id, outcome)
                output.withLock { _ in _ = try? FileSystem.writeAll(CurrentProcess.standardOutput, line) }
            }
            guard let stamped = stamp(numbered.request) else {
                answer(.failure("cannot sign the request: a secret is not a whsec_ key, or libcrypto failed"))
                continue
            }
            transport.post(stamped, completion: answer)
        }
        return 0
    }
}
