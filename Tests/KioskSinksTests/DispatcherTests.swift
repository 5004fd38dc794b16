import Foundation
import KioskCore
import KioskSinks
import Testing

@Suite struct DispatcherTests {
    @Test func eventsReachEverySinkThatWantsThem() async throws {
        let all = InMemorySink()
        let failures = InMemorySink()
        let dispatcher = Dispatcher([
            .init(sink: all, kind: "memory"),
            .init(sink: failures, kind: "memory", events: EventTypes(.orderFailed)),
        ])
        dispatcher.start()
        let events = try Events.everyType()
        dispatcher.publish(events)
        #expect(await eventually { all.events.count == events.count })
        #expect(all.events == events)
        #expect(await eventually { failures.events.count == 1 })
        #expect(failures.events == events.filter { $0.type == .orderFailed })
        dispatcher.shutdown(timeout: .seconds(5))
        #expect(all.isClosed)
    }

    @Test func foregroundSinksDeliverOnlyWhenDrained() throws {
        let console = InMemorySink(placement: .foreground)
        let dispatcher = Dispatcher([.init(sink: console, kind: "console")])
        dispatcher.start()
        let events = try Events.orders(3)
        dispatcher.publish(events)
        #expect(console.events.isEmpty)
        dispatcher.drainForeground()
        #expect(console.events == events)
    }

    @Test func retryableFailuresAreRetriedUntilDelivered() async throws {
        let sink = InMemorySink(retryPolicy: RetryPolicy(maximumRetries: 5, initialBackoff: .milliseconds(1)))
        sink.fail(with: [.retryable("500"), .retryable("500")])
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory")])
        dispatcher.start()
        dispatcher.publish(try Events.orders(1))
        #expect(await eventually { sink.events.count == 1 })
        #expect(sink.attempts == 3)
        let status = try #require(dispatcher.statuses.first)
        #expect(status.delivered == 1)
        #expect(status.lastError == "500")
        dispatcher.shutdown(timeout: .seconds(1))
    }

    @Test func retriesUsedUpSendTheEventToTheSpool() async throws {
        let scratch = try ScratchDirectory()
        let spool = Spool(path: scratch.path + "/a.spool.jsonl")
        let sink = InMemorySink(retryPolicy: RetryPolicy(maximumRetries: 2, initialBackoff: .milliseconds(1)))
        sink.fail(with: Array(repeating: .retryable("down"), count: 3))
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory", spool: spool)])
        dispatcher.start()
        let events = try Events.orders(1)
        dispatcher.publish(events)
        #expect(await eventually { dispatcher.statuses[0].spooled == 1 })
        #expect(sink.attempts == 3)
        #expect(spool.pendingCount == 1)
        dispatcher.shutdown(timeout: .seconds(1))
    }

    @Test func aPermanentFailureIsCountedAndSetAsideNotRetried() async throws {
        let scratch = try ScratchDirectory()
        let spool = Spool(path: scratch.path + "/b.spool.jsonl")
        let sink = InMemorySink()
        sink.fail(with: [.permanent("400 Bad Request")])
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory", spool: spool)])
        dispatcher.start()
        dispatcher.publish(try Events.orders(1))
        #expect(await eventually { dispatcher.statuses[0].failed == 1 })
        #expect(sink.attempts == 1)
        #expect(spool.pendingCount == 0)
        #expect(FileManager.default.fileExists(atPath: spool.deadLetterPath))
        #expect(dispatcher.statuses[0].lastError == "400 Bad Request")
        dispatcher.shutdown(timeout: .seconds(1))
    }

    @Test func shutdownSpoolsWhatADeadSinkHoldsAndKeepsItsDeadline() throws {
        let scratch = try ScratchDirectory()
        let spool = Spool(path: scratch.path + "/c.spool.jsonl")
        let sink = InMemorySink()
        sink.fail(with: Array(repeating: .retryable("connection refused"), count: 1000))
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory", spool: spool)])
        dispatcher.start()
        let events = try Events.orders(20)
        dispatcher.publish(events)
        let started = ContinuousClock.now
        let statuses = dispatcher.shutdown(timeout: .milliseconds(300))
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(statuses[0].spooled == 20)
        let replayed = Spool(path: spool.path).takeForReplay()
        #expect(replayed.events.map(\.id) == events.map(\.id))
    }

    @Test func aFullQueueSpillsToTheSpoolWithoutWaiting() async throws {
        let scratch = try ScratchDirectory()
        let spool = Spool(path: scratch.path + "/d.spool.jsonl")
        let gate = GateSink()
        let dispatcher = Dispatcher([.init(sink: gate, kind: "gate", capacity: 5, spool: spool)])
        dispatcher.start()
        // Five fit; past them, every full run of overflow goes to disk at once.
        let events = try Events.orders(300)
        dispatcher.publish(events)
        let status = dispatcher.statuses[0]
        #expect(status.spooled == 256)
        #expect(status.queued + status.spooled == 300)
        gate.release()
        dispatcher.shutdown(timeout: .seconds(5))
        #expect(gate.events.count + spool.pendingCount == 300)
        #expect(Set(gate.events.map(\.id) + spool.takeForReplay().events.map(\.id)) == Set(events.map(\.id)))
    }

    @Test func eventsInFlightAtTheDeadlineAreSpooledNotForgotten() async throws {
        let scratch = try ScratchDirectory()
        let spool = Spool(path: scratch.path + "/f.spool.jsonl")
        let sink = InMemorySink(retryPolicy: RetryPolicy(maximumRetries: nil, initialBackoff: .milliseconds(5), maximumBackoff: .milliseconds(20)))
        sink.fail(with: Array(repeating: .retryable("down"), count: 10_000))
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory", spool: spool)])
        dispatcher.start()
        let events = try Events.orders(6)
        // One at a time, so the worker is retrying the first while the rest arrive.
        for event in events {
            dispatcher.publish([event])
            try await Task.sleep(for: .milliseconds(15))
        }
        let statuses = dispatcher.shutdown(timeout: .milliseconds(100))
        #expect(statuses[0].spooled == 6)
        #expect(Spool(path: spool.path).takeForReplay().events.map(\.id) == events.map(\.id))
    }

    @Test func aSlowSinkNeverDelaysAnother() async throws {
        let gate = GateSink()
        let fast = InMemorySink()
        let dispatcher = Dispatcher([.init(sink: gate, kind: "gate"), .init(sink: fast, kind: "memory")])
        dispatcher.start()
        let events = try Events.orders(200)
        dispatcher.publish(events)
        #expect(await eventually { fast.events.count == 200 })
        #expect(gate.events.isEmpty)
        gate.release()
        dispatcher.shutdown(timeout: .seconds(5))
        #expect(gate.events == events)
    }

    @Test func theNextStartReplaysTheSpoolFirstWithTheOriginalIds() async throws {
        let scratch = try ScratchDirectory()
        let spoolPath = scratch.path + "/e.spool.jsonl"
        let old = try Events.orders(5, source: "Old Run")
        try Spool(path: spoolPath).append(old)

        let sink = InMemorySink()
        let dispatcher = Dispatcher([.init(sink: sink, kind: "memory", spool: Spool(path: spoolPath))])
        dispatcher.start()
        let new = try Events.orders(2, source: "New Run")
        dispatcher.publish(new)
        #expect(await eventually { sink.events.count == 7 })
        #expect(sink.events.map(\.id) == (old + new).map(\.id))
        #expect(sink.events.prefix(5).map(\.json) == old.map(\.json))
        #expect(dispatcher.statuses[0].replayed == 5)
        dispatcher.shutdown(timeout: .seconds(1))
        #expect(!FileManager.default.fileExists(atPath: spoolPath + ".replaying"))
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
