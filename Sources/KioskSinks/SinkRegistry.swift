import KioskMenu

/// Maps a sink kind's name (`console`, `log`, `webhook`, `exec`) to what the kind accepts.
///
/// Adding a kind is one new file declaring its `SinkKind` and one line in `standard`.
public struct SinkRegistry: Sendable {
    public let kinds: [SinkKind]

    public init(_ kinds: [SinkKind]) {
        self.kinds = kinds
    }

    /// The kinds that ship with kiosk.
    public static let standard = SinkRegistry([
        ConsoleSink.kind,
        LogSink.kind,
        WebhookSink.kind,
        ExecSink.kind,
    ])

    /// The option schema of every kind, for the menu compiler.
    public var schemas: [SinkSchema] { kinds.map(\.schema) }

    public func kind(named name: String) -> SinkKind? {
        kinds.first { $0.schema.kind == name }
    }
}

/// One kind of sink: the options it accepts.
public struct SinkKind: Sendable {
    public let schema: SinkSchema

    public init(schema: SinkSchema) {
        self.schema = schema
    }
}
