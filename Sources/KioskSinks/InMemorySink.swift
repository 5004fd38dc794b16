import KioskCore
import Synchronization

/// A sink that keeps what it receives: the test double of the sink model. It can be told
/// to fail the next few sends.
public final class InMemorySink: Sink {
    private let state = Mutex(State())
    public let placement: SinkPlacement
    public let retryPolicy: RetryPolicy

    private struct State {
        var events: [Event] = []
        var failures: [SinkFailure] = []
        var attempts = 0
        var closed = false
    }

    public init(placement: SinkPlacement = .background(workers: 1), retryPolicy: RetryPolicy = .untilShutdown) {
        self.placement = placement
        self.retryPolicy = retryPolicy
    }

    public var target: String { "memory" }

    public func send(_ event: Event) throws(SinkFailure) {
        let failure = state.withLock { state -> SinkFailure? in
            state.attempts += 1
            guard !state.failures.isEmpty else {
                state.events.append(event)
                return nil
            }
            return state.failures.removeFirst()
        }
        if let failure { throw failure }
    }

    public func close(by deadline: ContinuousClock.Instant) {
        state.withLock { $0.closed = true }
    }

    /// Makes the next sends fail, one failure each.
    public func fail(with failures: [SinkFailure]) {
        state.withLock { $0.failures += failures }
    }

    public var events: [Event] { state.withLock { $0.events } }
    public var attempts: Int { state.withLock { $0.attempts } }
    public var isClosed: Bool { state.withLock { $0.closed } }
}
