import KioskMenu
import KioskSinks
import KioskSystem
import Synchronization

/// Makes the sinks of a run: the menu's and the command line's, with the console by
/// default, each with its spool, sharing one HTTP client that starts when first needed.
struct SinkSetup {
    let arguments: Arguments
    let environment: [String: String]
    let output: FileOutput
    let colors: Bool
    let http = SharedHTTPClient()

    /// Where spools live: beside the state file, else in `$XDG_STATE_HOME/kiosk/spool`
    /// (`~/.local/state/kiosk/spool`).
    func spool(kind: String, identity: String) -> Spool {
        if let state = arguments.state {
            return Spool(besideState: state, kind: kind, identity: identity)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/state"
        return Spool(directory: base + "/kiosk/spool", kind: kind, identity: identity)
    }

    /// `--json` and `--quiet` keep human text off standard output, so they leave the
    /// console out; otherwise there is a console unless a sink statement names one.
    func declarations(menu: [SinkDeclaration], commandLine: [SinkDeclaration]) -> [SinkDeclaration] {
        var declarations = menu + commandLine
        if !declarations.contains(where: { $0.kind == "console" }) {
            declarations.insert(SinkDeclaration(kind: "console", origin: "the default console"), at: 0)
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
            let sink = try SinkRegistry.standard.makeSink(declaration, environment: sinkEnvironment)
            let spool = sink.placement == .foreground ? nil : spool(kind: declaration.kind, identity: sink.target)
            members.append(Dispatcher.Member(
                sink: sink, kind: declaration.kind, events: declaration.events,
                capacity: declaration.queueCapacity ?? Dispatcher.defaultCapacity, spool: spool
            ))
        }
        return members
    }

    /// What a person should know at exit: events left for the next start, or lost to a
    /// receiver that refused them.
    func farewell(_ statuses: [SinkStatus], members: [Dispatcher.Member]) -> String {
        var lines = ""
        for (status, member) in zip(statuses, members) {
            let name = "\(status.kind) \(status.target)"
            if status.spooled > 0, let spool = member.spool {
                lines += "kiosk: \(name): \(plural(status.spooled, "event")) not delivered, kept in \(spool.path) for the next start\n"
            }
            if status.failed > 0 {
                let reason = status.lastError.map { " (\($0))" } ?? ""
                let kept = member.spool.map { ", kept in \($0.deadLetterPath)" } ?? ""
                lines += "kiosk: \(name): \(plural(status.failed, "event")) refused\(reason)\(kept)\n"
            }
        }
        return lines
    }

    private func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
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
