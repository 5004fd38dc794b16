import KioskMenu
import KioskSystem
import KioskText
import Synchronization

/// Where plugins are installed (docs/PLUGINS.md), and what each says of itself.
///
/// Directories are searched in order and the first file of a name wins; a name is the
/// file's, without an extension (`slack.py` is `slack`). Descriptions are asked for once
/// per catalog: `kiosk check` and a start ask only the plugins the menu uses.
public final class PluginCatalog: Sendable {
    public let directories: [String]
    private let environment: [String: String]
    private let described = Mutex<[String: Result<PluginDescription, PluginProblem>]>([:])

    /// `directories` are made absolute: a plugin runs in the directory of the menu that
    /// uses it.
    public init(directories: [String], environment: [String: String]) {
        self.directories = directories.map(FileSystem.absolute)
        self.environment = environment
    }

    /// The directories of docs/PLUGINS.md: each `--plugin-path` first, then
    /// `$XDG_DATA_HOME/kiosk/plugins` (`~/.local/share/kiosk/plugins`),
    /// `/usr/local/lib/kiosk/plugins`, `/usr/lib/kiosk/plugins`.
    public static func standardDirectories(pluginPaths: [String], environment: [String: String]) -> [String] {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        return pluginPaths + [data + "/kiosk/plugins", "/usr/local/lib/kiosk/plugins", "/usr/lib/kiosk/plugins"]
    }

    /// Every plugin installed, by name, with the file that is it.
    public func installed() -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        for directory in directories {
            guard let files = try? FileSystem.contents(of: directory) else { continue }
            for file in files.sorted() where !file.hasPrefix(".") {
                let path = directory.hasSuffix("/") ? directory + file : directory + "/" + file
                let name = PluginCatalog.name(of: file)
                guard !found.contains(where: { $0.name == name }), (try? FileSystem.status(of: path).kind) == .regular, FileSystem.isExecutable(path) else { continue }
                found.append((name, path))
            }
        }
        return found.sorted { $0.name < $1.name }
    }

    /// The file of the plugin `name`, if one is installed.
    public func path(of name: String) -> String? {
        installed().first { $0.name == name }?.path
    }

    /// What the plugin at `path` says of itself: started, its handshake and its answer to
    /// `describe` read, and stopped.
    public func describe(name: String, path: String) -> Result<PluginDescription, PluginProblem> {
        if let known = described.withLock({ $0[path] }) { return known }
        let result = PluginCatalog.ask(name: name, path: path, environment: environment)
        described.withLock { $0[path] = result }
        return result
    }

    private static func ask(name: String, path: String, environment: [String: String]) -> Result<PluginDescription, PluginProblem> {
        let plugin: PluginProcess
        do throws(PluginProblem) {
            plugin = try PluginProcess.start(name: name, path: path, environment: environment)
        } catch {
            return .failure(error)
        }
        defer { plugin.shutdown(by: ContinuousClock.now.advanced(by: .milliseconds(500))) }
        do throws(PluginFailure) {
            return .success(try plugin.describe())
        } catch {
            return .failure(plugin.problem(error))
        }
    }

    /// Asks the plugin of each declaration whether it accepts its options, as `kiosk check`
    /// and every start do: one process per plugin (the one that described it, when `live`
    /// has it), configured once per statement. Returns the refusals as diagnostics at the
    /// options they name.
    func configure(_ declarations: [SinkDeclaration], registry: SinkRegistry, live: [String: PluginProcess]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let byPlugin = Dictionary(grouping: declarations.filter { registry.plugin(named: $0.kind) != nil }, by: \.kind)
        for (name, statements) in byPlugin.sorted(by: { $0.key < $1.key }) {
            guard let description = registry.plugin(named: name) else { continue }
            let plugin: PluginProcess
            if let running = live[name] {
                plugin = running
            } else {
                do throws(PluginProblem) {
                    plugin = try PluginProcess.start(name: name, path: description.path, environment: environment)
                    _ = try describeOnce(plugin)
                } catch {
                    diagnostics += statements.compactMap { statement in
                        statement.range.map { Diagnostic(.pluginUnusable(plugin: name, reason: error.message), at: $0) }
                    }
                    continue
                }
            }
            defer { if live[name] == nil { plugin.shutdown(by: ContinuousClock.now.advanced(by: .milliseconds(500))) } }
            for statement in statements {
                let configuration = PluginConfiguration(description: description, declaration: statement)
                do throws(PluginFailure) {
                    diagnostics += configuration.diagnostics(for: try plugin.configure(configuration.line))
                } catch {
                    let reason = configuration.secretMask.apply(plugin.problem(error).message)
                    if let at = statement.range { diagnostics.append(Diagnostic(.pluginUnusable(plugin: name, reason: reason), at: at)) }
                    break
                }
            }
        }
        return diagnostics
    }

    private func describeOnce(_ plugin: PluginProcess) throws(PluginProblem) -> PluginDescription {
        do throws(PluginFailure) {
            return try plugin.describe()
        } catch {
            plugin.stop()
            throw plugin.problem(error)
        }
    }

    /// Starts the plugins all at once (their start-up overlaps), then reads each one's
    /// handshake and description. The processes of those described are returned running,
    /// for `configure`; the caller shuts them down.
    func describeRunning(_ wanted: [(name: String, path: String)]) -> ([String: Result<PluginDescription, PluginProblem>], [String: PluginProcess]) {
        var launched: [(String, String, Result<PluginProcess, PluginProblem>)] = []
        for (name, path) in wanted {
            do throws(PluginProblem) {
                launched.append((name, path, .success(try PluginProcess.launch(name: name, path: path, environment: environment))))
            } catch {
                launched.append((name, path, .failure(error)))
            }
        }
        var results: [String: Result<PluginDescription, PluginProblem>] = [:]
        var live: [String: PluginProcess] = [:]
        for (name, path, started) in launched {
            let result: Result<PluginDescription, PluginProblem>
            do throws(PluginProblem) {
                let plugin = try started.get()
                try plugin.awaitHandshake()
                result = .success(try describeOnce(plugin))
                live[name] = plugin
            } catch {
                result = .failure(error)
            }
            results[name] = result
            described.withLock { $0[path] = result }
        }
        return (results, live)
    }

    /// Asks every plugin to shut down, then waits for each.
    static func shutDown(_ live: [String: PluginProcess]) {
        for plugin in live.values { plugin.askToShutDown() }
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(500))
        for plugin in live.values { plugin.finish(by: deadline) }
    }

    /// `slack.py` → `slack`.
    static func name(of file: String) -> String {
        guard let dot = file.firstIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}

extension PluginCatalog {
    /// Compiles a menu with the plugins it uses: once with `base`'s kinds; when a sink kind
    /// is unknown and a plugin of that name is installed, again with its description; then
    /// every plugin sink's options are configured, as `kiosk check` and every start do.
    /// Returns the compilation, with each plugin's refusal or unfitness at its statement,
    /// and the registry to make the sinks with.
    public func compile(base: SinkRegistry = .standard, _ compile: (SinkRegistry) -> MenuCompilation) -> (MenuCompilation, SinkRegistry) {
        let first = compile(base)
        // A menu of built-in kinds only (nearly every start) lists no plugin directory.
        guard first.diagnostics.contains(where: { if case .unknownSinkKind = $0.problem { true } else { false } }) else { return (first, base) }
        var found: [PluginDescription] = []
        var unusable: [SourceRange: Diagnostic] = [:]
        let installed = installed()
        var unknown: [SourceRange: Diagnostic] = [:]
        var wanted: [(name: String, path: String)] = []
        var named: [(Diagnostic, String)] = []
        for diagnostic in first.diagnostics {
            guard case .unknownSinkKind(let written, _, let known) = diagnostic.problem else { continue }
            let name = written.lowercased()
            guard let path = installed.first(where: { $0.name == name })?.path else {
                // Did-you-mean among the plugins installed too.
                let kinds = known + installed.map(\.name).filter { !known.contains($0) }
                let problem = MenuProblem.unknownSinkKind(written, suggestion: Suggestions.closest(to: written, among: kinds), known: kinds)
                unknown[diagnostic.range] = Diagnostic(problem, at: diagnostic.range)
                continue
            }
            if !wanted.contains(where: { $0.name == name }) { wanted.append((name, path)) }
            named.append((diagnostic, name))
        }
        let (results, live) = describeRunning(wanted)
        defer { PluginCatalog.shutDown(live) }
        for (diagnostic, name) in named {
            switch results[name] {
            case .success(let description)? where description.kinds.contains("sink"):
                if !found.contains(where: { $0.name == name }) { found.append(description) }
            case .success(let description)?:
                let reason = tr("it is not a sink (its kinds: {kinds})", ["kinds": description.kinds.joined(separator: ", ")])
                unusable[diagnostic.range] = Diagnostic(.pluginUnusable(plugin: name, reason: reason), at: diagnostic.range)
            case .failure(let problem)?:
                unusable[diagnostic.range] = Diagnostic(.pluginUnusable(plugin: name, reason: problem.message), at: diagnostic.range)
            case nil: continue
            }
        }
        guard !found.isEmpty || !unusable.isEmpty || !installed.isEmpty else { return (first, base) }
        let registry = base.adding(plugins: found)
        var compilation = found.isEmpty ? first : compile(registry)
        let replaced = unusable.merging(unknown) { a, _ in a }
        if !replaced.isEmpty {
            compilation = compilation.adding(Array(replaced.values)) { replaced[$0.range] != nil && $0.problem.code == "unknown_sink_kind" }
        }
        if let menu = compilation.menu {
            let refusals = configure(menu.sinks, registry: registry, live: live)
            if !refusals.isEmpty { compilation = compilation.adding(refusals) }
        }
        return (compilation, registry)
    }
}
