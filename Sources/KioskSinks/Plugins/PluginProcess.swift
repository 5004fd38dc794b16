import KioskSystem
import KioskText

/// One running plugin and kiosk's side of the conversation of docs/PLUGINS.md: the
/// handshake, `describe`, `configure`, lines each way, `shutdown`.
///
/// Used by one thread at a time (a sink's, under its lock; hence `@unchecked`). Standard error is read
/// whenever standard output is waited for, so a plugin that logs much never blocks on it.
final class PluginProcess: @unchecked Sendable {
    /// The protocol versions this kiosk speaks, as `KIOSK_PLUGIN_PROTOCOLS` says them.
    static let versions = [1]
    static let handshakeTimeout: Duration = .seconds(5)

    let name: String
    let path: String
    let timeout: Duration
    private let process: ChildProcess
    private var lines = PluginLines()
    private var errorsOpen = true
    private(set) var log = PluginLog()
    /// What its handshake said: the version it chose and its kinds.
    private(set) var version = 0
    private(set) var kinds: [String] = []

    private init(name: String, path: String, timeout: Duration, process: ChildProcess) {
        self.name = name
        self.path = path
        self.timeout = timeout
        self.process = process
    }

    /// Starts the plugin at `path` and reads its handshake.
    static func start(
        name: String, path: String, environment: [String: String], directory: String? = nil, timeout: Duration = .seconds(10)
    ) throws(PluginProblem) -> PluginProcess {
        let plugin = try launch(name: name, path: path, environment: environment, directory: directory, timeout: timeout)
        try plugin.awaitHandshake()
        return plugin
    }

    /// Reads its handshake; stopped and the reason thrown when it is not one kiosk speaks.
    func awaitHandshake() throws(PluginProblem) {
        do throws(PluginFailure) {
            try handshake()
        } catch {
            stop()
            throw problem(error)
        }
    }

    /// Starts the plugin at `path`, without waiting for its handshake: several start at
    /// once, and their handshakes are read after.
    static func launch(
        name: String, path: String, environment: [String: String], directory: String? = nil, timeout: Duration = .seconds(10)
    ) throws(PluginProblem) -> PluginProcess {
        var variables = environment
        variables["KIOSK_PLUGIN_PROTOCOLS"] = versions.map(String.init).joined(separator: ",")
        var started: ChildProcess?
        for attempt in 1...5 where started == nil {
            do throws(SystemError) {
                started = try ChildProcess.spawn(path, arguments: [], environment: variables, directory: directory, captureOutput: true, captureErrors: true)
            } catch where error.isBusyExecutable && attempt < 5 {
                CurrentProcess.pause(milliseconds: 20 * attempt)
            } catch {
                throw PluginProblem(plugin: name, failure: .cannotStart(error.reason), log: [])
            }
        }
        guard let process = started else { throw PluginProblem(plugin: name, failure: .cannotStart(tr("the file is busy")), log: []) }
        // Writes must not block: a plugin that stops reading is waited for only so long.
        FileSystem.setNonBlocking(process.input)
        return PluginProcess(name: name, path: path, timeout: timeout, process: process)
    }

    /// The failure, with this plugin's name and the end of its log.
    func problem(_ failure: PluginFailure) -> PluginProblem {
        PluginProblem(plugin: name, failure: failure, log: log.lastLines(3))
    }

    private func handshake() throws(PluginFailure) {
        let what = tr("the handshake")
        let line = try nextLine(waitingFor: what, until: ContinuousClock.now.advanced(by: PluginProcess.handshakeTimeout), timeout: PluginProcess.handshakeTimeout)
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count == 4, words[0] == "kiosk-plugin" else { throw .notAHandshake(line: line) }
        let theirs = words[1].split(separator: ",").compactMap { Int($0) }
        guard !theirs.isEmpty, theirs.count == words[1].split(separator: ",").count else { throw .notAHandshake(line: line) }
        guard theirs.count == 1, PluginProcess.versions.contains(theirs[0]) else {
            throw .unsupportedVersions(theirs: theirs, ours: PluginProcess.versions)
        }
        guard words[2] == name else { throw .wrongName(words[2]) }
        version = theirs[0]
        kinds = words[3].split(separator: ",").map(String.init)
    }

    /// Asks for its options.
    func describe() throws(PluginFailure) -> PluginDescription {
        try send(Array(#"{"describe":{}}"#.utf8) + [0x0A])
        let (answer, line) = try nextMessage(waitingFor: tr("'describe'"))
        guard let list = answer["options"]?.array else { throw .notProtocol(line: line) }
        var options: [PluginOption] = []
        for element in list {
            let option = try PluginOption(parsing: element)
            guard !options.contains(where: { $0.name == option.name }) else {
                throw .badDescription(tr("option '{name}' is declared twice", ["name": option.name]))
            }
            options.append(option)
        }
        return PluginDescription(path: path, name: name, version: version, kinds: kinds, options: options)
    }

    /// Sends its options; returns its refusals, none when it answered `{"ok":true}`.
    func configure(_ line: [UInt8]) throws(PluginFailure) -> [PluginRefusal] {
        try send(line)
        let (answer, line) = try nextMessage(waitingFor: tr("'configure'"))
        guard case .bool(let ok)? = answer["ok"] else { throw .notProtocol(line: line) }
        if ok { return [] }
        let refusals = (answer["errors"]?.array ?? []).map { error in
            PluginRefusal(option: error["option"]?.string, message: error["message"]?.string ?? tr("no reason given"))
        }
        return refusals.isEmpty ? [PluginRefusal(option: nil, message: tr("no reason given"))] : refusals
    }

    /// Writes bytes to its input. While it has no room, what the plugin writes is read
    /// (its answers kept for later, its log), so neither side waits on the other; a plugin
    /// that reads nothing for `timeout`, or until `stop` says so, fails the write.
    func send(_ bytes: [UInt8], stop: () -> Bool = { false }) throws(PluginFailure) {
        var offset = 0
        var deadline = ContinuousClock.now.advanced(by: timeout)
        while offset < bytes.count {
            let written: Int
            do throws(SystemError) {
                written = try FileSystem.writeAvailable(process.input, bytes, from: offset)
            } catch {
                throw .exited(status: awaitExit(), waitingFor: tr("its input"))
            }
            if written > 0 {
                offset += written
                deadline = ContinuousClock.now.advanced(by: timeout)
                continue
            }
            guard ContinuousClock.now < deadline, !stop() else { throw .timedOut(waitingFor: tr("its input"), after: timeout) }
            let readable = [process.output ?? -1, errorsOpen ? (process.errors ?? -1) : -1]
            let wait = FileSystem.awaitRoom(process.input, orReadable: readable, until: min(deadline, ContinuousClock.now.advanced(by: .milliseconds(100))))
            if wait == .readable, case .end = read(until: ContinuousClock.now.advanced(by: .milliseconds(100))) {
                throw .exited(status: awaitExit(), waitingFor: tr("its input"))
            }
        }
    }

    /// The next line it writes on standard output before `deadline`.
    /// `timeout` is the wait the deadline stands for, as an error says it.
    func nextLine(waitingFor what: String, until deadline: ContinuousClock.Instant, timeout: Duration) throws(PluginFailure) -> String {
        while true {
            if let line = lines.nextLine() { return line }
            switch read(until: deadline) {
            case .bytes: continue
            case .timedOut: throw .timedOut(waitingFor: what, after: timeout)
            case .end: throw .exited(status: awaitExit(), waitingFor: what)
            }
        }
    }

    /// A line already read, without waiting.
    func bufferedLine() -> String? { lines.nextLine() }

    /// The bytes of a line already read, without waiting.
    func bufferedLineBytes() -> ArraySlice<UInt8>? { lines.nextLineBytes() }

    /// Waits until standard output has more bytes (read into the buffer), it ends, or
    /// `deadline`. Standard error is read meanwhile, into the log.
    func read(until deadline: ContinuousClock.Instant) -> FileSystem.Available {
        guard let output = process.output else { return .end }
        while true {
            let (descriptor, available) = FileSystem.readEither(output, errorsOpen ? (process.errors ?? -1) : -1, until: deadline)
            guard descriptor != output else {
                switch available {
                case .bytes(let bytes): lines.append(bytes)
                case .end: drainErrors()
                case .timedOut: break
                }
                return available
            }
            switch available {
            case .bytes(let bytes): log.append(bytes)
            case .end: errorsOpen = false
            case .timedOut: return .timedOut
            }
        }
    }

    /// What is left on standard error once output has ended: the reason a plugin exited.
    private func drainErrors() {
        guard errorsOpen, let errors = process.errors else { return }
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(200))
        while case .bytes(let bytes) = FileSystem.readAvailable(errors, until: deadline) { log.append(bytes) }
        errorsOpen = false
    }

    /// The next line as a JSON object, within `timeout`.
    private func nextMessage(waitingFor what: String) throws(PluginFailure) -> (JSONValue, String) {
        let line = try nextLine(waitingFor: what, until: ContinuousClock.now.advanced(by: timeout), timeout: timeout)
        guard let value = JSONValue(parsing: Array(line.utf8)), value.fields != nil else { throw .notProtocol(line: line) }
        return (value, line)
    }

    /// Its exit status, waiting a little for it: output closes just before a process exits.
    func awaitExit() -> Int32? {
        for _ in 0..<50 {
            if let status = process.exitStatus() { return status }
            CurrentProcess.pause(milliseconds: 2)
        }
        return nil
    }

    var exitStatus: Int32? { process.exitStatus() }

    /// `{"shutdown":{}}`, then EOF; it may run until `deadline`, then SIGTERM and SIGKILL.
    func shutdown(by deadline: ContinuousClock.Instant) {
        askToShutDown()
        process.finish(by: deadline)
    }

    /// `{"shutdown":{}}` alone: several plugins are asked, then each waited for.
    func askToShutDown() {
        _ = try? send(Array(#"{"shutdown":{}}"#.utf8) + [0x0A])
    }

    /// EOF, then waits for it to exit until `deadline`; then SIGTERM and SIGKILL.
    func finish(by deadline: ContinuousClock.Instant) {
        process.finish(by: deadline)
    }

    /// Stops it now: a plugin that misbehaved or hangs.
    func stop() {
        process.finish(grace: .milliseconds(100))
    }
}

/// One error of a plugin's `{"ok":false,"errors":[…]}`.
public struct PluginRefusal: Sendable, Equatable {
    /// The option it concerns; `nil` for the statement as a whole.
    public let option: String?
    public let message: String
}
