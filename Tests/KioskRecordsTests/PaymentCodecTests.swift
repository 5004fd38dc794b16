import KioskCore
@testable import KioskRecords
import KioskTestSupport
import Testing

/// Payments in the journal's format: every step round-trips, a replay folds the same
/// payments, and a snapshot keeps them.
@Suite struct PaymentCodecTests {
    /// A day at a counter: an order paid part in cash, a card declined, then approved with a
    /// tip; another settled in cash with rounding; one whose reader timed out.
    static func day() throws -> (Kiosk, [JournalRecord]) {
        let menu = try Menu(
            name: "Corner", currency: "USD", ingredients: [Ingredient(name: "beans", initialStock: 100)],
            items: [Item(name: "Coffee", price: Money("3.03"), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))],
            checkout: CheckoutSettings(readerLatency: 1500, cashRounding: 5)
        )
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 5))
        var records: [JournalRecord] = []
        func record(_ body: (inout Kiosk, inout [Event]) throws -> Void) rethrows {
            var events: [Event] = []
            try body(&kiosk, &events)
            records.append(JournalRecord(time: Sample.time, source: kiosk.source, entries: events.map(JournalEntry.event)))
        }
        let reader = SimulatedReader()
        func card(_ kiosk: inout Kiosk, _ events: inout [Event], _ presentation: CardPresentation, tip: Tip? = nil) throws {
            let request = try kiosk.cardRequest(for: nil, tip: tip, presenting: presentation)
            try kiosk.payCard(request, for: nil, outcome: reader.authorize(request), latency: 1500, at: Sample.time, emitting: &events)
        }
        try record { kiosk, events in try kiosk.place(Order(item: 0, quantity: 2), at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.payCash(nil, tendered: Money(hundredths: 200), split: true, at: Sample.time, emitting: &events) }
        try record { kiosk, events in try card(&kiosk, &events, .number("4000000000000002")) }
        try record { kiosk, events in try card(&kiosk, &events, .number("4242424242424242"), tip: .amount(Money(hundredths: 50))) }
        try record { kiosk, events in try kiosk.place(Order(item: 0), at: Sample.time, emitting: &events) }
        try record { kiosk, events in try card(&kiosk, &events, .timeout) }
        try record { kiosk, events in try card(&kiosk, &events, .cancel) }
        try record { kiosk, events in try kiosk.payCash(nil, tendered: Money(hundredths: 500), split: false, at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.refund(1, amount: Money(hundredths: 500), restock: true, at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.openDrawer(float: Money(hundredths: 10_000), at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.moveCash(.paidIn, Money(hundredths: 2000), reason: "change", at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.moveCash(.paidOut, Money(hundredths: 500), reason: "milk", at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.place(Order(item: 0), at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.payCash(nil, tendered: Money(hundredths: 500), split: false, at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.countDrawer(Money(hundredths: 11_800), at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.place(Order(item: 0), at: Sample.time, emitting: &events) }
        let last = try #require(records.last?.events.first { $0.type == .orderSucceeded }?.sequence)
        #expect(last == Self.voidedOrder)
        try record { kiosk, events in try kiosk.void(last, at: Sample.time, emitting: &events) }
        return (kiosk, records)
    }

    /// The `seq` of the day's last order, voided before it was paid.
    static let voidedOrder: UInt64 = 29

    @Test func everyStepRoundTrips() throws {
        let (_, records) = try Self.day()
        let steps = records.flatMap(\.events).compactMap { event -> PaymentStatus? in
            if case .payment(let step) = event.payload { step.status } else { nil }
        }
        #expect(Set(steps) == Set(PaymentStatus.allCases))
        let drawerSteps = records.flatMap(\.events).compactMap { event -> DrawerChanged.Kind? in
            if case .drawer(let step) = event.payload { step.kind } else { nil }
        }
        #expect(Set(drawerSteps) == [.opened, .paidIn, .paidOut, .counted])
        let voids = records.flatMap(\.events).compactMap { event -> OrderVoided? in
            if case .orderVoided(let voided) = event.payload { voided } else { nil }
        }
        #expect(voids == [OrderVoided(order: Self.voidedOrder, ticket: nil, refunded: .zero, currency: "USD")])
        let receipts = records.flatMap(\.events).compactMap { event -> OrderReceipt? in
            if case .orderPaid(let receipt) = event.payload { receipt } else { nil }
        }
        // The first order settled by card with a tip after cash; the second in cash, with change.
        #expect(receipts.map(\.order) == [1, 10, 25])
        #expect(receipts.first?.settled?.tender == .card && receipts.first?.settled?.tip == Money(hundredths: 50))
        #expect(receipts.first?.payments?.taken == [Money(hundredths: 200), Money(hundredths: 406)] && receipts[1].settled?.change != nil)
        for record in records {
            #expect(try RecordCodec.decode(RecordCodec.encode(record), format: .domain) == record)
        }
    }

    @Test func aReplayFoldsThePaymentsOfTheKioskThatMadeThem() throws {
        let (live, records) = try Self.day()
        var replayed = Kiosk(menu: live.menu, ids: UUIDv7Generator(seed: 99))
        for record in records { replayed.apply(try RecordCodec.decode(RecordCodec.encode(record), format: .domain)) }
        #expect(replayed.payments == live.payments)
        #expect(replayed.drawer == live.drawer)
        // 100 + 20 - 5 + the last order's 3.05 (3.03 rounded to the 0.05 step) is 118.05; 118 counted.
        #expect(live.drawer.expected(in: live.payments) == Money(hundredths: 11_805) && live.drawer.counted == Money(hundredths: 11_800))
        #expect(live.payments.paid(1) == Money(hundredths: 606) && live.payments.paid(10) == Money(hundredths: 303))
        #expect(live.payments.takings(of: .cash) == .init(payments: 3, amount: Money(hundredths: 806), rounding: Money(hundredths: 4), refunds: Money(hundredths: 94)))
        #expect(live.payments.takings(of: .card) == .init(payments: 1, amount: Money(hundredths: 406), tips: Money(hundredths: 50), refunds: Money(hundredths: 406)))
        #expect(live.payments.orders[1]?.restocked == true && replayed.inventory == live.inventory)
        #expect(replayed.payments.isVoided(Self.voidedOrder) && !replayed.payments.isVoided(1))
    }

    @Test func aSnapshotKeepsTheHistorysLineTotalsAndTheLinesRefunded() throws {
        var (live, _) = try Self.day()
        var events: [Event] = []
        try live.refund(10, line: 1, restock: true, at: Sample.time, emitting: &events)
        #expect(events.first.flatMap { if case .payment(let step) = $0.payload { step.line } else { nil } } == 1)
        let snapshot = JournalSnapshot(position: 78, kiosk: live.snapshot)
        #expect(snapshot.kiosk.ledger.history.contains { $0.lineTotals == [Money(hundredths: 303)] })
        let bytes = SnapshotCodec.encode(snapshot, format: .domain)
        let decoded = try bytes.withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
        #expect(decoded == snapshot)
        #expect(decoded.kiosk.payments.orders[10]?.refundedLines == [1] && decoded.kiosk.payments.orders[10]?.restockedLines == [1])
        #expect(bytes.count > SnapshotCodec.encode(JournalSnapshot(position: 78, kiosk: snapshot.kiosk.withoutLineTotals), format: .domain).count)
    }

    @Test func aSnapshotKeepsThePayments() throws {
        let (live, _) = try Self.day()
        let snapshot = JournalSnapshot(position: 77, kiosk: live.snapshot)
        let decoded = try SnapshotCodec.encode(snapshot, format: .domain).withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
        #expect(decoded == snapshot)
        #expect(decoded.kiosk.payments == live.payments)
        #expect(decoded.kiosk.drawer == live.drawer && decoded.kiosk.drawer.isOpen)
        #expect(decoded.kiosk.payments.isVoided(Self.voidedOrder) && decoded.kiosk.payments.orders[1]?.restocked == true)
    }
}

/// A menu paid first in the journal's format: `order.held`, `ticket.opened` and a void by
/// a hold's end round-trip; a replay folds the holds and the opened ticket; a snapshot
/// keeps the holds (section 10).
@Suite struct PayFirstCodecTests {
    static func day() throws -> (Kiosk, [JournalRecord]) {
        let menu = try Menu(
            name: "Corner", currency: "USD", ingredients: [Ingredient(name: "beans", initialStock: 100)],
            items: [Item(name: "Coffee", price: Money("3.03"), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))],
            board: BoardSettings(), checkout: CheckoutSettings(timing: .first, hold: 60_000)
        )
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 8))
        var records: [JournalRecord] = []
        func record(at time: Timestamp = Sample.time, _ body: (inout Kiosk, inout [Event]) throws -> Void) rethrows {
            var events: [Event] = []
            try body(&kiosk, &events)
            records.append(JournalRecord(time: time, source: kiosk.source, entries: events.map(JournalEntry.event)))
        }
        try record { kiosk, events in try kiosk.place(Order(item: 0, quantity: 2), at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.place(Order(item: 0), at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.payCash(1, tendered: Money(hundredths: 1000), split: false, at: Sample.time, emitting: &events) }
        try record { kiosk, events in try kiosk.place(Order(item: 0, quantity: 3), at: Sample.time.adding(milliseconds: 30_000), emitting: &events) }
        // The second order's hold ends at one minute; the third's is still on.
        let later = Sample.time.adding(milliseconds: 61_000)
        record(at: later) { kiosk, events in kiosk.advance(to: later, emitting: &events) }
        return (kiosk, records)
    }

    @Test func everyEventRoundTripsAndAReplayFoldsTheSameKiosk() throws {
        let (live, records) = try Self.day()
        let types = records.flatMap(\.events).map(\.type)
        #expect(types.contains(.orderHeld) && types.contains(.ticketOpened) && types.contains(.orderVoided))
        let voided = records.flatMap(\.events).compactMap { if case .orderVoided(let voided) = $0.payload { voided } else { nil } }
        #expect(voided.map(\.reason) == ["hold_expired"])
        var replayed = Kiosk(menu: live.menu, ids: UUIDv7Generator(seed: 99))
        for record in records {
            let decoded = try RecordCodec.decode(RecordCodec.encode(record), format: .domain)
            #expect(decoded == record)
            replayed.apply(decoded)
        }
        #expect(replayed.holds == live.holds && live.holds.holds.count == 1)
        #expect(replayed.inventory == live.inventory && replayed.payments == live.payments)
        #expect(replayed.board?.state(of: 1) == .queued && replayed.board?.count(.queued) == live.board?.count(.queued))
        #expect(replayed.historyRecord(1)?.ticket == 1 && live.historyRecord(1)?.ticket == 1)
    }

    @Test func aSnapshotKeepsTheHolds() throws {
        let (live, _) = try Self.day()
        let snapshot = JournalSnapshot(position: 9, kiosk: live.snapshot)
        let decoded = try SnapshotCodec.encode(snapshot, format: .domain).withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
        #expect(decoded == snapshot)
        #expect(decoded.kiosk.holds == live.holds && !decoded.kiosk.holds.isEmpty)
        // A snapshot without holds has no section 10: the bytes it had before holds were state.
        var without = live.snapshot
        without.holds = HeldOrders()
        let bytes = SnapshotCodec.encode(JournalSnapshot(position: 9, kiosk: without), format: .domain)
        #expect(bytes.count < SnapshotCodec.encode(snapshot, format: .domain).count)
    }
}
