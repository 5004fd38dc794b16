/// What displays and reports show: plain values, each made in one pass over the board.
extension Board {
    /// The board at `time`, column by column, oldest first.
    public func listing(at time: Timestamp) -> BoardListing {
        var columns: [[BoardListing.Row]] = [[], [], []]
        for ticket in activeTickets {
            let row = BoardListing.Row(
                number: ticket.number, items: ticket.items, stations: ticket.stations.map { stations[$0].name },
                age: ticket.age(at: time), mark: mark(of: ticket, at: time), ordered: ticket.ordered, promised: ticket.promised
            )
            columns[Int(ticket.state.rawValue)].append(row)
        }
        return BoardListing(queued: columns[0], preparing: columns[1], ready: columns[2])
    }

    /// What a customer screen shows: numbers being prepared (queued ones too: a customer
    /// does not tell them apart) and numbers ready.
    public var publicListing: PublicBoard {
        var preparing: [Int] = []
        var ready: [Int] = []
        for ticket in activeTickets {
            if ticket.state == .ready { ready.append(ticket.number) } else { preparing.append(ticket.number) }
        }
        return PublicBoard(preparing: preparing, ready: ready)
    }

    /// Per item and size (`Latte (large)`), how many are in queued and in preparing
    /// tickets: most first, then by name.
    public var allDay: [AllDayCount] {
        var counts: [String: (queued: Int, preparing: Int, first: Int)] = [:]
        for ticket in activeTickets where ticket.state.isInKitchen {
            for line in ticket.lines {
                let name = line.choice?.size.map { "\(line.item) (\($0))" } ?? line.item
                var entry = counts[name] ?? (0, 0, counts.count)
                if ticket.state == .queued {
                    entry.queued = entry.queued.saturatingAdding(line.quantity)
                } else {
                    entry.preparing = entry.preparing.saturatingAdding(line.quantity)
                }
                counts[name] = entry
            }
        }
        return counts.map { AllDayCount(item: $0.key, queued: $0.value.queued, preparing: $0.value.preparing) }
            .sorted { ($1.total, $0.item) < ($0.total, $1.item) }
    }

    /// Times per station, late and cancelled tickets, and waste.
    public var report: BoardReport {
        let lines = stations.indices.map { index in
            BoardReport.Station(
                name: stations[index].name, staff: stations[index].staff,
                orderToReady: BoardReport.Times(queues[index].toReady), orderToPickup: BoardReport.Times(queues[index].toPickup),
                late: queues[index].late
            )
        }
        return BoardReport(stations: lines, late: lateCount, cancelled: cancelledCount, waste: waste)
    }
}

/// The board's three columns at one time, as a display shows them.
public struct BoardListing: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public let number: Int
        public let items: [ItemQuantity]
        /// The names of the stations its lines use.
        public let stations: [String]
        /// Milliseconds since it was ordered.
        public let age: Int64
        public let mark: TicketMark?
        public let ordered: Timestamp
        public let promised: Timestamp

        public init(number: Int, items: [ItemQuantity], stations: [String], age: Int64, mark: TicketMark?, ordered: Timestamp, promised: Timestamp) {
            self.number = number
            self.items = items
            self.stations = stations
            self.age = age
            self.mark = mark
            self.ordered = ordered
            self.promised = promised
        }
    }

    public let queued: [Row]
    public let preparing: [Row]
    public let ready: [Row]

    public init(queued: [Row], preparing: [Row], ready: [Row]) {
        self.queued = queued
        self.preparing = preparing
        self.ready = ready
    }
}

/// A customer screen: the numbers being prepared and the numbers ready, oldest first.
public struct PublicBoard: Sendable, Hashable {
    public let preparing: [Int]
    public let ready: [Int]

    public init(preparing: [Int], ready: [Int]) {
        self.preparing = preparing
        self.ready = ready
    }
}

/// How many of an item are in the kitchen: in queued tickets and in preparing ones.
public struct AllDayCount: Sendable, Hashable {
    public let item: String
    public let queued: Int
    public let preparing: Int

    public init(item: String, queued: Int, preparing: Int) {
        self.item = item
        self.queued = queued
        self.preparing = preparing
    }

    public var total: Int { queued.saturatingAdding(preparing) }
}
