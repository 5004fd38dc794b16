import KioskCore
@testable import KioskSimulation

/// A start as the kitchen-level tests read it: whose ticket, at which station, when, and
/// when it will be ready (milliseconds since 1970).
struct KitchenStart: Hashable {
    let ticket: TicketID
    let station: Int
    let start: Int64
    let ready: Int64
}

/// The reference kitchen: each station has a number of servers and one first-come,
/// first-served queue; a free server takes the oldest ticket at once.
///
/// The test oracle for `BoardKitchen`, the real order board the simulator runs: driven
/// the same way, both must start the same tickets at the same times.
/// Withdrawn tickets stay in their queue, marked, and are skipped when they reach its
/// front.
struct FIFOKitchen {
    private struct Station {
        let servers: Int
        var busy = 0
        var queue = FIFOQueue<KitchenTicket>()
    }

    /// What a slot's current ticket is doing.
    private struct Slot {
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
    init(servers: [Int]) {
        stations = servers.map { Station(servers: max(1, $0)) }
    }

    mutating func submit(_ ticket: KitchenTicket, at time: Int64, started: inout [KitchenStart]) {
        let slot = Int(ticket.id.slot)
        if slot >= slots.count { slots.append(contentsOf: repeatElement(Slot(), count: slot + 1 - slots.count)) }
        slots[slot] = Slot(generation: ticket.id.generation, state: .queued, station: Int32(ticket.station))
        if stations[ticket.station].busy < stations[ticket.station].servers {
            start(ticket, at: time, started: &started)
        } else {
            stations[ticket.station].queue.append(ticket)
        }
    }

    mutating func finish(_ ticket: TicketID, at time: Int64, started: inout [KitchenStart]) {
        guard let slot = slotIndex(of: ticket, in: .running) else { return }
        slots[slot].state = .idle
        let station = Int(slots[slot].station)
        stations[station].busy -= 1
        while let next = stations[station].queue.removeFirst() {
            // Withdrawn tickets are skipped here, where they reach the front.
            guard slotIndex(of: next.id, in: .queued) != nil else { continue }
            start(next, at: time, started: &started)
            return
        }
    }

    mutating func withdraw(_ ticket: TicketID) -> Bool {
        guard let slot = slotIndex(of: ticket, in: .queued) else { return false }
        slots[slot].state = .idle
        return true
    }

    private func slotIndex(of ticket: TicketID, in state: Slot.State) -> Int? {
        let slot = Int(ticket.slot)
        guard slot >= 0, slot < slots.count, slots[slot].generation == ticket.generation, slots[slot].state == state else { return nil }
        return slot
    }

    private mutating func start(_ ticket: KitchenTicket, at time: Int64, started: inout [KitchenStart]) {
        stations[ticket.station].busy += 1
        slots[Int(ticket.id.slot)].state = .running
        started.append(KitchenStart(ticket: ticket.id, station: ticket.station, start: time, ready: time + ticket.preparationMilliseconds))
    }
}

extension BoardKitchen {
    /// The board driven as `FIFOKitchen` is, its starts read as `KitchenStart`s.
    mutating func submit(_ ticket: KitchenTicket, at time: Int64, started: inout [KitchenStart]) {
        var starts: [TicketStart] = []
        submit(ticket, at: Timestamp(millisecondsSince1970: time), started: &starts)
        started += starts.map(read)
    }

    mutating func finish(_ ticket: TicketID, at time: Int64, started: inout [KitchenStart]) {
        var starts: [TicketStart] = []
        finish(ticket, at: Timestamp(millisecondsSince1970: time), started: &starts)
        started += starts.map(read)
    }

    private func read(_ start: TicketStart) -> KitchenStart {
        KitchenStart(ticket: ticketID(ofNumber: start.ticket) ?? TicketID(slot: -1, generation: 0), station: start.station, start: start.start, ready: start.ready)
    }
}
