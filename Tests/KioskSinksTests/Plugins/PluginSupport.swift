import Foundation
import Glibc
import KioskCore
import KioskMenu
import KioskSinks
import KioskSystem
import KioskTestSupport

/// Plugins written for a test: POSIX shell scripts in a scratch directory, each a plugin
/// directory of its own.
struct PluginBench {
    let scratch: ScratchDirectory
    var directory: String { scratch.path + "/plugins" }

    init() throws {
        // As kiosk does: a plugin that exits must make a write fail with EPIPE.
        Signals.ignoreBrokenPipes()
        scratch = try ScratchDirectory()
    }

    /// Installs `body` as the plugin `name`, executable.
    @discardableResult
    func install(_ name: String, _ body: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try PluginBench.writeExecutable(directory + "/" + name, Array(("#!/bin/sh\n" + body).utf8))
    }

    /// Writes an executable through a descriptor closed on exec: a plugin another test
    /// starts meanwhile must not inherit it, or starting this one fails with ETXTBSY.
    static func writeExecutable(_ path: String, _ bytes: [UInt8]) throws -> String {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw PluginTestError.cannotWrite(path) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw PluginTestError.cannotWrite(path) }
        return path
    }

    /// Installs a file of the repository (an example) under `name`.
    @discardableResult
    func installExample(_ path: String, as name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let bytes = try [UInt8](Data(contentsOf: Repository.root.appendingPathComponent(path)))
        return try PluginBench.writeExecutable(directory + "/" + name, bytes)
    }

    var catalog: PluginCatalog { PluginCatalog(directories: [directory], environment: ProcessInfo.processInfo.environment) }

    /// The description of the plugin `name`, which must be good.
    func description(_ name: String) throws -> PluginDescription {
        try catalog.describe(name: name, path: catalog.path(of: name) ?? directory + "/" + name).get()
    }

    /// A sink of the plugin `name`, configured with `options` (written as in a menu).
    func sink(_ name: String, options: String = "", timeout: Duration = .seconds(10)) throws -> PluginSink {
        let declaration = try declaration(name, options: options)
        let sink = PluginSink(description: try description(name), declaration: declaration, environment: ProcessInfo.processInfo.environment, timeout: timeout, backoff: .milliseconds(10))
        try sink.start()
        return sink
    }

    func declaration(_ name: String, options: String) throws -> SinkDeclaration {
        let (compilation, _) = catalog.compile { registry in
            MenuCompiler(sinkSchemas: registry.schemas, loader: InMemorySourceLoader(files: [:])).compileSink("\(name) { \(options) }")
        }
        guard let declaration = compilation.menu?.sinks.first else { throw PluginTestError.compilation(compilation.diagnostics.map(\.problem.message)) }
        return declaration
    }

    /// A menu file in the scratch directory, compiled with the plugins.
    func compile(_ menu: String) throws -> MenuCompilation {
        let path = try scratch.file("menu.kiosk", menu)
        return catalog.compile { registry in
            MenuCompiler(sinkSchemas: registry.schemas, readerSchemas: registry.readerSchemas).compile(path: path)
        }.0
    }

    /// The reader of the plugin `name`, configured with `options` (written as in a menu),
    /// and started.
    func reader(_ name: String, options: String = "") throws -> PluginReader {
        let compilation = try compile("checkout pay later\nreader \(name) { \(options) }\n")
        guard let declaration = compilation.menu?.reader else { throw PluginTestError.compilation(compilation.diagnostics.map(\.problem.message)) }
        let reader = PluginReader(description: try description(name), declaration: declaration, environment: ProcessInfo.processInfo.environment)
        try reader.start()
        return reader
    }

    /// The lines of a file the plugin wrote, none when it has not.
    func lines(_ name: String) -> [String] {
        ((try? String(contentsOfFile: scratch.path + "/" + name, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}

enum PluginTestError: Error {
    case compilation([String])
    case cannotWrite(String)
}

/// The shell that answers `describe` and `configure`, the handshake first; `$EVENT` is
/// run for each event with `$line` and `$id` set.
func shellPlugin(name: String, options: String = "[]", handshake: String? = nil, event: String) -> String {
    """
    echo "\(handshake ?? "kiosk-plugin 1 \(name) sink")"
    while IFS= read -r line; do
        case "$line" in
        '{"describe":'*) echo '{"options":\(options)}' ;;
        '{"configure":'*) echo '{"ok":true}' ;;
        '{"event":'*)
            rest=${line#*\\"id\\":\\"}
            id=${rest%%\\"*}
            \(event) ;;
        '{"shutdown":'*) exit 0 ;;
        esac
    done

    """
}
