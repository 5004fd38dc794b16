import KioskCore
import KioskMenu
import KioskSinks
import KioskSystem
import KioskText

/// The `kiosk` program: reads the command line, wires the parts together and runs.
public enum KioskApp {
    public static func main(_ arguments: [String], environment: [String: String]) -> ExitCode {
        let output = FileOutput.standardOutput
        let errors = FileOutput.standardError
        defer {
            output.flush()
            errors.flush()
        }
        // The operator's language, before any word is said: `--lang`, else the environment
        // (the menu's `language` comes in when the menu is loaded, if neither chose), among
        // the built-in catalogs and those installed beside kiosk.
        if let shelf = InstalledCatalogs.shelf(environment: environment) { Localization.shelve(shelf) }
        var arguments = arguments
        let languageOption: Language?
        do {
            languageOption = try Arguments.takeLanguage(&arguments)
        } catch {
            Localization.use(Language.fromEnvironment(environment) ?? .english)
            return usageError(error, arguments: arguments, errors: errors)
        }
        Localization.use(languageOption ?? Language.fromEnvironment(environment) ?? .english)
        if let simulate = Arguments.simulateArguments(arguments) {
            Signals.ignoreBrokenPipes()
            return SimulateCommand(arguments: simulate, environment: environment, output: output, errors: errors).run()
        }
        if let reprice = Arguments.repriceArguments(arguments) {
            Signals.ignoreBrokenPipes()
            return RepriceCommand(arguments: reprice, environment: environment, output: output, errors: errors).run()
        }
        var parsed: Arguments
        do {
            parsed = try Arguments.parse(arguments)
        } catch {
            return usageError(error, arguments: arguments, errors: errors)
        }
        parsed.language = languageOption
        let compiler = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas, environment: environment)
        let colors = ProcessEnvironment.wantsColor(isTerminal: errors.isTerminal, noColorFlag: parsed.noColor, environment: environment)
        switch parsed.mode {
        case .help:
            output.write(UsageText.usage)
            return .success
        case .version:
            output.write(VersionText.text(commit: BuildInfo.commit, environment: environment))
            return .success
        case .check(let files):
            // A plugin that exits must make a write fail with EPIPE, not kill kiosk.
            Signals.ignoreBrokenPipes()
            let renderer = DiagnosticRenderer(colors: colors)
            return CheckCommand(
                files: files, compiler: compiler, plugins: Plugins.catalog(pluginPaths: parsed.pluginPaths, environment: environment), renderer: renderer,
                json: parsed.json, explain: parsed.explain, output: output, errors: errors
            ).run()
        case .plugins:
            Signals.ignoreBrokenPipes()
            return PluginsCommand(catalog: Plugins.catalog(pluginPaths: parsed.pluginPaths, environment: environment), json: parsed.json, output: output, errors: errors).run()
        case .state(let action, let path, let sink):
            // The menu folds an order board when compacting (`state compact --menu FILE`).
            var menu: Menu?
            if action == .compact, let menuPath = parsed.menu {
                guard let compiled = compiler.compile(path: menuPath).menu else {
                    let renderer = DiagnosticRenderer(colors: colors)
                    return CheckCommand(
                        files: [menuPath], compiler: compiler, plugins: Plugins.catalog(pluginPaths: parsed.pluginPaths, environment: environment), renderer: renderer,
                        json: parsed.json, output: output, errors: errors
                    ).run()
                }
                menu = compiled.menu
            }
            return StateCommand(action: action, directory: path, sink: sink, menu: menu, json: parsed.json, output: output, errors: errors).run()
        case .serveHelp:
            output.write(UsageText.serve)
            return .success
        case .serve:
            Signals.ignoreBrokenPipes()
            Signals.ignoreFileSizeLimitSignal()
            return ServeCommand(arguments: parsed, environment: environment, output: output, errors: errors).run()
        case .session, .commands, .script:
            // Writing to a program that has exited must fail with EPIPE, not kill kiosk.
            Signals.ignoreBrokenPipes()
            Signals.ignoreFileSizeLimitSignal()
            return SessionCommand(arguments: parsed, environment: environment, output: output, errors: errors).run()
        }
    }

    private static func usageError(_ error: UsageError, arguments: [String], errors: FileOutput) -> ExitCode {
        if OptionLoop.mentions("--json", in: arguments) {
            errors.write(bytes: DiagnosticJSON.line(file: nil, code: "usage", message: error.message))
        } else {
            errors.write("kiosk: " + TerminalText.visibleLines(error.message) + "\n" + tr("Try 'kiosk --help' for more information.") + "\n")
        }
        return .usage
    }
}
