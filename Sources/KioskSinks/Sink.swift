import KioskCore
import KioskMenu

/// A destination for the kiosk's events: the console, a log file, a webhook, a program.
///
/// The rules a sink keeps:
/// - `send` receives events in `seq` order, from the sink's own thread (or, for a
///   `.foreground` sink, from the thread that runs the session, after each command). It may
///   block: waiting on a disk, a network or a program is what the thread is for, and no
///   other sink waits with it.
/// - `send` returns once the event is delivered, or throws a `SinkFailure`. A retryable
///   failure is tried again with back-off (honouring `retryAfter`) as the sink's
///   `retryPolicy` allows; a permanent one — or a retryable one out of retries — is
///   recorded in the journal as failed for this sink, and `sinks retry` sends it again.
/// - Background sinks read the journal through a durable cursor: an event waits on disk
///   until `send` returns, so delivery is at least once across kills and restarts.
///   A sink must tolerate receiving an event again after a crash.
/// - `close` is called once when the kiosk shuts down, even when the flush deadline passed:
///   after the last `send` by the sink's own thread — or, when a `send` still runs half a
///   second past the deadline, by the shutdown, while that `send` runs. A `close` should
///   then make it give up.
public protocol Sink: AnyObject, Sendable {
    /// Delivers one event.
    func send(_ event: Event) throws(SinkFailure)

    /// Delivers several events, in order: for sinks that do better with many at once (a
    /// log writes them with one `write`). Throws `BatchFailure`, saying how many were
    /// delivered before the first that failed. The default sends one at a time.
    func send(batch: ArraySlice<Event>) throws(BatchFailure)

    /// The most events `send(batch:)` is given at once. Defaults to 1.
    var batchLimit: Int { get }

    /// Where `send` runs. Defaults to one background thread.
    var placement: SinkPlacement { get }

    /// How often a retryable failure is tried again.
    var retryPolicy: RetryPolicy { get }

    /// What the sink delivers to, safe to show: secrets from `${…}` stay masked.
    var target: String { get }

    /// The sink's connection, for a sink that holds one (MQTT); `nil` for the others.
    var connectionStatus: SinkConnection? { get }

    /// Releases what the sink holds (files, connections, programs). `deadline` is when the
    /// kiosk means to be gone: a sink that must wait for something (a program to exit)
    /// waits no longer.
    func close(by deadline: ContinuousClock.Instant)
}

extension Sink {
    public func send(batch: ArraySlice<Event>) throws(BatchFailure) {
        for (offset, event) in batch.enumerated() {
            do throws(SinkFailure) {
                try send(event)
            } catch {
                throw BatchFailure(delivered: offset, failure: error)
            }
        }
    }

    public var batchLimit: Int { 1 }
    public var placement: SinkPlacement { .background(workers: 1) }
    public var retryPolicy: RetryPolicy { .untilShutdown }
    public var connectionStatus: SinkConnection? { nil }
    public func close(by deadline: ContinuousClock.Instant) {}
}

/// A sink that delivers by the batch (a log's one `write`, a program's input, MQTT's
/// window of messages in flight): one event is sent as a batch of one.
public protocol BatchingSink: Sink {}

extension BatchingSink {
    public func send(_ event: Event) throws(SinkFailure) {
        do throws(BatchFailure) {
            try send(batch: [event])
        } catch {
            throw error.failure
        }
    }
}

/// A sink that keeps events in flight between calls (MQTT at QoS 1 and 2): waiting for
/// one batch's acknowledgements would stall the next, so it is handed batches one after
/// another and says, after each, how many of the oldest events it holds are delivered.
///
/// The runner's side of the bargain, which keeps delivery at least once and in `seq` order:
/// it moves the cursor only past events reported delivered, a prefix of those submitted;
/// before waiting for news it calls `flush`; and when `submit` or `flush` throws, it sends
/// the events not yet reported with `send(batch:)` — which waits for copies still in flight
/// rather than publishing them twice — before it submits anything more.
public protocol PipelinedSink: Sink {
    /// Starts delivering `batch`, the events after those submitted before. Blocks only to
    /// keep what is in flight bounded. Returns how many of the oldest unreported events are
    /// now delivered; those are reported and forgotten. Throws `BatchFailure` (its
    /// `delivered` counted the same way) when a message failed or the broker went quiet;
    /// everything else submitted is then forgotten too, for `send(batch:)` to settle.
    func submit(_ batch: ArraySlice<Event>) throws(BatchFailure) -> Int

    /// Waits until every event submitted is delivered, or for the sink's timeout. Returns
    /// how many were (all of them), or throws as `submit` does.
    func flush() throws(BatchFailure) -> Int

    /// Events submitted and not yet reported delivered.
    var inFlight: Int { get }
}

/// Where a sink's `send` runs.
public enum SinkPlacement: Sendable, Equatable {
    /// On the sink's own threads, reading the journal; more than one worker gives up
    /// ordering for throughput.
    case background(workers: Int)
    /// On the session's thread, between commands, so its output interleaves with the
    /// session's own (the console). Such a sink must not block.
    case foreground
}

/// Why an event was not delivered.
public enum SinkFailure: Error, Sendable, Equatable {
    /// Worth trying again: a network error, a 5xx, a restarted program. `retryAfter` is the
    /// least the receiver asked to wait.
    case retryable(String, retryAfter: Duration? = nil)
    /// Not worth trying again: a 4xx, a malformed target.
    case permanent(String)

    public var reason: String {
        switch self {
        case .retryable(let reason, _), .permanent(let reason): reason
        }
    }

    /// The same failure with every value from `${…}` in its reason hidden.
    func masked(by mask: SecretMask) -> SinkFailure {
        guard !mask.isEmpty else { return self }
        switch self {
        case .retryable(let reason, let retryAfter): return .retryable(mask.apply(reason), retryAfter: retryAfter)
        case .permanent(let reason): return .permanent(mask.apply(reason))
        }
    }
}

/// A batch that stopped at an event: the ones before it were delivered.
public struct BatchFailure: Error, Sendable, Equatable {
    /// Events delivered before the one that failed.
    public let delivered: Int
    /// Why the next one failed.
    public let failure: SinkFailure

    public init(delivered: Int, failure: SinkFailure) {
        self.delivered = delivered
        self.failure = failure
    }
}

/// How a sink's retryable failures are retried: exponential back-off with full jitter.
public struct RetryPolicy: Sendable, Equatable {
    /// Retries after the first attempt, after which the event is recorded as failed; `nil`
    /// retries until it is delivered (the event waits in the journal meanwhile).
    public var maximumRetries: Int?
    /// The back-off ceiling of the first retry; it doubles with each retry.
    public var initialBackoff: Duration
    /// No wait is longer than this (unless the receiver asked for longer).
    public var maximumBackoff: Duration

    public init(maximumRetries: Int?, initialBackoff: Duration = .milliseconds(500), maximumBackoff: Duration = .seconds(30)) {
        self.maximumRetries = maximumRetries
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }

    public static let untilShutdown = RetryPolicy(maximumRetries: nil)

    /// The wait before retry number `retry` (1 for the first): a random duration up to
    /// `initialBackoff · 2^(retry-1)`, capped, and never less than `retryAfter`.
    public func delay(beforeRetry retry: Int, retryAfter: Duration?, using random: inout some RandomNumberGenerator) -> Duration {
        let ceilingMs = min(
            Double(maximumBackoff.milliseconds),
            Double(initialBackoff.milliseconds) * pow2(min(retry - 1, 30))
        )
        let jittered = Duration.milliseconds(Int64(Double.random(in: 0...max(ceilingMs, 0), using: &random)))
        return max(jittered, retryAfter ?? .zero)
    }

    private func pow2(_ n: Int) -> Double { Double(1 << max(n, 0)) }
}

extension Duration {
    /// As a menu writes it: `500ms`, `10s`.
    public var menuText: String {
        let milliseconds = milliseconds
        return milliseconds % 1000 == 0 && milliseconds != 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}
