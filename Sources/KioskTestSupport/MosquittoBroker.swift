import Foundation

/// A real mosquitto broker on 127.0.0.1 for the tests: started as `mosquitto -c` with a
/// configuration, port and files of its own in a temporary directory — never the system's
/// service, which it neither needs nor touches.
///
/// mosquitto cannot bind port 0 and report the port it got, so the broker picks one at
/// random and tries another when mosquitto exits at start (the port was taken). It can be
/// stopped (SIGTERM), killed (SIGKILL) and started again on the same port: while it is
/// down, the port stays bound (not listening, so connections are refused as by a broker
/// that is down) and no other program can take it before `restart`.
public final class MosquittoBroker: @unchecked Sendable {
    public struct Options: Sendable {
        /// Users and passwords; none means anonymous clients are let in.
        public var users: [String: String]
        /// TLS with a CA and server certificate made for the broker (`caFile`).
        public var tls: Bool
        /// Clients must show a certificate signed by the same CA (`clientCertificate`).
        public var requireClientCertificate: Bool
        /// Sessions and retained messages kept on disk, saved after every change.
        public var persistence: Bool

        public init(users: [String: String] = [:], tls: Bool = false, requireClientCertificate: Bool = false, persistence: Bool = false) {
            self.users = users
            self.tls = tls
            self.requireClientCertificate = requireClientCertificate
            self.persistence = persistence
        }
    }

    public enum BrokerError: Error, CustomStringConvertible {
        case notInstalled(String)
        case toolFailed(String, output: String)
        case cannotStart(log: String)

        public var description: String {
            switch self {
            case .notInstalled(let program): "\(program) is not installed (Debian: mosquitto, mosquitto-clients, openssl)"
            case .toolFailed(let tool, let output): "\(tool) failed: \(output)"
            case .cannotStart(let log): "mosquitto did not start:\n\(log)"
            }
        }
    }

    public let options: Options
    /// The broker's own directory: configuration, log, certificates, persistence.
    public let directory: URL
    public private(set) var port: UInt16 = 0
    private var process: Process?
    /// A socket bound to the port while the broker is down, closed just before it starts.
    private var holder: Int32 = -1
    private let lock = NSLock()

    /// Starts a broker, writing whatever files its options need.
    public init(_ options: Options = Options()) throws {
        // A write to a connection the broker has just dropped must fail, not end the tests.
        Glibc.signal(SIGPIPE, SIG_IGN)
        self.options = options
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-mosquitto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if !options.users.isEmpty { try writePasswordFile() }
        if options.tls { try makeCertificates() }
        try startOnSomePort()
    }

    deinit {
        kill()
        release()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `mqtt://127.0.0.1:PORT`, or `mqtts://localhost:PORT` with TLS (the name the
    /// server certificate is made for; it also holds 127.0.0.1).
    public var url: String { options.tls ? "mqtts://localhost:\(port)" : "mqtt://127.0.0.1:\(port)" }

    /// The CA certificate that signed the broker's (and the client's).
    public var caFile: String { path("ca.crt") }
    /// A client certificate and key signed by `caFile`.
    public var clientCertificate: ClientCertificate { ClientCertificate(certfile: path("client.crt"), keyfile: path("client.key")) }

    /// A client certificate's file and its key's.
    public struct ClientCertificate: Sendable {
        public let certfile: String
        public let keyfile: String
    }

    /// What mosquitto logged.
    public var log: String { (try? String(contentsOf: directory.appendingPathComponent("mosquitto.log"), encoding: .utf8)) ?? "" }

    public var isRunning: Bool { lock.withLock { process?.isRunning ?? false } }

    /// SIGTERM: mosquitto saves what it persists, says goodbye to its clients and exits.
    public func stop() {
        end(with: SIGTERM)
    }

    /// SIGKILL: the broker vanishes mid-stream, as in a crash.
    public func kill() {
        end(with: SIGKILL)
    }

    /// Starts the broker again on the same port, after `stop` or `kill`.
    public func restart() throws {
        kill()
        // The old listener's socket may linger a moment.
        for attempt in 0..<50 {
            release()
            if try start(port: port) { return }
            Thread.sleep(forTimeInterval: 0.02 * Double(attempt + 1))
        }
        throw BrokerError.cannotStart(log: log)
    }

    // MARK: Running

    private func end(with number: Int32) {
        let running = lock.withLock { () -> Process? in
            defer { process = nil }
            return process
        }
        guard let running, running.isRunning else { return }
        Foundation.kill(running.processIdentifier, number)
        running.waitUntilExit()
        hold()
    }

    /// Binds the port, without listening, until `release`: the broker is down, and the
    /// port stays its own.
    private func hold() {
        guard holder < 0 else { return }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = Loopback.withAddress(port: port) { bind(socket, $0, $1) }
        if bound == 0 { holder = socket } else { close(socket) }
    }

    private func release() {
        if holder >= 0 { close(holder) }
        holder = -1
    }

    private func startOnSomePort() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<30 {
            // Below Linux's ephemeral range, so no outgoing connection holds it.
            if try start(port: UInt16.random(in: 20_000..<32_000, using: &random)) { return }
        }
        throw BrokerError.cannotStart(log: log)
    }

    /// Starts mosquitto on `port`; `false` when the port is taken.
    private func start(port: UInt16) throws -> Bool {
        self.port = port
        let configuration = directory.appendingPathComponent("mosquitto.conf")
        try Data(configurationText(port: port).utf8).write(to: configuration)
        let logURL = directory.appendingPathComponent("mosquitto.log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try MosquittoBroker.locate("mosquitto"))
        process.arguments = ["-c", configuration.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: logURL)
        try process.run()
        lock.withLock { self.process = process }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let text = log
            if text.contains(" running") { return true }
            if !process.isRunning {
                lock.withLock { self.process = nil }
                if text.contains("Address already in use") { return false }
                throw BrokerError.cannotStart(log: text)
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        kill()
        throw BrokerError.cannotStart(log: log)
    }

    private func configurationText(port: UInt16) -> String {
        var lines = [
            "listener \(port) 127.0.0.1",
            "allow_anonymous \(options.users.isEmpty)",
            "log_dest stderr",
            "log_type error",
            "log_type warning",
            "log_type notice",
            "log_type information",
            "connection_messages true",
            "persistence \(options.persistence)",
        ]
        // As root, mosquitto would switch to the `mosquitto` user, who cannot read these files.
        if geteuid() == 0 { lines.append("user root") }
        if !options.users.isEmpty { lines.append("password_file \(path("passwords"))") }
        if options.persistence {
            lines += ["persistence_location \(directory.path)/", "autosave_on_changes true", "autosave_interval 1"]
        }
        if options.tls {
            lines += ["cafile \(caFile)", "certfile \(path("server.crt"))", "keyfile \(path("server.key"))"]
            if options.requireClientCertificate { lines.append("require_certificate true") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Files

    private func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    private func writePasswordFile() throws {
        let tool = try MosquittoBroker.locate("mosquitto_passwd")
        for (index, (user, password)) in options.users.sorted(by: { $0.key < $1.key }).enumerated() {
            try MosquittoBroker.run(tool, (index == 0 ? ["-c"] : []) + ["-b", path("passwords"), user, password])
        }
    }

    /// A CA, a server certificate for localhost and 127.0.0.1, and a client certificate,
    /// with EC keys (quick to make).
    private func makeCertificates() throws {
        let openssl = try MosquittoBroker.locate("openssl")
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try MosquittoBroker.run(openssl, ["req", "-x509"] + key + [
            "-keyout", path("ca.key"), "-out", caFile, "-days", "2", "-subj", "/CN=kiosk test CA",
        ])
        for (name, usage, subject) in [("server", "serverAuth", "localhost"), ("client", "clientAuth", "kiosk test client")] {
            let extensions = path("\(name).ext")
            try Data("""
            basicConstraints=CA:FALSE
            keyUsage=digitalSignature
            extendedKeyUsage=\(usage)
            subjectAltName=DNS:localhost,IP:127.0.0.1

            """.utf8).write(to: URL(fileURLWithPath: extensions))
            try MosquittoBroker.run(openssl, ["req"] + key + [
                "-keyout", path("\(name).key"), "-out", path("\(name).csr"), "-subj", "/CN=\(subject)",
            ])
            try MosquittoBroker.run(openssl, [
                "x509", "-req", "-in", path("\(name).csr"), "-CA", caFile, "-CAkey", path("ca.key"), "-CAcreateserial",
                "-out", path("\(name).crt"), "-days", "2", "-extfile", extensions,
            ])
        }
    }

    /// A program from the usual places, whatever the test's PATH.
    static func locate(_ program: String) throws -> String {
        let directories = ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin", "/sbin", "/bin"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in directories where FileManager.default.isExecutableFile(atPath: directory + "/" + program) {
            return directory + "/" + program
        }
        throw BrokerError.notInstalled(program)
    }

    /// Runs a tool to its end; throws with its output when it fails.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BrokerError.toolFailed(([tool] + arguments).joined(separator: " "), output: text)
        }
        return text
    }
}
