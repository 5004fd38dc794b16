import KioskApplication
import KioskCore
import KioskJournal
import KioskMenu
import KioskSinks
import KioskSystem
import KioskText

/// `kiosk reprice --state DIRECTORY --menu FILE`: the orders a state recorded, made again
/// on another menu's prices, taxes, discounts and rounding — the same lines, the same
/// choices, at the same times — and what each would have cost, order by order and in all.
///
/// It only reads: the state is opened for reading alone, no file is made or written, and
/// no lock is held that a kiosk running on the state would wait for. The journal is read
/// as a stream (`JournalInspector.events`), each order written as it is met; only the
/// sums are kept.
struct RepriceCommand {
    let arguments: [String]
    let environment: [String: String]
    let output: FileOutput
    let errors: FileOutput

    func run() -> ExitCode {
        let renderer = DiagnosticRenderer(
            colors: ProcessEnvironment.wantsColor(isTerminal: errors.isTerminal, noColorFlag: false, environment: environment)
        )
        do throws(RepriceFailure) {
            return try reprice()
        } catch {
            output.flush()
            if OptionLoop.mentions("--json", in: arguments) {
                errors.write(bytes: error.json())
            } else {
                errors.write(error.text(renderer: renderer))
            }
            return error.exitCode
        }
    }

    private func reprice() throws(RepriceFailure) -> ExitCode {
        let parsed: RepriceArguments
        do throws(RepriceUsageError) { parsed = try RepriceArguments.parse(arguments) } catch { throw .usage(error) }
        if parsed.help {
            output.write(UsageText.reprice)
            return output.flush() ? .success : .ioError
        }
        let from = parsed.from.map { RepriceCommand.milliseconds($0, end: false) } ?? Int64.min
        let to = parsed.to.map { RepriceCommand.milliseconds($0, end: true) } ?? Int64.max
        guard from < to else { throw .usage(.emptySpan) }
        let compiler = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas, environment: environment)
        let compilation = MenuSource(path: parsed.menu, compiler: compiler).compile()
        guard let compiled = compilation.menu else {
            if let unreadable = compilation.unreadable { throw .unreadableMenu(unreadable) }
            throw .invalidMenu(MenuFailure(compilation))
        }
        var repricer = Repricer(menu: compiled.menu, utcOffset: SystemClock.utcOffset)
        var report = RepriceReport(form: parsed.output, all: parsed.all, currency: compiled.menu.currency)
        do throws(JournalError) {
            try JournalInspector.events(StateDirectory(path: parsed.state ?? ""), format: .kiosk) { event in
                guard case .orderSucceeded = event.payload else { return false }
                let time = event.time.millisecondsSince1970
                return time >= from && time < to
            } each: { event in
                guard case .orderSucceeded(let made) = event.payload else { return }
                let outcome = repricer.reprice(made, at: event.time)
                report.add(RepriceReport.Row(sequence: event.sequence, time: event.time, made: made, outcome: outcome), to: output)
            }
        } catch {
            throw .state(error)
        }
        report.finish(to: output)
        guard output.flush() else { throw .output }
        return .success
    }

    /// Where a bound of the span falls: an instant as given; a day from its start (`--from`)
    /// or to its end (`--to`), in the machine's local time, as the menu's windows are read.
    static func milliseconds(_ bound: RepriceArguments.Bound, end: Bool) -> Int64 {
        switch bound {
        case .instant(let instant):
            return instant
        case .day(let start):
            let midnight = end ? start + 86_400_000 : start
            return midnight - Int64(SystemClock.utcOffset(at: Timestamp(millisecondsSince1970: midnight))) * 1000
        }
    }
}
