import KioskCore

/// The simulation's kitchen: the REPL's order board (`KioskCore.Board`) in auto mode, so a
/// simulated day uses the same stations, staff, first-come-first-served queues and
/// preparation as a kiosk with `board auto`.
///
/// The simulation owns the clock. It hands the kitchen a ticket when an order is made,
/// tells it when a started ticket is ready (at the `ready` time the kitchen announced),
/// and withdraws a queued ticket whose customer gave up. The kitchen answers each call
/// with the parts that start at that moment, appending them to `started` (a buffer the
/// simulation empties and reuses, so no call allocates); `ticketID(ofNumber:)` says whose
/// they are. Every start is at the time of the call, and `ready` no earlier.
///
/// Each simulation ticket is one board ticket of one line, prepared for the service time
/// drawn for it. It goes through the board's moves for simulators (`add(_:item:service:at:starts:)`,
/// `collect(_:at:starts:)`), which make no `BoardChange` and report only the starts. A ready
/// ticket is picked up when the simulation finishes it, and a withdrawn one is taken off
/// the board without moving its clock, so ties at one instant are settled in the
/// simulation's order — as a first-come-first-served kitchen settles them (the tests'
/// `FIFOKitchen`, its oracle).
public struct BoardKitchen: Sendable {
    /// The board, for tests and reports.
    public private(set) var board: Board
    private let itemNames: [String]
    /// The board's number of the ticket in each slot, with the slot's generation.
    private var numbers: [(generation: UInt32, number: Int)] = []
    /// The open tickets' ids by board number, from `firstOpen` on: numbers only grow, so
    /// a window that drops its closed head replaces a dictionary: no ticket is hashed for a
    /// simulated customer.
    private var open: [TicketID?] = []
    private var firstOpen = 0
    private var head = 0
    private var changes: [BoardChange] = []

    /// - Parameters:
    ///   - stations: the simulation's stations, in its order; staff at least 1 each.
    ///   - itemNames: the menu's item names, for the board's ticket lines.
    ///   - settings: the menu's board settings (`warn`, `late`), when it has a board.
    public init(stations: [SimulationConfiguration.Station], itemNames: [String], settings: BoardSettings = BoardSettings()) {
        board = Board(simulating: stations.map { Station(name: $0.name, staff: max(1, $0.staff)) }, settings: settings)
        self.itemNames = itemNames
    }

    /// The kitchen for `menu` under `configuration`.
    public init(menu: Menu, configuration: SimulationConfiguration) {
        self.init(stations: configuration.stations, itemNames: menu.items.map(\.name), settings: menu.board ?? BoardSettings())
    }

    /// A new ticket at `time`.
    package mutating func submit(_ ticket: KitchenTicket, at time: Timestamp, started: inout [TicketStart]) {
        let name = itemNames.indices.contains(ticket.item) ? itemNames[ticket.item] : ""
        let line = TicketLine(item: name, quantity: 1, station: ticket.station, prep: ticket.preparationMilliseconds)
        let number = board.nextNumber
        let slot = Int(ticket.id.slot)
        if slot >= numbers.count { numbers.append(contentsOf: repeatElement((generation: UInt32(0), number: 0), count: slot + 1 - numbers.count)) }
        numbers[slot] = (ticket.id.generation, number)
        if open.isEmpty { firstOpen = number }
        open.append(ticket.id)
        board.add(line, item: ticket.item, service: ticket.preparationMilliseconds, at: time.millisecondsSince1970, starts: &started)
    }

    /// The ticket announced as ready at `time` is done; its member of staff is free.
    package mutating func finish(_ ticket: TicketID, at time: Timestamp, started: inout [TicketStart]) {
        guard let number = number(of: ticket) else { return }
        if board.collect(number, at: time.millisecondsSince1970, starts: &started) { close(number) }
    }

    /// Takes a queued ticket off the board because its customer left.
    ///
    /// - Returns: `false` when the ticket has started or is unknown; nothing changes then.
    package mutating func withdraw(_ ticket: TicketID) -> Bool {
        guard let number = number(of: ticket), board.withdrawQueued(number, changes: &changes) else { return false }
        close(number)
        changes.removeAll(keepingCapacity: true)
        return true
    }

    /// The board's promise, made when the ticket was added: exact under fixed or drawn
    /// service times, unless a customer ahead gives up (then it is ready earlier).
    public func promise(of ticket: TicketID) -> Timestamp? {
        guard let number = number(of: ticket) else { return nil }
        return board.promised(of: number)
    }

    private func number(of ticket: TicketID) -> Int? {
        let slot = Int(ticket.slot)
        guard slot >= 0, slot < numbers.count, numbers[slot].generation == ticket.generation else { return nil }
        return numbers[slot].number
    }

    /// The simulation's ticket the board numbered `number`, while it is on the board.
    package func ticketID(ofNumber number: Int) -> TicketID? {
        let index = number - firstOpen
        return index >= head && index < open.count ? open[index] : nil
    }

    /// Forgets a ticket that left the board; the window's closed head is dropped now and then.
    private mutating func close(_ number: Int) {
        let index = number - firstOpen
        guard index >= head, index < open.count else { return }
        open[index] = nil
        while head < open.count, open[head] == nil { head += 1 }
        if head == open.count {
            open.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 4096, head * 2 >= open.count {
            open.removeFirst(head)
            firstOpen += head
            head = 0
        }
    }
}
