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
        try configuration.launch(environment: environment, timeout: timeout)
    }

    public func send(batch: ArraySlice<Event>) throws(BatchFailure) {
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
            let outcome = deliver(batch, to: plugin)
            if let failure = outcome, case .retryable = failure.failure {
                plugin.stop()
                state.running = nil
            }
            return outcome
        }
        if let failure { throw failure }
    }

    /// Events written to the plugin at a time: it reads one part while kiosk encodes the next.
    static let part = 32

    /// Writes the batch and reads answers until each event is acknowledged, or why not.
    private func deliver(_ batch: ArraySlice<Event>, to plugin: PluginProcess) -> BatchFailure? {
        let name = configuration.description.name
        // A plugin that exits mid-batch fails the write; the answers it gave before count,
        // and its output's end says why. One that stops reading is stopped.
        do throws(PluginFailure) {
            var writer = JSONWriter(capacity: PluginSink.part * 512)
            var next = batch.startIndex
            while next < batch.endIndex {
                let end = min(next + PluginSink.part, batch.endIndex)
                writer.removeAll()
                for event in batch[next..<end] {
                    writer.literal(#"{"event":"#)
                    event.write(to: &writer)
                    writer.literal("}")
                    writer.endLine()
                }
                try plugin.send(writer.bytes) { closing.load(ordering: .acquiring) }
                next = end
            }
        } catch .timedOut {
            let reason = tr("plugin '{plugin}' read none of its events for {timeout}; stopped, starting it again", ["plugin": name, "timeout": timeout.menuText])
            return BatchFailure(delivered: 0, failure: .retryable(reason))
        } catch {}
        var answers = PluginAnswers(batch)
        var deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            while let line = plugin.bufferedLineBytes() {
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
                    let text = String(decoding: line, as: UTF8.self)
                    return BatchFailure(delivered: answers.delivered, failure: .retryable(mask.apply(plugin.problem(.notProtocol(line: text)).message)))
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
///
/// Answers come nearly always in order, so each is looked for first where the last one
/// was; an index by id is made only when one comes out of order.
struct PluginAnswers {
    enum Step {
        case pending, done, notProtocol
        case retry(String)
    }

    static let ackStart = Array(#"{"ack":""#.utf8)
    private let ids: [EventID]
    private var index: [EventID: Int]?
    /// Where the next answer is looked for first: after the last one.
    private var hint = 0
    private var answered: [Bool]
    /// The first event refused for good (`"retry":false`), and why.
    private var refused: (index: Int, message: String)?
    /// Events acknowledged from the start of the batch.
    private(set) var delivered = 0
    private(set) var unanswered: Int

    init(_ batch: ArraySlice<Event>) {
        ids = batch.map(\.id)
        answered = Array(repeating: false, count: batch.count)
        unanswered = batch.count
    }

    /// The batch's end once every event before the first refused one is acknowledged.
    var outcome: BatchFailure? {
        guard let refused else { return nil }
        return BatchFailure(delivered: refused.index, failure: .permanent(refused.message))
    }

    mutating func read(_ line: ArraySlice<UInt8>) -> Step {
        // `{"ack":"ID"}`, the line that comes most, is read without parsing JSON.
        let idStart = line.startIndex + PluginAnswers.ackStart.count
        if line.count == PluginAnswers.ackStart.count + UUIDText.length + 2, line.starts(with: PluginAnswers.ackStart),
           line[line.endIndex - 2] == UInt8(ascii: "\""), line[line.endIndex - 1] == UInt8(ascii: "}"),
           let id = EventID(utf8: line[idStart..<(idStart + UUIDText.length)]) {
            return answer(id, refused: nil)
        }
        guard let value = JSONValue(parsing: Array(line)) else { return .notProtocol }
        if let id = value["ack"]?.string { return answer(EventID(id), refused: nil) }
        guard let id = value["nack"]?.string else { return .notProtocol }
        let message = value["message"]?.string ?? tr("no reason given")
        if case .bool(false)? = value["retry"] {
            return answer(EventID(id), refused: message)
        }
        guard offset(of: EventID(id)) != nil else { return .pending }
        return .retry(message)
    }

    /// Where the event `id` is in the batch, if it is in it.
    private mutating func offset(of id: EventID?) -> Int? {
        guard let id else { return nil }
        if hint < ids.count, ids[hint] == id { return hint }
        if index == nil { index = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) }
        return index?[id]
    }

    private mutating func answer(_ id: EventID?, refused message: String?) -> Step {
        // An answer for an event of an earlier, broken stream is ignored.
        guard let offset = offset(of: id), !answered[offset] else { return .pending }
        hint = offset + 1
        answered[offset] = true
        unanswered -= 1
        if let message, refused.map({ offset < $0.index }) ?? true { refused = (offset, message) }
        let end = refused?.index ?? answered.count
        while delivered < end, answered[delivered] { delivered += 1 }
        if delivered == end, refused != nil { return .done }
        return unanswered == 0 ? .done : .pending
    }
}
