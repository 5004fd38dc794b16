import KioskMenu

/// Feeds each event as a JSON line to a program's standard input.
public enum ExecSink {
    public static let kind = SinkKind(schema: SinkSchema(kind: "exec", options: [
        PropertySpec("command", .text, required: true),
        PropertySpec("args", .text, list: true, repeatable: true),
        PropertySpec("backoff", .duration),
    ]))
}
