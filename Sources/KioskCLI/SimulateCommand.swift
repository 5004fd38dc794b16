import KioskApplication
import KioskCore
import KioskJournal
import KioskMenu
import KioskSimulation
import KioskSinks
import KioskSystem
import KioskText

/// `kiosk simulate [options]`: a day of customers on the menu's stations and board, on a
/// virtual clock; the report on standard output, as text or `--json`.
struct SimulateCommand {
    let arguments: [String]
    let environment: [String: String]
    let output: FileOutput
    let errors: FileOutput

    func run() -> ExitCode {
        // Looked for before the arguments are parsed: a usage error is rendered too.
        let renderer = DiagnosticRenderer(
            colors: ProcessEnvironment.wantsColor(isTerminal: errors.isTerminal, noColorFlag: OptionLoop.mentions("--no-color", in: arguments), environment: environment)
        )
        do throws(SimulateFailure) {
            return try simulate()
        } catch {
            // As a start of `kiosk` that fails: under `--json`, objects instead of text.
            if OptionLoop.mentions("--json", in: arguments) {
                errors.write(bytes: error.json())
            } else {
                errors.write(error.text(renderer: renderer))
            }
            return error.exitCode
        }
    }

    private func simulate() throws(SimulateFailure) -> ExitCode {
        let parsed: SimulateArguments
        do throws(SimulateUsageError) { parsed = try SimulateArguments.parse(arguments) } catch { throw .usage(error) }
        if parsed.help {
            output.write(UsageText.simulate)
            return output.flush() ? .success : .ioError
        }
        // A menu's plugin sinks are found and checked as a session's are.
        let catalog = Plugins.catalog(pluginPaths: parsed.pluginPaths, environment: environment)
        let (compilation, registry) = catalog.compile { registry in
            MenuSource(path: parsed.menu, compiler: MenuCompiler(sinkSchemas: registry.schemas, readerSchemas: registry.readerSchemas, environment: environment)).compile()
        }
        let compiler = MenuCompiler(sinkSchemas: registry.schemas, readerSchemas: registry.readerSchemas, environment: environment)
        guard let compiled = compilation.menu else {
            if let unreadable = compilation.unreadable { throw .unreadableMenu(unreadable) }
            throw .invalidMenu(MenuFailure(compilation))
        }
        let menu = compiled.menu
        var seed = parsed.overrides.seed ?? 0
        if parsed.overrides.seed == nil {
            var generator = SystemRandomNumberGenerator()
            seed = generator.next()
            errors.write("kiosk simulate: " + tr("seed {seed} (repeat this run with --seed {seed})", ["seed": seed]) + "\n")
        }
        var configuration = SimulationConfiguration(boardOf: menu, seed: seed)
        parsed.overrides.apply(to: &configuration)
        if menu.checkout == nil, let option = parsed.checkoutOption { throw .simulation(.checkoutOptionWithoutCheckout(option)) }
        do throws(SimulationError) { try configuration.validate(for: menu) } catch { throw .simulation(error) }

        let csv = try parsed.csv.map { path throws(SimulateFailure) in try CSVFile(path: path, menu: menu, configuration: configuration, replications: parsed.replications) }
        let sinks = try makeSinks(parsed, compiled: compiled, compiler: compiler, catalog: catalog, registry: registry, seed: seed)
        let progress = errors.isTerminal && parsed.pace == nil ? ProgressBar(errors: errors) : nil
        let total = SimulateCommand.expectedWork(configuration, replications: parsed.replications)
        var observer = SimulationObserver()
        if let sinks { observer.event = { sinks.take($0) } }
        if csv != nil || progress != nil {
            observer.customer = { record in
                csv?.write(record)
                progress?.update { (Double(record.replication) * total.perRun + SimulateCommand.progress(of: record, configuration)) / total.all }
            }
        }

        let report: SimulationReport
        do throws(SimulationError) {
            if let pace = parsed.pace {
                report = try SimulateCommand.paced(menu: menu, configuration: configuration, pace: pace, observer: observer, sinks: sinks)
            } else {
                report = try Replications.run(menu: menu, configuration: configuration, count: parsed.replications, observer: observer)
            }
        } catch {
            progress?.finish()
            throw .simulation(error)
        }
        progress?.finish()
        sinks?.flush()
        try csv?.close()
        output.write(parsed.json ? ReportJSON.render(report) : ReportText.render(report))
        let written = output.flush()
        if let sinks { finishSinks(sinks, timeout: parsed.flushTimeout) }
        guard written else { throw .output }
        if let signal = Signals.terminationSignal { return .signalled(signal) }
        return .success
    }

    // MARK: Pace

    /// One day kept at `pace` simulated seconds per real second: the simulation runs up to
    /// where real time allows, commits the events so far for the sinks, and waits for the
    /// next event's real time. A signal stops it early with the report of the day so far.
    static func paced(
        menu: Menu, configuration: SimulationConfiguration, pace: Pace, observer: SimulationObserver, sinks: SimulationSinks?
    ) throws(SimulationError) -> SimulationReport {
        Signals.watchTermination(interrupt: true)
        var simulation = try Simulation(menu: menu, configuration: configuration, kitchen: BoardKitchen(menu: menu, configuration: configuration))
        let start = ContinuousClock.now
        let waiting = Condition()
        while Signals.terminationSignal == nil {
            let elapsed = ContinuousClock.now - start
            let real = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
            if try simulation.run(until: pace.simulatedLimit(afterRealMilliseconds: real), observer: observer) { break }
            sinks?.flush()
            guard let next = simulation.nextEventTime else { break }
            let deadline = start + .milliseconds(pace.realMilliseconds(toReach: next))
            // Woken early only by a signal's broadcast, if ever: the loop checks the time again.
            waiting.withLock { _ = waiting.wait(until: min(deadline, ContinuousClock.now + .milliseconds(200))) }
        }
        return SimulationReport(menu: menu.name, configuration: configuration, runs: [simulation.report()])
    }

    // MARK: Progress

    /// How much work a run is, in the unit `progress(of:_:)` counts.
    static func expectedWork(_ configuration: SimulationConfiguration, replications: Int) -> (perRun: Double, all: Double) {
        let perRun = switch configuration.stop {
        case .customers(let count): Double(count)
        case .duration(let milliseconds): Double(milliseconds)
        }
        return (perRun, perRun * Double(replications))
    }

    /// How far into its replication a customer is: their number, or their arrival time.
    static func progress(of record: CustomerRecord, _ configuration: SimulationConfiguration) -> Double {
        if case .customers = configuration.stop { return Double(record.customer) }
        return Double(record.arrival)
    }

    // MARK: Sinks

    /// The sinks of `--sinks` (the menu's) and `--sink`, with a journal for the background
    /// ones: `--state`'s, or a private one as the REPL keeps. `nil` when none is asked for.
    private func makeSinks(
        _ parsed: SimulateArguments, compiled: CompiledMenu, compiler: MenuCompiler, catalog: PluginCatalog, registry: SinkRegistry, seed: UInt64
    ) throws(SimulateFailure) -> SimulationSinks? {
        let (commandLine, registry) = try CommandLineSinks.compile(
            parsed.sinks, with: compiler, catalog: catalog, registry: registry, failure: SimulateFailure.invalidCommandLineSink
        )
        let declarations = (parsed.menuSinks ? compiled.sinks : []) + commandLine
        guard !declarations.isEmpty else { return nil }
        var sessionArguments = Arguments()
        sessionArguments.menu = parsed.menu
        let setup = SinkSetup(arguments: sessionArguments, environment: environment, output: output, colors: false, registry: registry)
        let members: [Dispatcher.Member]
        do throws(SinkSetupError) {
            members = try setup.members(for: declarations, kioskName: compiled.menu.name)
        } catch {
            throw .sinkSetup(error, onCommandLine: commandLine.contains { $0.origin == error.origin })
        }
        var store: StateStore?
        var lastSequence: UInt64 = 0
        var existed = false
        if members.contains(where: { !$0.isForeground }) {
            let path = parsed.state ?? setup.privateJournalPath(menuName: compiled.menu.name, members: members)
            let options = JournalTuning.eventsJournal(environment)
            var random = SystemRandomNumberGenerator()
            do throws(JournalError) {
                let opened = try StateStore.open(
                    StateDirectory(path: path), mode: .events, options: options, menu: compiled.menu, ids: UUIDv7Generator(seed: random.next()),
                    at: SystemClock.now()
                )
                store = opened.store
                lastSequence = opened.opening.kiosk.sequence
                existed = opened.opening.existed
            } catch {
                throw .journal(error)
            }
            // Opened for events only, nothing was written: a refusal leaves the state as it was.
            if let path = parsed.state, existed, !parsed.appendToState { throw .stateHasHistory(path: path) }
        }
        let dispatcher = Dispatcher(members, journal: store?.journal)
        dispatcher.start(retrying: store?.interruptedRetries ?? [:])
        return SimulationSinks(dispatcher: dispatcher, store: store, source: compiled.menu.source, lastSequence: lastSequence, seed: seed)
    }

    /// Lets the sinks deliver what is queued within `timeout` (`--flush-timeout`), then
    /// says what is left, as the REPL does.
    private func finishSinks(_ sinks: SimulationSinks, timeout: Duration) {
        let statuses = sinks.dispatcher.shutdown(timeout: timeout)
        sinks.store?.refreshDeliveries()
        if let failure = sinks.failure {
            errors.write("kiosk simulate: " + tr("events for the sinks could not all be kept: {reason}", ["reason": failure.message]) + "\n")
        }
        var sessionArguments = Arguments()
        sessionArguments.menu = nil
        let setup = SinkSetup(arguments: sessionArguments, environment: environment, output: output, colors: false)
        errors.write(setup.farewell(statuses, backlog: sinks.dispatcher.backlog(), failures: sinks.store?.deliveries, journal: sinks.store?.journal.directory.path))
        _ = errors.flush()
    }
}
