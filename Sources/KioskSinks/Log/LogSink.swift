import KioskMenu

/// Appends each event as one JSON line to a file.
public enum LogSink {
    public static let kind = SinkKind(
        schema: SinkSchema(kind: "log", options: [
        PropertySpec("path", .path, required: true),
        PropertySpec("sync", .choiceWithDuration(["never", "always", "interval"], durationAfter: "interval")),
    ]),
        make: { declaration, _ throws(SinkSetupError) -> any Sink in
            throw SinkSetupError(declaration: declaration, reason: "not available yet")
        }
    )
}
