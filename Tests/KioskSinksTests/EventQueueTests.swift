import KioskCore
@testable import KioskSinks
import Testing

/// The queue's contract with a spool replay read by a worker while orders go on.
@Suite struct EventQueueTests {
    @Test func eventsOfferedDuringAReplayGoOutAfterIt() throws {
        let old = try Events.orders(3, source: "Old Run")
        let new = try Events.orders(2, source: "New Run")
        let queue = EventQueue(capacity: 10)
        queue.beginReplay()
        for event in new { #expect(queue.offer(event)) }
        #expect(queue.endReplay(old))
        #expect(queue.take(worker: 0, upTo: .max)?.map(\.id) == (old + new).map(\.id))
    }

    @Test func aPendingReplayKeepsTheQueueBusy() throws {
        let queue = EventQueue(capacity: 10)
        queue.beginReplay()
        #expect(!queue.waitUntilIdle(until: .now))
        #expect(queue.isReplayPending)
        #expect(queue.endReplay([]))
        #expect(queue.waitUntilIdle(until: .now))
        #expect(!queue.isReplayPending)
    }

    @Test func aReplayThatLandsAfterTheDeadlineIsLeftToTheSpool() throws {
        let queue = EventQueue(capacity: 10)
        queue.beginReplay()
        queue.close(deadline: .now)
        #expect(queue.abandon().isEmpty)
        #expect(!queue.endReplay(try Events.orders(2)))
        // Still pending: the worker keeps the `.replaying` file for the next start.
        #expect(queue.isReplayPending)
        #expect(queue.take(worker: 0, upTo: .max) == nil)
    }

    @Test func theBacklogKeepsOrderAcrossChunksPartialTakesAndPrepends() throws {
        let events = try Events.orders(2 * Backlog.chunkCapacity + 10)
        var backlog = Backlog()
        for event in events { backlog.append(event) }
        #expect(backlog.count == events.count)
        let first = backlog.removeFirst(upTo: 5)
        #expect(first.map(\.id) == events[..<5].map(\.id))
        backlog.prepend(first[3...])
        let middle = backlog.removeFirst(upTo: Backlog.chunkCapacity)
        #expect(middle.map(\.id) == events[3..<(Backlog.chunkCapacity + 3)].map(\.id))
        let rest = backlog.removeFirst(upTo: .max)
        #expect(rest.map(\.id) == events[(Backlog.chunkCapacity + 3)...].map(\.id))
        #expect(backlog.isEmpty && backlog.count == 0)
        backlog.append(events[0])
        #expect(backlog.removeFirst(upTo: .max).map(\.id) == [events[0].id])
    }
}
