@testable import KioskSimulation
import Testing

@Suite struct EventQueueTests {
    @Test func entriesComeOutInTimeOrderAndTiesInSchedulingOrder() {
        var queue = EventQueue()
        var generator = Xoshiro256StarStar(seed: 5)
        var expected: [(Int64, Int32)] = []
        for index in 0..<2_000 {
            let time = Int64(generator.nextInt(below: 50)) // many ties
            queue.schedule(Scheduled(.arrival, TicketID(slot: Int32(index), generation: 0)), at: time)
            expected.append((time, Int32(index)))
        }
        // A stable sort by time is the order the queue must give.
        expected = expected.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        var popped: [(Int64, Int32)] = []
        while let entry = queue.popFirst() { popped.append((entry.time, entry.payload.customer.slot)) }
        #expect(popped.map(\.0) == expected.map(\.0))
        #expect(popped.map(\.1) == expected.map(\.1))
    }

    @Test func interleavedSchedulingKeepsTheOrder() {
        var queue = EventQueue()
        queue.schedule(Scheduled(.arrival, TicketID(slot: 1, generation: 0)), at: 10)
        queue.schedule(Scheduled(.ready, TicketID(slot: 2, generation: 0)), at: 5)
        #expect(queue.popFirst()?.payload.customer.slot == 2)
        queue.schedule(Scheduled(.patience, TicketID(slot: 3, generation: 0)), at: 10)
        queue.schedule(Scheduled(.patience, TicketID(slot: 4, generation: 0)), at: 7)
        #expect([queue.popFirst(), queue.popFirst(), queue.popFirst()].map { $0?.payload.customer.slot } == [4, 1, 3])
        #expect(queue.popFirst() == nil)
        #expect(queue.nextTime == nil)
    }
}
