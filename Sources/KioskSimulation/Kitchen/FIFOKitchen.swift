import KioskCore

/// The reference kitchen: each station has a number of servers and one first-come,
/// first-served queue; a free server takes the oldest ticket at once.
///
/// The test oracle for `BoardKitchen`, the real order board the simulator runs: both
/// must give every customer the same start and ready times.
/// Withdrawn tickets stay in their queue, marked, and are skipped when they reach its
/// front, so leaving costs O(1) however long the queue. Per-ticket state lives in an
/// array indexed by slot, so nothing is allocated per ticket.
public struct FIFOKitchen: Kitchen, Sendable {
    private struct Station: Sendable {
        let servers: Int
        var busy = 0
        var queue = FIFOQueue<KitchenTicket>()
    }

    /// What a slot's current ticket is doing.
    private struct Slot: Sendable {
        var generation: UInt32 = 0
        var state = State.idle
        var station: Int32 = 0

        enum State: UInt8, Sendable {
            case idle, queued, running
        }
    }

    private var stations: [Station]
    private var slots: [Slot] = []

    /// - Parameter servers: how many staff work at each station, each at least 1.
    public init(servers: [Int]) {
        stations = servers.map { Station(servers: max(1, $0)) }
    }

    public mutating func submit(_ ticket: KitchenTicket, at time: Timestamp, started: inout [TicketStart]) {
        let slot = Int(ticket.id.slot)
        if slot >= slots.count { slots.append(contentsOf: repeatElement(Slot(), count: slot + 1 - slots.count)) }
        slots[slot] = Slot(generation: ticket.id.generation, state: .queued, station: Int32(ticket.station))
        if stations[ticket.station].busy < stations[ticket.station].servers {
            start(ticket, at: time, started: &started)
        } else {
            stations[ticket.station].queue.append(ticket)
        }
    }

    public mutating func finish(_ ticket: TicketID, at time: Timestamp, started: inout [TicketStart]) {
        guard let slot = slotIndex(of: ticket, in: .running) else { return }
        slots[slot].state = .idle
        let station = Int(slots[slot].station)
        stations[station].busy -= 1
        while let next = stations[station].queue.popFirst() {
            // Withdrawn tickets are skipped here, where they reach the front.
            guard slotIndex(of: next.id, in: .queued) != nil else { continue }
            start(next, at: time, started: &started)
            return
        }
    }

    public mutating func withdraw(_ ticket: TicketID, at time: Timestamp) -> Bool {
        guard let slot = slotIndex(of: ticket, in: .queued) else { return false }
        slots[slot].state = .idle
        return true
    }

    private func slotIndex(of ticket: TicketID, in state: Slot.State) -> Int? {
        let slot = Int(ticket.slot)
        guard slot >= 0, slot < slots.count, slots[slot].generation == ticket.generation, slots[slot].state == state else { return nil }
        return slot
    }

    private mutating func start(_ ticket: KitchenTicket, at time: Timestamp, started: inout [TicketStart]) {
        stations[ticket.station].busy += 1
        slots[Int(ticket.id.slot)].state = .running
        let ready = Timestamp(millisecondsSince1970: time.millisecondsSince1970 + ticket.preparationMilliseconds)
        started.append(TicketStart(ticket: ticket.id, station: ticket.station, start: time, ready: ready))
    }
}
