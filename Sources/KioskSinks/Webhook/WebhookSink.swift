import KioskMenu

/// POSTs each event as JSON to a URL, with retries and a spool.
public enum WebhookSink {
    public static let kind = SinkKind(
        schema: SinkSchema(kind: "webhook", options: [
        PropertySpec("url", .url, required: true),
        PropertySpec("timeout", .duration),
        PropertySpec("retries", .integer(0...100)),
        PropertySpec("backoff", .duration),
        PropertySpec("header", .header, repeatable: true),
        PropertySpec("concurrency", .integer(1...64)),
    ]),
        make: { declaration, _ throws(SinkSetupError) -> any Sink in
            throw SinkSetupError(declaration: declaration, reason: "not available yet")
        }
    )
}
