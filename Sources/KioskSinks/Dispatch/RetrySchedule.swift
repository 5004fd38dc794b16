/// One failing event's retries under its sink's `RetryPolicy`: whether a failure is final,
/// and how long to wait before each retry.
///
/// The count restarts with every event and whenever the sink makes progress, so a receiver
/// that recovered is not made to wait for an earlier outage. Nothing here sleeps or sends:
/// `SinkSender` does that, and this stays a rule that can be checked on its own.
struct RetrySchedule {
    let policy: RetryPolicy
    /// Retries since the last progress.
    private(set) var retries = 0

    init(_ policy: RetryPolicy) {
        self.policy = policy
    }

    /// What to do about an event that failed.
    enum Verdict: Equatable {
        /// Record it as failed, for this reason, and go on with the next.
        case giveUp(reason: String)
        /// Wait this long, then send it again.
        case retry(after: Duration)
    }

    /// A permanent failure is final at once; a retryable one once the policy's retries are
    /// spent, and until then it is retried after the policy's back-off, never sooner than
    /// the receiver asked.
    mutating func verdict(on failure: SinkFailure, using random: inout some RandomNumberGenerator) -> Verdict {
        switch failure {
        case .permanent(let reason):
            retries = 0
            return .giveUp(reason: reason)
        case .retryable(let reason, let retryAfter):
            if let maximum = policy.maximumRetries, retries >= maximum {
                retries = 0
                return .giveUp(reason: RunnerWords.outOfRetries(reason, retries: maximum))
            }
            return .retry(after: nextWait(retryAfter: retryAfter, using: &random))
        }
    }

    /// Counts one more retry and returns the wait before it. Also for an event given up on
    /// that could not be recorded as failed: it is not settled, so it is sent again.
    mutating func nextWait(retryAfter: Duration? = nil, using random: inout some RandomNumberGenerator) -> Duration {
        retries += 1
        return policy.delay(beforeRetry: retries, retryAfter: retryAfter, using: &random)
    }

    /// The sink delivered something: the next failure is a first one again.
    mutating func restart() {
        retries = 0
    }
}
