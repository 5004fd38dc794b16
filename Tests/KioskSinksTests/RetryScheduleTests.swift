@testable import KioskSinks
import Testing

/// The one rule every retry of a background sink follows, checked without a sink, a
/// thread or a clock: the waits it picks, when it heeds the receiver, when it gives up.
@Suite struct RetryScheduleTests {
    /// A repeatable stream of numbers (SplitMix64).
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let unavailable = SinkFailure.retryable("HTTP 503")

    /// The waits before `count` retries in a row, drawn `samples` times over: `[retry][sample]`.
    static func waits(_ policy: RetryPolicy, retries count: Int, samples: Int = 1, retryAfter: Duration? = nil) -> [[Duration]] {
        var random = Seeded(state: 7)
        var waits = Array(repeating: [Duration](), count: count)
        for _ in 0..<samples {
            var schedule = RetrySchedule(policy)
            for retry in 0..<count {
                guard case .retry(let wait) = schedule.verdict(on: .retryable("HTTP 503", retryAfter: retryAfter), using: &random) else {
                    Issue.record("gave up at retry \(retry + 1)")
                    return waits
                }
                waits[retry].append(wait)
            }
        }
        return waits
    }

    static func isRetry(_ verdict: RetrySchedule.Verdict) -> Bool {
        if case .retry = verdict { true } else { false }
    }

    @Test func theCeilingDoublesFromTheFirstBackOffUpToTheMaximum() {
        let policy = RetryPolicy(maximumRetries: nil, initialBackoff: .milliseconds(100), maximumBackoff: .seconds(1))
        let ceilings = [100, 200, 400, 800, 1000, 1000, 1000].map(Duration.milliseconds)
        let waits = Self.waits(policy, retries: ceilings.count, samples: 300)
        for (retry, ceiling) in ceilings.enumerated() {
            #expect(waits[retry].allSatisfy { $0 >= .zero && $0 <= ceiling }, "retry \(retry + 1) waits at most \(ceiling)")
            #expect(waits[retry].max()! > ceiling * 0.9, "retry \(retry + 1) may wait almost \(ceiling)")
        }
    }

    @Test func theJitterIsFullFromNothingToTheCeiling() {
        let firsts = Self.waits(RetryPolicy(maximumRetries: nil, initialBackoff: .milliseconds(400)), retries: 1, samples: 300)[0]
        #expect(firsts.min()! < .milliseconds(40), "a wait may be almost nothing")
        #expect(Set(firsts).count > 150, "and each is drawn anew")
    }

    @Test func retryAfterIsHonouredEvenAboveTheMaximum() {
        let policy = RetryPolicy(maximumRetries: nil, initialBackoff: .milliseconds(100), maximumBackoff: .seconds(1))
        let asked = Self.waits(policy, retries: 8, retryAfter: .seconds(5))
        #expect(asked.joined().allSatisfy { $0 == .seconds(5) })
        // A shorter ask than the back-off's draw leaves the draw: never less than the ask.
        let short = Self.waits(policy, retries: 1, samples: 300, retryAfter: .milliseconds(50))[0]
        #expect(short.allSatisfy { $0 >= .milliseconds(50) && $0 <= .milliseconds(100) })
        #expect(short.contains { $0 > .milliseconds(50) })
    }

    @Test func aReceiversAskIsCappedWhereItIsRead() {
        var schedule = RetrySchedule(RetryPolicy(maximumRetries: nil))
        var random = Seeded(state: 3)
        let day = RetryAfter.parse("86400", now: 0)
        #expect(day == RetryAfter.maximum)
        #expect(schedule.verdict(on: .retryable("HTTP 503", retryAfter: day), using: &random) == .retry(after: .seconds(3600)))
    }

    @Test func itGivesUpOnceTheRetriesAreSpentAndStartsAgainForTheNext() {
        var schedule = RetrySchedule(RetryPolicy(maximumRetries: 2, initialBackoff: .milliseconds(100)))
        var random = Seeded(state: 5)
        #expect(Self.isRetry(schedule.verdict(on: Self.unavailable, using: &random)))
        #expect(Self.isRetry(schedule.verdict(on: Self.unavailable, using: &random)))
        #expect(schedule.retries == 2)
        #expect(schedule.verdict(on: Self.unavailable, using: &random) == .giveUp(reason: "HTTP 503 (after 2 retries)"))
        #expect(schedule.retries == 0)
        #expect(Self.isRetry(schedule.verdict(on: Self.unavailable, using: &random)))
        #expect(schedule.retries == 1)
    }

    @Test func oneRetryIsSaidInTheSingularAndNoneGivesUpAtOnce() {
        var random = Seeded(state: 11)
        var once = RetrySchedule(RetryPolicy(maximumRetries: 1))
        #expect(Self.isRetry(once.verdict(on: Self.unavailable, using: &random)))
        #expect(once.verdict(on: Self.unavailable, using: &random) == .giveUp(reason: "HTTP 503 (after 1 retry)"))
        var never = RetrySchedule(RetryPolicy(maximumRetries: 0))
        #expect(never.verdict(on: Self.unavailable, using: &random) == .giveUp(reason: "HTTP 503 (after 0 retries)"))
    }

    @Test func aPermanentFailureIsGivenUpAtOnceInItsOwnWords() {
        var schedule = RetrySchedule(RetryPolicy(maximumRetries: 5))
        var random = Seeded(state: 13)
        _ = schedule.verdict(on: Self.unavailable, using: &random)
        #expect(schedule.verdict(on: .permanent("HTTP 404"), using: &random) == .giveUp(reason: "HTTP 404"))
        #expect(schedule.retries == 0)
    }

    @Test func withoutALimitItNeverGivesUp() {
        let waits = Self.waits(RetryPolicy(maximumRetries: nil, maximumBackoff: .seconds(30)), retries: 500)
        #expect(waits.joined().count == 500)
        #expect(waits.joined().allSatisfy { $0 >= .zero && $0 <= .seconds(30) })
    }

    @Test func progressMakesTheNextFailureAFirstOneAgain() {
        var schedule = RetrySchedule(RetryPolicy(maximumRetries: 3, initialBackoff: .milliseconds(100)))
        var random = Seeded(state: 17)
        for _ in 0..<3 { _ = schedule.verdict(on: Self.unavailable, using: &random) }
        schedule.restart()
        #expect(schedule.retries == 0)
        #expect(Self.isRetry(schedule.verdict(on: Self.unavailable, using: &random)), "three more retries before it gives up")
    }

    @Test func anEventThatCannotBeRecordedIsRetriedAfterAFirstBackOff() {
        var schedule = RetrySchedule(RetryPolicy(maximumRetries: 0, initialBackoff: .milliseconds(100)))
        var random = Seeded(state: 19)
        #expect(schedule.verdict(on: Self.unavailable, using: &random) == .giveUp(reason: "HTTP 503 (after 0 retries)"))
        #expect(schedule.nextWait(using: &random) <= .milliseconds(100), "the first back-off's ceiling")
        #expect(schedule.retries == 1)
    }
}
