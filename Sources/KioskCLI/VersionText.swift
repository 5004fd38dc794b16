import KioskCore
import KioskServer
import KioskSinks
import KioskTerminal
import KioskText

/// The text of `kiosk --version`: the version, the commit it was built from, and what kiosk
/// loads only when a feature needs it — the C libraries it opens with `dlopen` and the
/// webhook helper — with the versions it would run with, since a missing library otherwise
/// shows only when its feature is first used.
///
/// Only `--version` loads the libraries; `kiosk -c menu` never does.
enum VersionText {
    /// A C library kiosk opens when a feature needs it.
    struct LoadableLibrary: Sendable {
        /// The file name `dlopen` is given.
        let file: String
        /// What it is for, after "for".
        let purpose: String
        /// Its version, loading it; `nil` when it cannot be loaded.
        let version: @Sendable () -> String?
    }

    /// Every library kiosk loads on demand, one entry each.
    static let libraries: [LoadableLibrary] = [
        LoadableLibrary(file: ReadlineLineReader.libraryName, purpose: "line editing at a terminal", version: ReadlineLineReader.libraryVersion),
        LoadableLibrary(file: MQTTClient.libraryName, purpose: "mqtt sinks", version: MQTTClient.libraryVersion),
        LoadableLibrary(file: MicroHTTPDaemon.libraryName, purpose: "kiosk serve", version: { try? MicroHTTPDaemon.libraryVersion() }),
    ]

    static func text(commit: String?, environment: [String: String]) -> String {
        var lines = ["kiosk \(KioskVersion.current)", "commit " + (commit ?? "unknown (not built by make)"), ""]
        var table = TextTable([("loaded when needed", .left), ("version", .left), ("for", .left)])
        for library in libraries {
            table.add([library.file, library.version() ?? "not found", library.purpose])
        }
        lines += table.lines
        let helper = AgentHTTPClient.locate(environment: environment)
        lines.append("webhook helper: " + (helper ?? "not found (looked beside kiosk and in ../lib/kiosk/; KIOSK_HTTP may say where it is)"))
        return lines.joined(separator: "\n") + "\n"
    }
}
