import KioskApplication
import KioskCore
import KioskServer
import KioskSystem
import KioskText

/// `kiosk serve`: the kiosk over HTTP. The menu, the state and the sinks are loaded as for
/// the REPL (`SessionWiring`); the session then belongs to the server's command thread
/// until SIGTERM or SIGINT drains it; SIGHUP reloads the menu.
struct ServeCommand {
    let arguments: Arguments
    let environment: [String: String]
    let output: FileOutput
    let errors: FileOutput

    /// How long requests in flight may take to be answered once a stop was asked for.
    static let drainTime: Duration = .seconds(10)

    private var wiring: SessionWiring {
        SessionWiring(arguments: arguments, environment: environment, output: output, errors: errors)
    }

    func run() -> ExitCode {
        wiring.exitCode(serve)
    }

    private func serve() throws(StartupError) -> ExitCode {
        let wiring = self.wiring
        // Each connection takes a descriptor: room for the daemon's limit (and the journal's).
        CurrentProcess.raiseOpenFileLimit()
        let address = arguments.listen.flatMap(ListenAddress.init(parsing:)) ?? .default
        let tls = try readTLS()
        if !address.isLoopback, tls == nil { throw .insecureListen(address: address.authority(port: address.port)) }
        // Bound first: a port in use stops the start before the state or the sinks are touched.
        let socket: ListeningSocket
        do throws(SystemError) {
            socket = try ListeningSocket.open(host: address.host, port: address.port)
        } catch {
            throw .cannotListen(address: address.authority(port: address.port), error)
        }
        var handedOver = false
        defer { if !handedOver { socket.close() } }
        let loaded = try wiring.load()
        let token = try ServeToken.find(arguments: arguments, environment: environment, stateDirectory: arguments.state == nil ? nil : loaded.store?.journal.directory.path)
        let accessLog = try openAccessLog()
        Signals.watchTermination(interrupt: true)
        let running = try wiring.start(loaded, keepJournal: true)
        var configuration = APIServer.Configuration(address: address, token: token.token)
        configuration.daemon.tls = tls
        configuration.corsOrigins = arguments.corsOrigins
        configuration.errors = errors
        configuration.keepalive = ServeCommand.milliseconds(environment["KIOSK_EVENTS_KEEPALIVE_MS"]) ?? .seconds(15)
        configuration.slowCutoff = ServeCommand.milliseconds(environment["KIOSK_EVENTS_SLOW_MS"]) ?? .seconds(30)
        let server = APIServer(session: running.session, configuration: configuration, port: socket.port, accessLog: accessLog, document: OpenAPIDocument.bytes)
        handedOver = true
        do throws(DaemonError) {
            try server.start(on: socket)
        } catch {
            _ = wiring.finish(running)
            throw .server(error)
        }
        let origin = "\(tls == nil ? "http" : "https")://\(address.authority(port: socket.port))"
        announce(menu: loaded.compiled.menu.name, url: origin + Router.prefix, screens: origin + "/", token: token)
        waitForStop(server)
        server.stop(deadline: .now + ServeCommand.drainTime)
        return wiring.finish(running) ? .success : .ioError
    }

    /// `KIOSK_EVENTS_KEEPALIVE_MS` (how long a quiet event stream waits for a comment, 15 s)
    /// and `KIOSK_EVENTS_SLOW_MS` (how long a stream may stay full before it is cut off,
    /// 30 s): tests shorten them rather than wait.
    static func milliseconds(_ text: String?) -> Duration? {
        text.flatMap(Int64.init).map { .milliseconds(max($0, 10)) }
    }

    /// `--tls-cert` and `--tls-key`, read: both or neither.
    private func readTLS() throws(StartupError) -> DaemonSettings.TLS? {
        // The command line has both or neither.
        guard let certificate = arguments.tlsCertificate, let key = arguments.tlsKey else { return nil }
        return DaemonSettings.TLS(key: try readPEM(key), certificate: try readPEM(certificate))
    }

    private func readPEM(_ path: String) throws(StartupError) -> String {
        do throws(SystemError) {
            return String(decoding: try FileSystem.read(path, limit: 1 << 20), as: UTF8.self)
        } catch {
            throw .unreadableFile(path: path, error)
        }
    }

    private func openAccessLog() throws(StartupError) -> AccessLog? {
        guard let path = arguments.accessLog else { return nil }
        do throws(SystemError) {
            return try AccessLog(path: path)
        } catch {
            throw .cannotCreateFile(path: path, error)
        }
    }

    /// Says where the server listens, where its screens are and where its token is — never
    /// the token.
    private func announce(menu: String, url: String, screens: String, token: ServeToken) {
        if arguments.json {
            var writer = JSONWriter(capacity: 256)
            writer.beginObject()
            writer.field("serving", menu)
            writer.field("url", url)
            writer.field("screens", screens)
            writer.field("token", token.origin.word)
            if let path = token.origin.path { writer.field("tokenFile", path) }
            writer.endObject()
            writer.endLine()
            output.write(bytes: writer.bytes)
        } else {
            output.write(TerminalText.visibleLines(tr(
                "Serving {menu} at {url}\nScreens at {screens} (the kiosk; /suggest, /ready, /stock, /kitchen, /report)\nOperator token: {token}\n",
                ["menu": menu, "url": url, "screens": screens, "token": token.origin.description]
            )))
        }
        output.flush()
    }

    /// Until SIGTERM or SIGINT; a SIGHUP wakes the command thread to reload the menu. One
    /// that came while kiosk started wakes it at once: the session knows whether it reloaded.
    private func waitForStop(_ server: APIServer) {
        var hangups = 0
        while Signals.terminationSignal == nil {
            CurrentProcess.pause(milliseconds: 50)
            if Signals.hangupCount != hangups {
                hangups = Signals.hangupCount
                server.wake()
            }
        }
    }

    /// `address already in use`, and a hint for the common cases.
    static func reason(_ error: SystemError) -> String {
        switch error.code {
        case 98: tr("the address is already in use (another server? pick another port, or 0 for a free one)")
        case 99: tr("the address is not one of this machine's")
        case 13: tr("permission denied (ports below 1024 need privileges)")
        case 22: tr("not a numeric address")
        default: error.reason
        }
    }
}
