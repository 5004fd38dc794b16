import KioskCore
import KioskMenu
import KioskSystem
import KioskText
import Synchronization

/// A sink that is a plugin (docs/PLUGINS.md): each event as `{"event":…}` on the plugin's
/// input, delivered once the plugin answers `{"ack":"ID"}`.
///
/// A batch is written at once and its answers are matched by id in any order, so many
/// events are in flight; the batch is delivered up to its first event not acknowledged.
/// A `nack` with `retry`, an exit, a line that is not the protocol, or silence for
/// `timeout` stops the plugin; the retry (with the runner's back-off) starts it again —
/// handshake, `describe`, `configure` — and sends every unacknowledged event again. A
/// `nack` without `retry` fails that one event for good.
public final class PluginSink: BatchingSink {
    let configuration: PluginConfiguration
    private let environment: [String: String]
    private let timeout: Duration
    private let backoff: Duration
    private let mask: SecretMask
    private let state = Mutex<State>(State())
    /// Set by `close(by:)` before it waits for `state`: a send waiting for answers holds
    /// that lock, and gives up within `closeCheck` of seeing this.
    private let closing = Atomic(false)
    private static let closeCheck: Duration = .milliseconds(100)

    private struct State {
        var running: PluginProcess?
        var closed = false
    }

    /// The plugin `description` describes, configured by `declaration`. Call `start()`
    /// to have a plugin that refuses its options reported now.
    public init(description: PluginDescription, declaration: SinkDeclaration, environment: [String: String], timeout: Duration = .seconds(10), backoff: Duration = .milliseconds(500)) {
        self.configuration = PluginConfiguration(description: description, declaration: declaration)
        self.environment = environment
        self.timeout = timeout
        self.backoff = backoff
        self.mask = configuration.secretMask
    }

    /// The kind a plugin of kind `sink` is in a `SinkRegistry`.
    public static func kind(_ description: PluginDescription) -> SinkKind {
        SinkKind(schema: description.schema) { declaration, environment throws(SinkSetupError) -> any Sink in
            let sink = PluginSink(description: description, declaration: declaration, environment: environment.variables)
            try sink.start()
            return sink
        }
    }

    public var target: String { tr("plugin {path}", ["path": configuration.description.path]) }
    public var batchLimit: Int { 256 }
    public var retryPolicy: RetryPolicy {
        RetryPolicy(maximumRetries: nil, initialBackoff: backoff, maximumBackoff: max(backoff, .seconds(30)))
    }

    /// Starts the plugin and configures it, so a plugin that cannot run, or refuses its
    /// options, stops kiosk from starting with it.
    public func start() throws(SinkSetupError) {
        do throws(SinkFailure) {
            let plugin = try launch()
            state.withLock { $0.running = plugin }
        } catch {
            throw SinkSetupError(declaration: configuration.declaration, reason: error.reason)
        }
    }

    /// A new plugin process, through `configure`.
    private func launch() throws(SinkFailure) -> PluginProcess {
        let description = configuration.description
        let plugin: PluginProcess
        do throws(PluginProblem) {
            plugin = try PluginProcess.start(
                name: description.name, path: description.path, environment: environment, directory: configuration.declaration.directory, timeout: timeout
            )
        } catch {
            throw .retryable(mask.apply(error.message))
        }
        let refusals: [PluginRefusal]
        do throws(PluginFailure) {
            _ = try plugin.describe()
            refusals = try plugin.configure(configuration.line)
        } catch {
            plugin.stop()
            throw .retryable(mask.apply(plugin.problem(error).message))
        }
        guard refusals.isEmpty else {
            plugin.stop()
            throw .permanent(tr("plugin '{plugin}' refused its options: {reasons}", ["plugin": description.name, "reasons": configuration.reasons(for: refusals)]))
        }
        return plugin
    }

    public func send(batch: ArraySlice<Event>) throws(BatchFailure) {
        var lines: [UInt8] = []
        lines.reserveCapacity(batch.count * 450)
        for event in batch {
            lines += #"{"event":"#.utf8
            lines += event.json
            lines += "}\n".utf8
        }
        let failure = state.withLock { state -> BatchFailure? in
            if state.running == nil {
                guard !state.closed else {
                    return BatchFailure(delivered: 0, failure: .retryable(tr("kiosk is exiting; plugin '{plugin}' is not started again", ["plugin": configuration.description.name])))
                }
                do throws(SinkFailure) {
                    state.running = try launch()
                } catch {
                    return BatchFailure(delivered: 0, failure: error)
                }
            }
            guard let plugin = state.running else { return BatchFailure(delivered: 0, failure: .retryable(tr("the plugin is not running"))) }
            let outcome = deliver(batch, lines: lines, to: plugin)
            if let failure = outcome, case .retryable = failure.failure {
                plugin.stop()
                state.running = nil
            }
            return outcome
        }
        if let failure { throw failure }
    }

    /// Writes the batch and reads answers until each event is acknowledged, or why not.
    private func deliver(_ batch: ArraySlice<Event>, lines: [UInt8], to plugin: PluginProcess) -> BatchFailure? {
        let name = configuration.description.name
        // A plugin that exits mid-batch fails the write; the answers it gave before count,
        // and its output's end says why. One that stops reading is stopped.
        do throws(PluginFailure) {
            try plugin.send(lines) { closing.load(ordering: .acquiring) }
        } catch .timedOut {
            let reason = tr("plugin '{plugin}' read none of its events for {timeout}; stopped, starting it again", ["plugin": name, "timeout": timeout.menuText])
            return BatchFailure(delivered: 0, failure: .retryable(reason))
        } catch {}
        var answers = PluginAnswers(batch)
        var deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            while let line = plugin.bufferedLine() {
                switch answers.read(line) {
                case .pending: deadline = ContinuousClock.now.advanced(by: timeout)
                case .done:
                    return answers.outcome.map { refused in
                        let reason = tr("plugin '{plugin}' refused an event: {message}", ["plugin": name, "message": PluginFailure.quoted(refused.failure.reason)])
                        return BatchFailure(delivered: refused.delivered, failure: .permanent(mask.apply(reason)))
                    }
                case .retry(let message):
                    let reason = tr("plugin '{plugin}' could not deliver an event and asks for it again: {message}", ["plugin": name, "message": PluginFailure.quoted(message)])
                    return BatchFailure(delivered: answers.delivered, failure: .retryable(mask.apply(reason)))
                case .notProtocol:
                    return BatchFailure(delivered: answers.delivered, failure: .retryable(mask.apply(plugin.problem(.notProtocol(line: line)).message)))
                }
            }
            if closing.load(ordering: .acquiring) {
                return BatchFailure(delivered: answers.delivered, failure: .retryable(tr("kiosk is exiting; plugin '{plugin}' is not waited for", ["plugin": name])))
            }
            switch plugin.read(until: min(deadline, ContinuousClock.now.advanced(by: PluginSink.closeCheck))) {
            case .bytes: continue
            case .timedOut where ContinuousClock.now < deadline: continue
            case .timedOut:
                let reason = tr("plugin '{plugin}' answered none of {count} events in flight within {timeout}; stopped, starting it again", [
                    "plugin": name, "count": answers.unanswered, "timeout": timeout.menuText,
                ])
                return BatchFailure(delivered: answers.delivered, failure: .retryable(reason))
            case .end:
                let status = plugin.awaitExit()
                let values: KeyValuePairs<String, any CustomStringConvertible> = ["plugin": name, "status": status ?? 0, "count": answers.unanswered]
                let reason = status == nil
                    ? tr("plugin '{plugin}' closed its output with {count} events unacknowledged; starting it again", values)
                    : tr("plugin '{plugin}' exited with status {status} with {count} events unacknowledged; starting it again", values)
                let log = plugin.log.lastLines(3)
                return BatchFailure(delivered: answers.delivered, failure: .retryable(mask.apply(log.isEmpty ? reason : reason + " — " + tr("its log ends: {log}", ["log": log.joined(separator: " | ")]))))
            }
        }
    }

    /// Sends `shutdown`, closes the plugin's input and lets it finish until `deadline`,
    /// then SIGTERM, then SIGKILL after half a second.
    public func close(by deadline: ContinuousClock.Instant) {
        closing.store(true, ordering: .releasing)
        state.withLock { state in
            state.closed = true
            state.running?.shutdown(by: deadline)
            state.running = nil
        }
    }
}

/// The answers to one batch, by event id.
struct PluginAnswers {
    enum Step {
        case pending, done, notProtocol
        case retry(String)
    }

    static let ackStart = Array(#"{"ack":""#.utf8)
    static let ackEnd = Array(#""}"#.utf8)
    private var index: [String: Int] = [:]
    private var answered: [Bool]
    /// The first event refused for good (`"retry":false`), and why.
    private var refused: (index: Int, message: String)?
    /// Events acknowledged from the start of the batch.
    private(set) var delivered = 0
    private(set) var unanswered: Int

    init(_ batch: ArraySlice<Event>) {
        for (offset, event) in batch.enumerated() { index[event.id.description] = offset }
        answered = Array(repeating: false, count: batch.count)
        unanswered = batch.count
    }

    /// The batch's end once every event before the first refused one is acknowledged.
    var outcome: BatchFailure? {
        guard let refused else { return nil }
        return BatchFailure(delivered: refused.index, failure: .permanent(refused.message))
    }

    mutating func read(_ line: String) -> Step {
        let bytes = line.utf8
        // `{"ack":"ID"}`, the line that comes most, is read without parsing JSON.
        if bytes.count > 10, bytes.starts(with: PluginAnswers.ackStart), bytes.suffix(2).elementsEqual(PluginAnswers.ackEnd), !bytes.contains(0x5C) {
            let id = String(decoding: bytes.dropFirst(8).dropLast(2), as: UTF8.self)
            return answer(id, refused: nil)
        }
        guard let value = JSONValue(parsing: Array(bytes)) else { return .notProtocol }
        if let id = value["ack"]?.string { return answer(id, refused: nil) }
        guard let id = value["nack"]?.string else { return .notProtocol }
        let message = value["message"]?.string ?? tr("no reason given")
        if case .bool(false)? = value["retry"] {
            return answer(id, refused: message)
        }
        guard index[id] != nil else { return .pending }
        return .retry(message)
    }

    private mutating func answer(_ id: String, refused message: String?) -> Step {
        // An answer for an event of an earlier, broken stream is ignored.
        guard let offset = index[id], !answered[offset] else { return .pending }
        answered[offset] = true
        unanswered -= 1
        if let message, refused.map({ offset < $0.index }) ?? true { refused = (offset, message) }
        let end = refused?.index ?? answered.count
        while delivered < end, answered[delivered] { delivered += 1 }
        if delivered == end, refused != nil { return .done }
        return unanswered == 0 ? .done : .pending
    }
}
