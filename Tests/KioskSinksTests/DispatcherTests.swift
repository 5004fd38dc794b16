import Foundation
import KioskCore
import KioskJournal
import KioskSinks
import KioskTestSupport
import Testing

/// Background sinks read a real journal through their cursors.
@Suite struct DispatcherTests {
    /// A journal in a scratch directory, written as a session would: one record per event.
    final class Log {
        let scratch: ScratchDirectory
        let journal: Journal

        init(_ scratch: ScratchDirectory? = nil) throws {
            self.scratch = try scratch ?? ScratchDirectory()
            journal = try Journal.open(StateDirectory(path: self.scratch.path + "/state"), options: Journal.Options(durability: .written, format: .sinks)).journal
        }

        func commit(_ events: [Event]) throws {
            _ = try journal.begin()
            for event in events {
                journal.append(JournalRecord(time: event.time, source: event.source, entries: [.event(event)]))
            }
            try journal.commit()
        }

        /// The facts sinks recorded, read back from disk.
        func facts() throws -> [JournalEntry] {
            let opened = try Journal.open(journal.directory, options: Journal.Options(durability: .written, format: .sinks))
            return opened.records.flatMap(\.entries).filter { if case .event = $0 { false } else { true } }
        }
    }

    @Test func eventsReachEverySinkThatWantsThemInOrder() async throws {
        let log = try Log()
        let all = InMemorySink()
        let failures = InMemorySink()
        let dispatcher = Dispatcher([
            .init(sink: all, kind: "memory", name: "all"),
            .init(sink: failures, kind: "memory", name: "failures", events: EventTypes(.orderFailed)),
        ], journal: log.journal)
        dispatcher.start()
        let events = try Events.everyType()
        try log.commit(events)
        #expect(await eventually { all.events.count == events.count })
        #expect(all.events == events)
        #expect(await eventually { failures.events.count == 1 })
        #expect(failures.events == events.filter { $0.type == .orderFailed })
        dispatcher.shutdown(timeout: .seconds(5))
        #expect(all.isClosed)
    }

    @Test func foregroundSinksGetEachCommandsEventsWhenPublished() throws {
        let console = InMemorySink(placement: .foreground)
        let dispatcher = Dispatcher([.init(sink: console, kind: "console")], journal: nil)
        dispatcher.start()
        let events = try Events.orders(3)
        dispatcher.publish(events)
        #expect(console.events == events)
        #expect(dispatcher.statuses.map(\.delivered) == [3])
        #expect(dispatcher.statuses.map(\.failed) == [0])
    }

    @Test func aForegroundSinksFailuresAreCountedWithTheLastError() throws {
        let console = InMemorySink(placement: .foreground)
        console.fail(with: [.permanent("closed pipe")])
        let dispatcher = Dispatcher([.init(sink: console, kind: "console")], journal: nil)
        dispatcher.start()
        dispatcher.publish(try Events.orders(2))
        let status = try #require(dispatcher.statuses.first)
        #expect(status.delivered == 1)
        #expect(status.failed == 1)
        #expect(status.lastError == "closed pipe")
    }

    @Test func retryableFailuresAreRetriedUntilDelivered() async throws {
        let log = try Log()
        let sink = InMemorySink(retryPolicy: RetryPolicy(maximumRetries: 5, initialBackoff: .milliseconds(1)))
        sink.fail(with: [.retryable("500"), .retryable("500")])
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory")], journal: log.journal)
        dispatcher.start()
        try log.commit(try Events.orders(1))
        #expect(await eventually { sink.events.count == 1 })
        #expect(sink.attempts == 3)
        let status = try #require(dispatcher.statuses.first)
        #expect(status.delivered == 1)
        #expect(status.lastError == "500")
        dispatcher.shutdown(timeout: .seconds(1))
    }

    @Test func retriesUsedUpRecordTheEventAsFailedAndTheRestGoOn() async throws {
        let log = try Log()
        let sink = InMemorySink(retryPolicy: RetryPolicy(maximumRetries: 2, initialBackoff: .milliseconds(1)))
        sink.fail(with: Array(repeating: .retryable("503"), count: 3))
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory", name: "flaky")], journal: log.journal)
        dispatcher.start()
        let events = try Events.orders(3)
        try log.commit(events)
        #expect(await eventually { sink.events.count == 2 })
        #expect(sink.events == Array(events.dropFirst()))
        dispatcher.shutdown(timeout: .seconds(1))
        #expect(try log.facts() == [.deliveryFailed(sink: "flaky", event: events[0], reason: "503 (after 2 retries)")])
    }

    @Test func aPermanentFailureIsRecordedOnceNotRetried() async throws {
        let log = try Log()
        let sink = InMemorySink()
        sink.fail(with: [.permanent("HTTP 400")])
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory", name: "strict")], journal: log.journal)
        dispatcher.start()
        let events = try Events.orders(2)
        try log.commit(events)
        #expect(await eventually { sink.events.count == 1 })
        #expect(sink.attempts == 2)
        dispatcher.shutdown(timeout: .seconds(1))
        #expect(try log.facts() == [.deliveryFailed(sink: "strict", event: events[0], reason: "HTTP 400")])
    }

    @Test func aDeadSinkKeepsTheDeadlineItsEventsWaitAndItIsStillClosed() async throws {
        let log = try Log()
        let sink = InMemorySink(retryPolicy: RetryPolicy(maximumRetries: nil, initialBackoff: .seconds(30)))
        sink.fail(with: Array(repeating: .retryable("connection refused"), count: 100))
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory")], journal: log.journal)
        dispatcher.start()
        try log.commit(try Events.orders(4))
        let started = ContinuousClock.now
        dispatcher.shutdown(timeout: .milliseconds(300))
        #expect(ContinuousClock.now - started < .seconds(2), "the deadline holds")
        #expect(sink.isClosed, "close ran before shutdown returned, though the deadline passed")
        #expect(dispatcher.backlog().values.first == 4, "the events wait in the journal")
    }

    @Test func aSinkStuckInASendPastTheDeadlineIsClosedBeforeShutdownReturnsAndOnlyOnce() async throws {
        let log = try Log()
        let stuck = GateSink()
        let dispatcher = Dispatcher([.init(sink: stuck, kind: "memory", name: "stuck")], journal: log.journal)
        dispatcher.start()
        try log.commit(try Events.orders(2))
        #expect(await eventually { stuck.isSending })
        let started = ContinuousClock.now
        dispatcher.shutdown(timeout: .milliseconds(200))
        #expect(ContinuousClock.now - started < .seconds(3), "the deadline holds")
        #expect(stuck.closeCount == 1, "close runs before shutdown returns, though the send never did")
        stuck.release()
        // A second shutdown waits for the sink's thread to end — its send released, it has
        // nothing left to do — and closes nothing twice itself. After it, the thread can no
        // longer close the sink: nothing to wait for by the clock.
        dispatcher.shutdown(timeout: .seconds(60))
        #expect(stuck.events.count >= 1)
        #expect(stuck.closeCount == 1, "the sink's own thread does not close it again")
    }

    @Test func theNextStartResumesFromTheCursorWithNothingLostAndNothingTwice() async throws {
        let log = try Log()
        let first = InMemorySink()
        let stalled = GateSink()
        var dispatcher = Dispatcher([.init(sink: stalled, kind: "memory", name: "hook")], journal: log.journal)
        dispatcher.start()
        let events = try Events.orders(10)
        try log.commit(events)
        dispatcher.shutdown(timeout: .milliseconds(200))
        stalled.release()
        #expect(stalled.events.count <= 1, "at most the one in flight")
        dispatcher = Dispatcher([.init(sink: first, kind: "memory", name: "hook")], journal: log.journal)
        dispatcher.start()
        #expect(await eventually { first.events.count + stalled.events.count == 10 })
        #expect((stalled.events + first.events).map(\.id) == events.map(\.id), "in seq order, once each")
        dispatcher.shutdown(timeout: .seconds(1))
    }

    @Test func aNewSinkStartsAtTheEndUnlessItAsksForTheStart() async throws {
        let log = try Log()
        let old = try Events.orders(3)
        try log.commit(old)
        let late = InMemorySink()
        let replaying = InMemorySink()
        let dispatcher = Dispatcher([
            .init(sink: late, kind: "memory", name: "late"),
            .init(sink: replaying, kind: "memory", name: "replaying", from: .start),
        ], journal: log.journal)
        dispatcher.start()
        let new = try Events.orders(5).suffix(2)
        try log.commit(Array(new))
        #expect(await eventually { replaying.events.count == 5 })
        #expect(await eventually { late.events.count == 2 })
        #expect(late.events == Array(new))
        dispatcher.shutdown(timeout: .seconds(1))
    }

    @Test func aSlowSinkNeverDelaysAnother() async throws {
        let log = try Log()
        let slow = GateSink()
        let fast = InMemorySink()
        let dispatcher = Dispatcher([.init(sink: slow, kind: "gate"), .init(sink: fast, kind: "memory")], journal: log.journal)
        dispatcher.start()
        try log.commit(try Events.orders(50))
        #expect(await eventually { fast.events.count == 50 })
        #expect(slow.events.isEmpty)
        slow.release()
        #expect(await eventually { slow.events.count == 50 })
        dispatcher.shutdown(timeout: .seconds(1))
    }

    @Test func onlyOneOfTwoProcessesDeliversForASink() async throws {
        let log = try Log()
        let other = try Log(log.scratch)
        let here = InMemorySink()
        let there = InMemorySink()
        let first = Dispatcher([.init(sink: here, kind: "memory", name: "hook")], journal: log.journal)
        let second = Dispatcher([.init(sink: there, kind: "memory", name: "hook")], journal: other.journal)
        first.start()
        second.start()
        try log.commit(try Events.orders(20))
        #expect(await eventually { here.events.count == 20 })
        // The other has found the cursor locked: it waits for the lock, and delivers
        // nothing before it has it. Awaited, not slept on: on a busy machine its thread may
        // not have run yet.
        #expect(await eventually { second.statuses[0].deliversHere == false })
        #expect(there.events.isEmpty, "the cursor's holder delivers; the other leaves it alone")
        first.shutdown(timeout: .seconds(1))
        try other.commit(try Events.orders(25).suffix(5))
        #expect(await eventually(timeout: .seconds(5)) { there.events.count == 5 }, "the other takes over once the first is gone")
        second.shutdown(timeout: .seconds(1))
    }

    @Test func retriedFailuresAreDeliveredWithTheirIdsAndResolved() async throws {
        let log = try Log()
        let sink = InMemorySink()
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory", name: "hook")], journal: log.journal)
        dispatcher.start()
        let events = try Events.orders(2)
        dispatcher.retry(sink: "hook", events: events)
        #expect(await eventually { sink.events.count == 2 })
        #expect(sink.events.map(\.id) == events.map(\.id))
        dispatcher.shutdown(timeout: .seconds(1))
        #expect(try log.facts() == events.map { .deliveryResolved(sink: "hook", id: $0.id) })
    }
}

@Suite struct RetryPolicyTests {
    @Test func backOffGrowsWithJitterUnderItsCeilingAndHonoursRetryAfter() {
        let policy = RetryPolicy(maximumRetries: 8, initialBackoff: .milliseconds(100), maximumBackoff: .seconds(1))
        var random = SystemRandomNumberGenerator()
        for retry in 1...10 {
            let delay = policy.delay(beforeRetry: retry, retryAfter: nil, using: &random)
            let ceiling = min(Duration.seconds(1), .milliseconds(100 * (1 << (retry - 1))))
            #expect(delay >= .zero && delay <= ceiling)
        }
        #expect(policy.delay(beforeRetry: 1, retryAfter: .seconds(3), using: &random) >= .seconds(3))
    }
}
