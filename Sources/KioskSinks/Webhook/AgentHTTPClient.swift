import KioskSystem
import KioskWire
import Synchronization
import KioskText

/// Posts through `kiosk-http`, a helper process that sends each request with URLSession.
///
/// Why a helper: URLSession lives in FoundationNetworking, which loads libcurl and some
/// thirty libraries at start-up — several times kiosk's whole start-up budget. kiosk runs
/// without them and starts the helper when the first webhook event is sent.
///
/// Requests from any number of threads share the helper: each is written as one line with
/// an id, and a reader thread hands each answer to the request waiting for it. If the
/// helper dies, waiting requests fail (and are retried by their sinks), and the next
/// request starts a new one.
public final class AgentHTTPClient: HTTPClient {
    public let executable: String
    private let environment: [String: String]
    private let state = Mutex<State>(State())

    private struct State {
        var agent: Agent?
        var nextID = 1
        /// Set by `close()`: no helper starts after it, so none outlives kiosk.
        var closed = false
    }

    public init(executable: String, environment: [String: String]) {
        self.executable = executable
        self.environment = environment
    }

    /// `$KIOSK_HTTP`, else the first of `candidates(besides:)` that is an executable file.
    public static func locate(environment: [String: String]) -> String? {
        if let path = environment["KIOSK_HTTP"], !path.isEmpty { return path }
        guard let executable = CurrentProcess.executablePath() else { return nil }
        return candidates(besides: executable).first(where: FileSystem.isExecutable)
    }

    /// Where the helper may be, for kiosk at `executable`, in the order they are tried:
    /// beside it, as in a build folder (`.build/release/`), then in `../lib/kiosk/`, where
    /// `make install` and the Debian package put it (`/usr/bin/kiosk` →
    /// `/usr/lib/kiosk/kiosk-http`).
    public static func candidates(besides executable: String) -> [String] {
        let directory = FileSystem.directory(of: executable)
        return [directory + "/kiosk-http", FileSystem.directory(of: directory) + "/lib/kiosk/kiosk-http"]
    }

    public func post(_ request: HTTPRequest) -> HTTPOutcome {
        let acquired: (Agent, Int)?
        do {
            acquired = try acquire()
        } catch {
            return .failure(tr("cannot start kiosk-http ({path}): {reason}", ["path": executable, "reason": error.reason]))
        }
        guard let (agent, id) = acquired else { return .failure(tr("kiosk is exiting; kiosk-http is not started again")) }
        let waiter = Waiter()
        agent.waiters.withLock { $0[id] = waiter }
        defer { agent.waiters.withLock { $0[id] = nil } }
        let line = AgentWire.encode(id: id, request)
        let written = agent.writeLock.withLock { _ in (try? FileSystem.writeAll(agent.process.input, line)) != nil }
        guard written else {
            agent.alive.store(false, ordering: .relaxed)
            return .failure(tr("kiosk-http stopped; it will be started again"))
        }
        // The helper times the request out itself; this only guards against a helper that hangs.
        let deadline = ContinuousClock.now.advanced(by: request.timeout + .seconds(5))
        return waiter.wait(until: deadline) ?? .failure(tr("kiosk-http gave no answer in time"))
    }

    public func close() {
        state.withLock { state in
            state.closed = true
            state.agent?.process.finish(grace: .seconds(1))
            state.agent = nil
        }
    }

    // MARK: The helper

    /// The running helper, started if need be, and the id of a new request; `nil` once
    /// closed.
    private func acquire() throws(SystemError) -> (Agent, Int)? {
        try state.withLock { state throws(SystemError) -> (Agent, Int)? in
            let agent: Agent
            if let running = state.agent, running.alive.load(ordering: .relaxed) {
                agent = running
            } else {
                guard !state.closed else { return nil }
                state.agent?.process.finish(grace: .zero)
                agent = try start()
                state.agent = agent
            }
            defer { state.nextID += 1 }
            return (agent, state.nextID)
        }
    }

    private func start() throws(SystemError) -> Agent {
        let process = try ChildProcess.spawn(executable, arguments: [], environment: environment, captureOutput: true)
        let agent = Agent(process: process)
        WorkerThread.start(name: "kiosk-http-read", background: true) { AgentHTTPClient.readAnswers(of: agent) }
        return agent
    }

    /// Hands each answer line to the request waiting for it; at end of output, fails the rest.
    private static func readAnswers(of agent: Agent) {
        guard let descriptor = agent.process.output else { return }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = FileSystem.readSome(descriptor, into: &chunk)
            if count <= 0 { break }
            pending += chunk[0..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                if let answer = AgentWire.decodeOutcome(pending[..<newline]) {
                    agent.waiters.withLock { $0[answer.id] }?.resolve(answer.outcome)
                }
                pending.removeSubrange(...newline)
            }
        }
        agent.alive.store(false, ordering: .relaxed)
        for waiter in agent.waiters.withLock({ Array($0.values) }) {
            waiter.resolve(.failure(tr("kiosk-http exited; it will be started again")))
        }
    }

    /// One running helper and the requests waiting for its answers.
    private final class Agent: Sendable {
        let process: ChildProcess
        let writeLock = Mutex(())
        let waiters = Mutex<[Int: Waiter]>([:])
        let alive = Atomic(true)

        init(process: ChildProcess) {
            self.process = process
        }
    }

    /// A request waiting for its answer.
    private final class Waiter: @unchecked Sendable {
        private let condition = Condition()
        private var outcome: HTTPOutcome? // guarded by `condition`

        func resolve(_ answer: HTTPOutcome) {
            condition.withLock {
                if outcome == nil { outcome = answer }
                condition.broadcast()
            }
        }

        func wait(until deadline: ContinuousClock.Instant) -> HTTPOutcome? {
            condition.withLock {
                while outcome == nil, condition.wait(until: deadline) {}
                return outcome
            }
        }
    }
}
