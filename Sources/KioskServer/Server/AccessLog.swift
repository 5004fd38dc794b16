import KioskSystem
import KioskText

/// `--access-log FILE`: one JSON object per request, appended as one line.
///
/// `{"time":"2026-11-27T14:33:08.053Z","method":"POST","path":"/api/v1/orders","status":201,
/// "bytes":412,"durationMs":1.9,"requestId":"…","client":"127.0.0.1"}`. The query keeps
/// its names and drops its values (`/api/v1/orders?after&limit`): a value could be a secret.
/// Headers and bodies are never written. Written by the HTTP thread alone, one `write` per
/// line on an `O_APPEND` file made 0600.
public final class AccessLog: @unchecked Sendable {
    private let descriptor: Int32
    public let path: String

    /// Opens (creates, 0600, with its directories) the log.
    public init(path: String) throws(SystemError) {
        descriptor = try FileSystem.openForAppending(path)
        self.path = path
    }

    deinit {
        FileSystem.close(descriptor)
    }

    /// Writes a finished exchange's line. A failed write is dropped: the log must never
    /// stop the server.
    func record(_ exchange: HTTPExchange, requestID: String, completed: Bool) {
        try? FileSystem.writeAll(descriptor, AccessLog.line(for: exchange, requestID: requestID, completed: completed, now: WallClock.millisecondsSince1970()))
    }

    /// The line for an exchange; public for tests.
    public static func line(for exchange: HTTPExchange, requestID: String, completed: Bool, now: Int64) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key("time")
        writer.time(millisecondsSince1970: now)
        writer.field("method", exchange.method)
        writer.field("path", exchange.path + (exchange.query.isEmpty ? "" : "?" + exchange.query.map(\.name).joined(separator: "&")))
        writer.field("status", exchange.answeredStatus)
        writer.field("bytes", exchange.answeredBytes)
        let elapsed = ContinuousClock.now - exchange.started
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        writer.key("durationMs")
        writer.raw((String(micros / 1000) + "." + String(1000 + micros % 1000).dropFirst()).utf8)
        writer.field("requestId", requestID)
        writer.field("client", exchange.client)
        if !completed { writer.field("completed", false) }
        writer.endObject()
        writer.endLine()
        return writer.bytes
    }
}
