import KioskCore

/// Menus with a board, built in code, and a virtual clock to drive them.
enum BoardFixtures {
    static let minute: Int64 = 60_000

    /// The Juice Maker with a blender (staff `blenderStaff`) and a counter: blended juices
    /// take 2 minutes, poured ones 30 seconds.
    static func juiceBar(auto: Bool = false, blenderStaff: Int = 1, warn: Duration = .seconds(300), late: Duration = .seconds(480),
                         prices: Bool = false) throws -> Menu {
        let fruits = Fixtures.fruits
        func recipe(_ parts: (String, Int)...) -> Recipe {
            Recipe(parts.map { Recipe.Component(ingredient: fruits.firstIndex(of: $0.0)!, quantity: $0.1) })
        }
        let blended: Duration = .seconds(120)
        let poured: Duration = .seconds(30)
        func price(_ units: Int) -> Money? { prices ? Money(units: units) : nil }
        let items = [
            Item(name: "Strawberry Juice", price: price(5), recipe: recipe(("strawberry", 16)), prep: blended, station: 0),
            Item(name: "Banana Juice", price: price(4), recipe: recipe(("banana", 2)), prep: poured, station: 1),
            Item(name: "Kiwi Juice", price: price(4), recipe: recipe(("kiwi", 3)), prep: blended, station: 0),
            Item(name: "Pineapple Juice", price: price(4), recipe: recipe(("pineapple", 2)), prep: poured, station: 1),
            Item(name: "Strawberry Banana Juice", price: price(6), recipe: recipe(("strawberry", 10), ("banana", 1)), prep: .seconds(180), station: 0),
            Item(name: "Mango Juice", price: price(5), recipe: recipe(("mango", 3)), prep: blended, station: 0),
            Item(name: "Mango Kiwi Juice", price: price(6), recipe: recipe(("mango", 2), ("kiwi", 1)), prep: blended, station: 0),
        ]
        return try Menu(
            name: "Juice Bar", currency: prices ? "USD" : nil, ingredients: fruits.map { Ingredient(name: $0, initialStock: 1000) },
            items: items, messages: MessageCatalog(templates: [:], board: true),
            stations: [Station(name: "blender", staff: blenderStaff), Station(name: "counter")],
            board: BoardSettings(warn: warn, late: late, auto: auto)
        )
    }

    static func at(_ minutes: Double) -> Timestamp {
        Fixtures.noon.adding(milliseconds: Int64(minutes * 60_000))
    }
}

/// A kiosk driven by a virtual clock, keeping every event it made.
struct BoardDriver {
    var kiosk: Kiosk
    var events: [Event] = []

    init(_ menu: Menu) {
        kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 9))
    }

    var board: Board { kiosk.board! }

    @discardableResult
    mutating func order(_ items: [(String, Int)], at time: Timestamp) throws -> OrderSucceeded? {
        let lines = items.map { OrderLine(item: kiosk.menu.itemIndex(named: $0.0)!, quantity: $0.1) }
        let before = events.count
        try kiosk.place(Order(lines), at: time, emitting: &events)
        for event in events[before...] { if case .orderSucceeded(let made) = event.payload { return made } }
        return nil
    }

    @discardableResult
    mutating func order(_ item: String, _ quantity: Int = 1, at time: Timestamp) throws -> OrderSucceeded? {
        try order([(item, quantity)], at: time)
    }

    /// Moves the board, returning the events of the move.
    @discardableResult
    mutating func perform(_ command: BoardCommand, at time: Timestamp) throws(BoardError) -> [Event] {
        var made: [Event] = []
        defer { events += made }
        try kiosk.perform(command, at: time, emitting: &made)
        return made
    }

    /// Advances to `time` change by change, as a session with a virtual clock would.
    @discardableResult
    mutating func advance(to time: Timestamp) -> [Event] {
        var made: [Event] = []
        while let next = kiosk.nextScheduledChange, next <= time {
            kiosk.advance(to: next, emitting: &made)
        }
        kiosk.advance(to: time, emitting: &made)
        events += made
        return made
    }

    /// Column contents by ticket number: queued | preparing | ready.
    func columns(at time: Timestamp) -> String {
        let listing = board.listing(at: time)
        return [listing.queued, listing.preparing, listing.ready]
            .map { $0.map { String($0.number) }.joined(separator: ",") }.joined(separator: " | ")
    }
}

extension Event {
    /// `ticket.ready 3 @+2m`: an event's type, ticket and minute, for whole-list asserts.
    var brief: String {
        let minutes = Double(time.millisecondsSince1970 - Fixtures.noon.millisecondsSince1970) / 60_000
        let at = minutes == minutes.rounded() ? String(Int(minutes)) : String(minutes)
        let ticket: String = switch payload {
        case .orderSucceeded(let e): e.ticket.map { " \($0)" } ?? ""
        case .ticketStarted(let e): " \(e.ticket) \(e.station)"
        case .ticketReady(let e), .ticketPickedUp(let e), .ticketRecalled(let e), .ticketLate(let e): " \(e.ticket)"
        case .ticketCancelled(let e): " \(e.ticket) from \(e.from.key)"
        case .stockChanged(let e): " \(e.ingredient) \(e.from)→\(e.to) \(e.reason.rawValue)"
        default: ""
        }
        return "\(type.rawValue)\(ticket) @+\(at)m"
    }
}
