import KioskCore
@testable import KioskSimulation
import Testing

@Suite struct EventQueueTests {
    @Test func entriesComeOutInTimeOrderAndTiesInSchedulingOrder() {
        var queue = EventQueue()
        var generator = Xoshiro256StarStar(seed: 5)
        var expected: [(Int64, Int32)] = []
        for index in 0..<2_000 {
            let time = Int64(generator.nextInt(below: 50)) // many ties
            queue.schedule(Scheduled.ready(TicketID(slot: Int32(index), generation: 0)), at: time)
            expected.append((time, Int32(index)))
        }
        // A stable sort by time is the order the queue must give.
        expected = expected.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        var popped: [(Int64, Int32)] = []
        while let entry = queue.popFirst() { popped.append((entry.time, entry.payload.ticketSlot)) }
        #expect(popped.map(\.0) == expected.map(\.0))
        #expect(popped.map(\.1) == expected.map(\.1))
    }

    @Test func interleavedSchedulingKeepsTheOrder() {
        var queue = EventQueue()
        queue.schedule(Scheduled.ready(TicketID(slot: 1, generation: 0)), at: 10)
        queue.schedule(Scheduled.ready(TicketID(slot: 2, generation: 0)), at: 5)
        #expect(queue.popFirst()?.payload.ticketSlot == 2)
        queue.schedule(Scheduled.patience(TicketID(slot: 3, generation: 0)), at: 10)
        queue.schedule(Scheduled.patience(TicketID(slot: 4, generation: 0)), at: 7)
        #expect([queue.popFirst(), queue.popFirst(), queue.popFirst()].map { $0?.payload.ticketSlot } == [4, 1, 3])
        #expect(queue.popFirst() == nil)
        #expect(queue.nextTime == nil)
    }

    @Test func theArrivalSlotAndTheLaneGiveTheOrderOfOneHeap() {
        var queue = EventQueue()
        var generator = Xoshiro256StarStar(seed: 9)
        // The reference: every pending entry, the earliest (then first scheduled) out first.
        var pending: [(time: Int64, order: Int, slot: Int32)] = []
        var popped: [Int32] = []
        var expected: [Int32] = []
        var now: Int64 = 0
        var inOrderTime: Int64 = 0
        for index in 0..<5_000 {
            let slot = Int32(index)
            switch generator.nextInt(below: 4) {
            case 0:
                // Sometimes while an arrival is pending: it must then go to the heap.
                let time = now + Int64(generator.nextInt(below: 30))
                queue.scheduleArrival(Scheduled.ready(TicketID(slot: slot, generation: 0)), at: time)
                pending.append((time, index, slot))
            case 1:
                // Mostly in order, sometimes earlier than the lane's last: then to the heap.
                inOrderTime = generator.nextInt(below: 5) == 0 ? now + Int64(generator.nextInt(below: 10)) : max(inOrderTime, now) + Int64(generator.nextInt(below: 3))
                queue.scheduleInOrder(Scheduled.patience(TicketID(slot: slot, generation: 0)), at: inOrderTime)
                pending.append((inOrderTime, index, slot))
            case 2:
                let time = now + Int64(generator.nextInt(below: 40)) // ties are common
                queue.schedule(Scheduled.ready(TicketID(slot: slot, generation: 0)), at: time)
                pending.append((time, index, slot))
            default:
                guard let entry = queue.popFirst() else {
                    #expect(pending.isEmpty)
                    continue
                }
                now = entry.time
                popped.append(entry.payload.ticketSlot)
                let first = pending.indices.min { (pending[$0].time, pending[$0].order) < (pending[$1].time, pending[$1].order) }
                if let first { expected.append(pending.remove(at: first).slot) }
            }
            #expect(queue.count == pending.count)
            #expect(queue.nextTime == pending.map(\.time).min())
        }
        while let entry = queue.popFirst() { popped.append(entry.payload.ticketSlot) }
        expected += pending.sorted { ($0.time, $0.order) < ($1.time, $1.order) }.map(\.slot)
        #expect(popped == expected)
        #expect(queue.isEmpty)
    }
}

extension Scheduled {
    /// The slot of the ticket an entry concerns, to tell the tests' entries apart.
    var ticketSlot: Int32 {
        switch self {
        case .ready(let ticket), .patience(let ticket), .paid(let ticket): ticket.slot
        case .refill(let ingredient): Int32(ingredient)
        case .arrival, .restockAll: -1
        }
    }
}
