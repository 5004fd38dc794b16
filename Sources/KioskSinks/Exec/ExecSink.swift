import KioskMenu

/// Feeds each event as a JSON line to a program's standard input.
public enum ExecSink {
    public static let kind = SinkKind(
        schema: SinkSchema(kind: "exec", options: [
        PropertySpec("command", .text, required: true),
        PropertySpec("args", .text, list: true, repeatable: true),
        PropertySpec("backoff", .duration),
    ]),
        make: { declaration, _ throws(SinkSetupError) -> any Sink in
            throw SinkSetupError(declaration: declaration, reason: "not available yet")
        }
    )
}
