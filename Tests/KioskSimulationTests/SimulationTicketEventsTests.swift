import KioskCore
import KioskSimulation
import Testing

/// The kitchen's events a simulated day sends to an observer that takes events, checked
/// customer by customer against the records of the same run.
@Suite struct SimulationTicketEventsTests {
    /// One bar, one member of staff, a minute per tea, two minutes of patience: enough
    /// customers leave.
    private func impatientBar(seed: UInt64) throws -> (Menu, SimulationConfiguration) {
        var (menu, configuration) = try Support.queue(servers: 1, perHour: 120, customers: 400, seed: seed)
        configuration.service = .fixed
        configuration.patience = .fixed(milliseconds: 120_000)
        return (menu, configuration)
    }

    private func run(_ menu: Menu, _ configuration: SimulationConfiguration) throws -> (events: [Event], records: [CustomerRecord], report: SimulationReport) {
        var events: [Event] = []
        var records: [CustomerRecord] = []
        let report = try Replications.run(
            menu: menu, configuration: configuration, observer: SimulationObserver(event: { events.append($0) }, customer: { records.append($0) })
        )
        return (events, records.sorted { $0.customer < $1.customer }, report)
    }

    /// The number an event is about: the ticket of a ticket event or of `order.succeeded`.
    private func ticket(of event: Event) -> Int? {
        switch event.payload {
        case .orderSucceeded(let e): e.ticket
        case .ticketStarted(let e): e.ticket
        case .ticketReady(let e), .ticketPickedUp(let e): e.ticket
        case .ticketCancelled(let e): e.ticket
        default: nil
        }
    }

    @Test func eachServedTicketStartsIsReadyAndPickedUpAndEachLeaverIsCancelledAtTheirTimes() throws {
        let (menu, configuration) = try impatientBar(seed: 8)
        let (events, records, _) = try run(menu, configuration)
        let opening = configuration.day.millisecondsSince1970 + configuration.opening
        var byTicket: [Int: [Event]] = [:]
        for event in events {
            if let number = ticket(of: event) { byTicket[number, default: []].append(event) }
        }
        // Tickets are numbered as the board numbers them: the orders made, in order.
        let admitted = records.filter { $0.outcome != .refused }
        #expect(byTicket.count == admitted.count)
        #expect(admitted.filter { $0.outcome == .left }.count > 20)
        let tea = [ItemQuantity(item: "Tea", quantity: 1)]
        for (index, record) in admitted.enumerated() {
            let number = index + 1
            let ticketEvents = try #require(byTicket[number], "ticket \(number)")
            let times = ticketEvents.map { $0.time.millisecondsSince1970 - opening }
            guard case .orderSucceeded(let made) = ticketEvents[0].payload, let promised = made.promised else {
                Issue.record("ticket \(number) does not open with its order: \(ticketEvents.map(\.type))")
                continue
            }
            #expect(times[0] == record.arrival)
            switch record.outcome {
            case .served:
                let start = try #require(record.start)
                #expect(ticketEvents.map(\.type) == [.orderSucceeded, .ticketStarted, .ticketReady, .ticketPickedUp], "ticket \(number)")
                #expect(times == [record.arrival, start, start + 60_000, start + 60_000], "ticket \(number)")
                #expect(record.end == start + 60_000)
                #expect(ticketEvents[1].payload == .ticketStarted(TicketStarted(ticket: number, station: "bar", prep: 60_000, lines: tea)))
                #expect(ticketEvents[2].payload == .ticketReady(TicketChanged(ticket: number, lines: tea)))
                #expect(ticketEvents[3].payload == .ticketPickedUp(TicketChanged(ticket: number, lines: tea)))
                // The board's promise: never earlier than the ticket is ready; later only
                // when someone ahead gave up.
                #expect(promised.millisecondsSince1970 - opening >= start + 60_000)
            case .left:
                #expect(ticketEvents.map(\.type) == [.orderSucceeded, .ticketCancelled], "ticket \(number)")
                #expect(times == [record.arrival, record.arrival + 120_000], "ticket \(number)")
                #expect(ticketEvents[1].payload == .ticketCancelled(TicketCancelled(ticket: number, lines: tea, from: .queued)))
            case .refused:
                Issue.record("a refused customer among the admitted")
            }
        }
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time && $0.sequence + 1 == $1.sequence })
    }

    @Test func theFirstTicketIsPromisedForWhenItIsReady() throws {
        let (menu, configuration) = try impatientBar(seed: 8)
        let (events, records, _) = try run(menu, configuration)
        let first = try #require(records.first { $0.outcome == .served && $0.customer == 1 })
        guard case .orderSucceeded(let made)? = events.first?.payload else {
            Issue.record("the day does not open with an order: \(events.first.map { "\($0.type)" } ?? "no event")")
            return
        }
        let opening = configuration.day.millisecondsSince1970 + configuration.opening
        #expect(made.ticket == 1)
        #expect(made.promised == Timestamp(millisecondsSince1970: opening + (first.end ?? 0)))
    }

    @Test func aCancelOnAPricedMenuCarriesTheRefundAsTheREPLsDoes() throws {
        let (plain, base) = try impatientBar(seed: 8)
        let price = try #require(Money("2.50"))
        let menu = try Menu(
            name: plain.name, currency: "EUR", ingredients: plain.ingredients,
            items: [Item(name: "Tea", price: price, recipe: plain.items[0].recipe)]
        )
        let (events, _, _) = try run(menu, base)
        let cancels = events.compactMap { if case .ticketCancelled(let e) = $0.payload { e } else { nil } }
        #expect(cancels.count > 20)
        #expect(cancels.allSatisfy { $0.total == price && $0.currency == "EUR" && $0.restocked.isEmpty && $0.wasted.isEmpty })
    }

    @Test func theSameSeedGivesTheSameEventsAndTicketEventsChangeNoFigure() throws {
        let (menu, configuration) = try impatientBar(seed: 21)
        let first = try run(menu, configuration)
        let again = try run(menu, configuration)
        #expect(first.events == again.events)
        #expect(first.events.contains { $0.type == .ticketCancelled })
        let quiet = try Replications.run(menu: menu, configuration: configuration)
        #expect(quiet == first.report)
    }

    @Test func withoutAnEventObserverNoTicketEventIsMade() throws {
        let (menu, configuration) = try impatientBar(seed: 22)
        var quiet = try Simulation(menu: menu, configuration: configuration, kitchen: BoardKitchen(menu: menu, configuration: configuration))
        try quiet.run()
        var events: [Event] = []
        var observed = try Simulation(menu: menu, configuration: configuration, kitchen: BoardKitchen(menu: menu, configuration: configuration))
        try observed.run(observer: SimulationObserver(event: { events.append($0) }))
        let kioskEvents = events.filter { ![.ticketStarted, .ticketReady, .ticketPickedUp, .ticketCancelled].contains($0.type) }
        #expect(kioskEvents.count < events.count)
        // The kiosk numbered only its own events when nobody took them.
        #expect(quiet.kiosk.sequence == UInt64(kioskEvents.count))
        #expect(observed.kiosk.sequence == UInt64(events.count))
        #expect(quiet.report() == observed.report())
    }
}
