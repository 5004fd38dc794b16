import KioskMenu

/// What a plugin said of itself: its handshake and its answer to `describe`.
public struct PluginDescription: Sendable, Equatable {
    /// The executable.
    public let path: String
    public let name: String
    /// The protocol version it chose.
    public let version: Int
    /// The kinds it implements, as it wrote them (some kiosk may not know).
    public let kinds: [String]
    public let options: [PluginOption]

    public init(path: String, name: String, version: Int, kinds: [String], options: [PluginOption]) {
        self.path = path
        self.name = name
        self.version = version
        self.kinds = kinds
        self.options = options
    }

    /// The options a `sink NAME { … }` statement of it takes, for the menu compiler.
    public var schema: SinkSchema { SinkSchema(kind: name, options: options.map(\.spec)) }

    /// The options a `reader NAME { … }` statement of it takes: kiosk's `wait`, then its own.
    public var readerSchema: SinkSchema { SinkSchema(kind: name, options: options.map(\.spec), common: SinkSchema.readerOptions) }

    /// The kinds of docs/PLUGINS.md this kiosk starts.
    public static let sinkKind = "sink"
    public static let readerKind = "payment-reader"

    public func option(named name: String) -> PluginOption? { options.first { $0.name == name } }
}
