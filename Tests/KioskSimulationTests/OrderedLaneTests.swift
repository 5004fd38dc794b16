@testable import KioskSimulation
import Testing

@Suite struct OrderedLaneTests {
    /// Entries at times 0, 1, 2, … for slots 0, 1, 2, …, in the order they were scheduled.
    private static func entries(_ count: Int) -> [EventQueue.Entry] {
        var queue = EventQueue()
        for index in 0..<count { queue.schedule(.patience(TicketID(slot: Int32(index), generation: 0)), at: Int64(index)) }
        var entries: [EventQueue.Entry] = []
        while let entry = queue.popFirst() { entries.append(entry) }
        return entries
    }

    @Test func itAcceptsOnlyTimesNoEarlierThanItsLast() {
        let entry = OrderedLaneTests.entries(11)[10]
        var lane = OrderedLane()
        #expect(lane.accepts(-5))
        lane.append(entry)
        #expect(lane.accepts(10))
        #expect(lane.accepts(11))
        #expect(!lane.accepts(9))
        lane.removeFirst()
        // Emptied, it still remembers its last time: entries after it keep their order.
        #expect(!lane.accepts(9))
    }
}
