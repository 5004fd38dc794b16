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

    /// A plugin statement to configure: a sink's or the reader's, with the plugin it names.
    struct Use {
        let declaration: SinkDeclaration
        let description: PluginDescription
        let role: PluginRole
    }

    /// Asks the plugin of each statement whether it accepts its options, as `kiosk check`
    /// and every start do: one process per plugin (the one that described it, when `live`
    /// has it), configured once per statement. Returns the refusals as diagnostics at the
    /// options they name.
    func configure(_ uses: [Use], live: [String: PluginProcess]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let byPlugin = Dictionary(grouping: uses, by: \.description.name)
        for (name, statements) in byPlugin.sorted(by: { $0.key < $1.key }) {
            guard let description = statements.first?.description else { continue }
            let plugin: PluginProcess
            if let running = live[name] {
                plugin = running
            } else {
                do throws(PluginProblem) {
                    plugin = try PluginProcess.start(name: name, path: description.path, environment: environment)
                    _ = try describeOnce(plugin)
                } catch {
                    diagnostics += statements.compactMap { use in
                        use.declaration.range.map { Diagnostic(use.role.unusable(name, error.message), at: $0) }
                    }
                    continue
                }
            }
            defer { if live[name] == nil { plugin.shutdown(by: ContinuousClock.now.advanced(by: .milliseconds(500))) } }
            for use in statements {
                let configuration = PluginConfiguration(description: description, declaration: use.declaration)
                do throws(PluginFailure) {
                    diagnostics += configuration.diagnostics(for: try plugin.configure(configuration.line))
                } catch {
                    let reason = configuration.secretMask.apply(plugin.problem(error).message)
                    if let at = use.declaration.range { diagnostics.append(Diagnostic(use.role.unusable(name, reason), at: at)) }
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

/// What a menu statement asks a plugin to be: a `sink KIND` or the `reader NAME`.
enum PluginRole: Sendable {
    case sink, reader

    /// The kind of docs/PLUGINS.md the plugin must have.
    var kind: String { self == .sink ? PluginDescription.sinkKind : PluginDescription.readerKind }

    /// A statement of this role naming a plugin kiosk cannot use.
    func unusable(_ plugin: String, _ reason: String) -> MenuProblem {
        self == .sink ? .pluginUnusable(plugin: plugin, reason: reason) : .readerUnusable(plugin: plugin, reason: reason)
    }

    /// Why a plugin without this role's kind cannot be used for it.
    func notMine(_ description: PluginDescription) -> String {
        let kinds = description.kinds.joined(separator: ", ")
        return self == .sink
            ? tr("it is not a sink (its kinds: {kinds})", ["kinds": kinds])
            : tr("it is not a payment reader (its kinds: {kinds})", ["kinds": kinds])
    }

    /// The statement of this role naming `written`, which no plugin installed is.
    func unknown(_ written: String, among known: [String]) -> MenuProblem {
        let suggestion = Suggestions.closest(to: written, among: known)
        return self == .sink ? .unknownSinkKind(written, suggestion: suggestion, known: known) : .unknownReader(written, suggestion: suggestion, known: known)
    }

    /// The name a diagnostic of an unknown statement of some role writes, with the role and
    /// the names it knew.
    static func unknown(in problem: MenuProblem) -> (written: String, known: [String], role: PluginRole)? {
        switch problem {
        case .unknownSinkKind(let written, _, let known): (written, known, .sink)
        case .unknownReader(let written, _, let known): (written, known, .reader)
        default: nil
        }
    }
}

extension PluginCatalog {
    /// Compiles a menu with the plugins it uses: once with `base`'s kinds; when a sink kind
    /// or a reader is unknown and a plugin of that name is installed, again with its
    /// description; then every plugin statement's options are configured, as `kiosk check`
    /// and every start do. Returns the compilation, with each plugin's refusal or unfitness
    /// at its statement, and the registry to make the sinks and the reader with.
    public func compile(base: SinkRegistry = .standard, _ compile: (SinkRegistry) -> MenuCompilation) -> (MenuCompilation, SinkRegistry) {
        let first = compile(base)
        // A menu of built-in kinds only (nearly every start) lists no plugin directory.
        guard first.diagnostics.contains(where: { PluginRole.unknown(in: $0.problem) != nil }) else { return (first, base) }
        var sinks: [PluginDescription] = []
        var readers: [PluginDescription] = []
        var unusable: [SourceRange: Diagnostic] = [:]
        let installed = installed()
        var unknown: [SourceRange: Diagnostic] = [:]
        var wanted: [(name: String, path: String)] = []
        var named: [(Diagnostic, String, PluginRole)] = []
        for diagnostic in first.diagnostics {
            guard let (written, known, role) = PluginRole.unknown(in: diagnostic.problem) else { continue }
            let name = written.lowercased()
            guard let path = installed.first(where: { $0.name == name })?.path else {
                // Did-you-mean among the plugins installed too.
                let names = known + installed.map(\.name).filter { !known.contains($0) }
                unknown[diagnostic.range] = Diagnostic(role.unknown(written, among: names), at: diagnostic.range)
                continue
            }
            if !wanted.contains(where: { $0.name == name }) { wanted.append((name, path)) }
            named.append((diagnostic, name, role))
        }
        let (results, live) = describeRunning(wanted)
        defer { PluginCatalog.shutDown(live) }
        for (diagnostic, name, role) in named {
            switch results[name] {
            case .success(let description)? where description.kinds.contains(role.kind):
                if role == .sink, !sinks.contains(where: { $0.name == name }) { sinks.append(description) }
                if role == .reader, !readers.contains(where: { $0.name == name }) { readers.append(description) }
            case .success(let description)?:
                unusable[diagnostic.range] = Diagnostic(role.unusable(name, role.notMine(description)), at: diagnostic.range)
            case .failure(let problem)?:
                unusable[diagnostic.range] = Diagnostic(role.unusable(name, problem.message), at: diagnostic.range)
            case nil: continue
            }
        }
        guard !sinks.isEmpty || !readers.isEmpty || !unusable.isEmpty || !installed.isEmpty else { return (first, base) }
        let registry = base.adding(plugins: sinks).adding(readers: readers)
        var compilation = sinks.isEmpty && readers.isEmpty ? first : compile(registry)
        let replaced = unusable.merging(unknown) { a, _ in a }
        if !replaced.isEmpty {
            compilation = compilation.adding(Array(replaced.values)) { replaced[$0.range] != nil && PluginRole.unknown(in: $0.problem) != nil }
        }
        if let menu = compilation.menu {
            var uses = menu.sinks.compactMap { declaration in
                registry.plugin(named: declaration.kind).map { Use(declaration: declaration, description: $0, role: .sink) }
            }
            if let reader = menu.reader, let description = registry.reader(named: reader.kind) {
                uses.append(Use(declaration: reader, description: description, role: .reader))
            }
            let refusals = configure(uses, live: live)
            if !refusals.isEmpty { compilation = compilation.adding(refusals) }
        }
        return (compilation, registry)
    }
}
