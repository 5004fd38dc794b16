import KioskCore
import KioskJournal
import KioskMenu
import KioskSinks
import KioskSystem
import KioskText
import Synchronization

/// Makes the sinks of a run: the menu's and the command line's, with the console by
/// default, sharing one HTTP client that starts when first needed.
struct SinkSetup {
    let arguments: Arguments
    let environment: [String: String]
    let output: FileOutput
    let colors: Bool
    /// The sink kinds, plugins among them.
    var registry = SinkRegistry.standard
    let http = SharedHTTPClient()

    /// `--json` and `--quiet` keep human text off standard output, so they leave the
    /// console out; otherwise there is a console unless a sink statement names one.
    func declarations(menu: [SinkDeclaration], commandLine: [SinkDeclaration]) -> [SinkDeclaration] {
        var declarations = menu + commandLine
        if !declarations.contains(where: { $0.kind == "console" }) {
            declarations.insert(SinkDeclaration(kind: "console", origin: tr("the default console")), at: 0)
        }
        if arguments.json || arguments.quiet {
            declarations.removeAll { $0.kind == "console" }
        }
        return declarations
    }

    func members(for declarations: [SinkDeclaration], kioskName: String) throws(SinkSetupError) -> [Dispatcher.Member] {
        let environment = self.environment
        let http = self.http
        let sinkEnvironment = SinkEnvironment(
            standardOutput: output, colors: colors && output.isTerminal, variables: environment,
            httpClient: { http.client(environment: environment) }, kioskName: kioskName
        )
        var members: [Dispatcher.Member] = []
        for declaration in declarations {
            let sink = try registry.makeSink(declaration, environment: sinkEnvironment)
            let from: Dispatcher.Member.StartPoint = declaration.choice("from")?.word == "start" ? .start : .end
            let member = Dispatcher.Member(
                sink: sink, kind: declaration.kind, name: declaration.text("name")?.display, events: declaration.events, from: from,
                readAhead: declaration.queueCapacity ?? Dispatcher.defaultReadAhead, mask: declaration.secretMask
            )
            if members.contains(where: { $0.name == member.name }), !member.isForeground {
                throw SinkSetupError(declaration: declaration, reason: "another sink is named '\(member.name)'; give one of them a 'name'")
            }
            members.append(member)
        }
        return members
    }

    /// Where events wait for their sinks without `--state`: a journal of its own for each
    /// menu and set of sinks, under `$XDG_STATE_HOME/kiosk/journals/` (else
    /// `~/.local/state/kiosk/journals/`), so the next run with the same menu and sinks
    /// delivers what this one could not.
    func privateJournalPath(menuName: String, members: [Dispatcher.Member]) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/state"
        let menu = arguments.menu.map(FileSystem.absolute) ?? "(the bundled Juice Maker)"
        let key = ([menu] + members.filter { !$0.isForeground }.map(\.name).sorted()).joined(separator: "\n")
        let slug = NameKey.slug(menuName).prefix(40)
        return base + "/kiosk/journals/" + (slug.isEmpty ? "kiosk" : String(slug)) + "-" + Hex.fingerprint(of: key)
    }

    /// What a person should know at exit: events that wait in the journal for a sink, and
    /// events sinks gave up on. Every count and path is the real one.
    func farewell(_ statuses: [SinkStatus], backlog: [String: Int], failures: DeliveryFailures?, journal: String?) -> String {
        var lines = ""
        for status in statuses {
            let name = TerminalText.visible(status.name)
            if let waiting = backlog[status.name], waiting > 0, let journal {
                lines += "kiosk: " + trn(
                    "{count} event waits for {sink} in {journal}; they are sent on the next start",
                    "{count} events wait for {sink} in {journal}; they are sent on the next start",
                    waiting, ["count": waiting, "sink": name, "journal": TerminalText.visible(journal)]
                ) + "\n"
            }
            let failed = failures?.failures(of: status.name) ?? []
            if let last = failed.last, let journal {
                lines += "kiosk: " + trn(
                    "{count} event failed for {sink} (last: {reason}); they wait in {journal} for 'sinks retry'",
                    "{count} events failed for {sink} (last: {reason}); they wait in {journal} for 'sinks retry'",
                    failed.count, ["count": failed.count, "sink": name, "reason": TerminalText.visible(last.reason), "journal": TerminalText.visible(journal)]
                ) + "\n"
            }
        }
        return TerminalText.visibleLines(lines)
    }
}

/// The one HTTP client webhooks share: the `kiosk-http` helper, started on first use.
final class SharedHTTPClient: Sendable {
    private let shared = Mutex<AgentHTTPClient?>(nil)

    func client(environment: [String: String]) -> (any HTTPClient)? {
        shared.withLock { client in
            if let client { return client }
            guard let path = AgentHTTPClient.locate(environment: environment) else { return nil }
            let made = AgentHTTPClient(executable: path, environment: environment)
            client = made
            return made
        }
    }

    func close() {
        shared.withLock { $0?.close() }
    }
}
