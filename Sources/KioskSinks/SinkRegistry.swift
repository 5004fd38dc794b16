import KioskMenu
import KioskSystem
import KioskText

/// Maps a sink kind's name (`console`, `log`, `webhook`, `exec`, `mqtt`, `printer`) to what the kind accepts
/// and how to make one.
///
/// Adding a kind is one new file declaring its `SinkKind` and one line in `standard`.
/// Plugins of kind `sink` (docs/PLUGINS.md) join a registry with `adding(plugins:)`.
public struct SinkRegistry: Sendable {
    public let kinds: [SinkKind]
    /// The plugins among `kinds`.
    public let plugins: [PluginDescription]
    /// The payment-reader plugins a `reader` statement may name.
    public let readers: [PluginDescription]

    public init(_ kinds: [SinkKind], plugins: [PluginDescription] = [], readers: [PluginDescription] = []) {
        self.kinds = kinds
        self.plugins = plugins
        self.readers = readers
    }

    /// This registry with each plugin as a kind of its name; a built-in kind of the same
    /// name wins.
    public func adding(plugins more: [PluginDescription]) -> SinkRegistry {
        let new = more.filter { plugin in kind(named: plugin.name) == nil }
        return SinkRegistry(kinds + new.map(PluginSink.kind), plugins: plugins + new, readers: readers)
    }

    /// This registry with each plugin as a reader a `reader` statement may name.
    public func adding(readers more: [PluginDescription]) -> SinkRegistry {
        SinkRegistry(kinds, plugins: plugins, readers: readers + more.filter { plugin in reader(named: plugin.name) == nil })
    }

    /// The payment-reader plugin `name`, if the registry has it.
    public func reader(named name: String) -> PluginDescription? {
        readers.first { $0.name == name }
    }

    /// The option schema of every reader plugin, for the menu compiler.
    public var readerSchemas: [SinkSchema] { readers.map(\.readerSchema) }

    /// The plugin that is the kind `name`, if it is one.
    public func plugin(named name: String) -> PluginDescription? {
        plugins.first { $0.name == name }
    }

    /// The kinds that ship with kiosk.
    public static let standard = SinkRegistry([
        ConsoleSink.kind,
        LogSink.kind,
        WebhookSink.kind,
        ExecSink.kind,
        MQTTSink.kind,
        PrinterSink.kind,
    ])

    /// The option schema of every kind, for the menu compiler.
    public var schemas: [SinkSchema] { kinds.map(\.schema) }

    public func kind(named name: String) -> SinkKind? {
        kinds.first { $0.schema.kind == name }
    }

    /// Makes the sink a declaration describes.
    public func makeSink(_ declaration: SinkDeclaration, environment: SinkEnvironment) throws(SinkSetupError) -> any Sink {
        guard let kind = kind(named: declaration.kind) else {
            throw SinkSetupError(declaration: declaration, reason: "unknown sink kind '\(declaration.kind)'")
        }
        return try kind.make(declaration, environment)
    }
}

/// One kind of sink: the options it accepts, and a factory that reads them.
public struct SinkKind: Sendable {
    public typealias Factory = @Sendable (SinkDeclaration, SinkEnvironment) throws(SinkSetupError) -> any Sink

    public let schema: SinkSchema
    public let make: Factory

    public init(schema: SinkSchema, make: @escaping Factory) {
        self.schema = schema
        self.make = make
    }
}

/// What a sink factory may need from the running program.
public struct SinkEnvironment: Sendable {
    /// Where the console writes.
    public var standardOutput: FileOutput
    /// Whether the console may colour its output (a terminal, no `NO_COLOR`).
    public var colors: Bool
    /// The process environment, for programs an exec sink starts.
    public var variables: [String: String]
    /// The HTTP client webhooks share, made when the first webhook asks for it; `nil`
    /// when none can be had.
    public var httpClient: @Sendable () -> (any HTTPClient)?
    /// The kiosk's name, as the menu gives it: an MQTT sink makes its topics and its
    /// client id from it.
    public var kioskName: String

    public init(
        standardOutput: FileOutput = .standardOutput, colors: Bool = false, variables: [String: String] = [:],
        httpClient: @escaping @Sendable () -> (any HTTPClient)? = { nil }, kioskName: String = "kiosk"
    ) {
        self.standardOutput = standardOutput
        self.colors = colors
        self.variables = variables
        self.httpClient = httpClient
        self.kioskName = kioskName
    }
}

/// A sink that could not be made from its declaration.
public struct SinkSetupError: Error, Sendable, Equatable {
    public let origin: String
    public let kind: String
    public let reason: String
    /// Whether the statement is the `reader`, not a sink.
    public let isReader: Bool

    public init(declaration: SinkDeclaration, reason: String, isReader: Bool = false) {
        self.origin = declaration.origin
        self.kind = declaration.kind
        // A path, a command or an address in the reason may hold a value from `${…}`.
        self.reason = declaration.secretMask.apply(reason)
        self.isReader = isReader
    }

    /// The error in words, in the operator's language.
    public var message: String {
        isReader
            ? tr("{origin}: error: reader '{kind}': {reason}", ["origin": origin, "kind": kind, "reason": reason])
            : tr("{origin}: error: '{kind}' sink: {reason}", ["origin": origin, "kind": kind, "reason": reason])
    }
}
