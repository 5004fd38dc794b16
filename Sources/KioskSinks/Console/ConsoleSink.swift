import KioskMenu

/// Prints each event's message on standard output.
public enum ConsoleSink {
    public static let kind = SinkKind(schema: SinkSchema(kind: "console", options: [
        PropertySpec("color", .choice(["auto", "always", "never"])),
    ]))
}
