import KioskCore
@testable import KioskSimulation
import Testing

@Suite struct FIFOKitchenTests {
    private func ticket(_ slot: Int32, station: Int = 0, minutes: Int64 = 1) -> KitchenTicket {
        KitchenTicket(id: TicketID(slot: slot, generation: 0), station: station, item: 0, preparationMilliseconds: minutes * 60_000)
    }

    private func at(_ milliseconds: Int64) -> Int64 { milliseconds }

    @Test func freeServersStartTicketsAtOnceAndTheRestQueueInOrder() {
        var kitchen = FIFOKitchen(servers: [2])
        var started: [KitchenStart] = []
        for slot in 0..<4 as Range<Int32> { kitchen.submit(ticket(slot), at: at(0), started: &started) }
        #expect(started.map(\.ticket.slot) == [0, 1])
        #expect(started.map(\.ready) == [at(60_000), at(60_000)])
        started.removeAll()
        kitchen.finish(TicketID(slot: 1, generation: 0), at: at(60_000), started: &started)
        #expect(started == [KitchenStart(ticket: TicketID(slot: 2, generation: 0), station: 0, start: at(60_000), ready: at(120_000))])
    }

    @Test func aWithdrawnTicketIsSkippedAndAStartedOneCannotBeWithdrawn() {
        var kitchen = FIFOKitchen(servers: [1])
        var started: [KitchenStart] = []
        for slot in 0..<3 as Range<Int32> { kitchen.submit(ticket(slot), at: at(0), started: &started) }
        let withdrawn = kitchen.withdraw(TicketID(slot: 1, generation: 0))
        let again = kitchen.withdraw(TicketID(slot: 1, generation: 0))
        let running = kitchen.withdraw(TicketID(slot: 0, generation: 0))
        #expect(withdrawn && !again && !running)
        started.removeAll()
        kitchen.finish(TicketID(slot: 0, generation: 0), at: at(60_000), started: &started)
        #expect(started.map(\.ticket.slot) == [2])
    }

    @Test func stationsAreIndependent() {
        var kitchen = FIFOKitchen(servers: [1, 1])
        var started: [KitchenStart] = []
        kitchen.submit(ticket(0, station: 0), at: at(0), started: &started)
        kitchen.submit(ticket(1, station: 1), at: at(0), started: &started)
        kitchen.submit(ticket(2, station: 0), at: at(0), started: &started)
        #expect(started.map(\.ticket.slot) == [0, 1])
        started.removeAll()
        kitchen.finish(TicketID(slot: 1, generation: 0), at: at(60_000), started: &started)
        #expect(started.isEmpty)
    }

    @Test func aReusedSlotIsANewTicket() {
        var kitchen = FIFOKitchen(servers: [1])
        var started: [KitchenStart] = []
        kitchen.submit(ticket(0), at: at(0), started: &started)
        kitchen.finish(TicketID(slot: 0, generation: 0), at: at(60_000), started: &started)
        let next = KitchenTicket(id: TicketID(slot: 0, generation: 1), station: 0, item: 0, preparationMilliseconds: 0)
        started.removeAll()
        kitchen.submit(next, at: at(60_000), started: &started)
        #expect(started.map(\.ticket) == [TicketID(slot: 0, generation: 1)])
        // The old ticket's id no longer finishes anything.
        kitchen.finish(TicketID(slot: 0, generation: 0), at: at(60_000), started: &started)
        kitchen.submit(ticket(1), at: at(60_000), started: &started)
        #expect(started.count == 1)
    }
}
