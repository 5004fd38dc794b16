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
        stamped.headers.append(HTTPHeader("webhook-timestamp", String(now)))
        if !stamp.secrets.isEmpty {
            var secrets: [WebhookSecret] = []
            for text in stamp.secrets {
                guard let secret = try? WebhookSecret(parsing: text) else { return nil }
                secrets.append(secret)
            }
            guard let signature = WebhookSigner(secrets: secrets).signature(id: stamp.id, timestamp: now, body: request.body) else { return nil }
            stamped.headers.append(HTTPHeader("webhook-signature", signature))
        }
        stamped.stamp = nil
        return stamped
    }

    public static func run() -> Int32 {
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
