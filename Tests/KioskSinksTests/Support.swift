import Foundation
import KioskCore
import KioskSinks
import Synchronization

/// Events to send: a few orders through a real kiosk.
enum Events {
    static func orders(_ count: Int, source: String = "Juice Maker") throws -> [Event] {
        let menu = try Menu(
            name: source, ingredients: [Ingredient(name: "mango", initialStock: Menu.maximumQuantity, lowMark: 0)],
            items: [Item(name: "Mango Juice", recipe: Recipe([.init(ingredient: 0, quantity: 3)]))]
        )
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        for _ in 0..<count {
            try kiosk.place(Order(item: 0), at: Timestamp(millisecondsSince1970: 1_795_262_400_000), emitting: &events)
        }
        return events
    }

    /// One of each type (`suggestion.made` made by hand: the kiosk does not make it).
    static func everyType() throws -> [Event] {
        let menu = try Menu(
            name: "Café", currency: "KRW",
            ingredients: [Ingredient(name: "milk", initialStock: 2, lowMark: 1, unit: "cups"), Ingredient(name: "딸기", initialStock: 9)],
            items: [Item(name: "Strawberry \"Milk\"", aliases: ["딸기우유"], price: Money("4.50"),
                         recipe: Recipe([.init(ingredient: 0, quantity: 1), .init(ingredient: 1, quantity: 8)]))]
        )
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 9))
        let time = Timestamp(millisecondsSince1970: 1_795_262_400_123)
        var events: [Event] = []
        try kiosk.place(Order(item: 0), at: time, emitting: &events)
        try kiosk.place(Order(item: 0), at: time, emitting: &events)
        try kiosk.edit(.add, 5, of: 0, at: time, emitting: &events)
        kiosk.replaceMenu(with: menu, at: time, emitting: &events)
        let suggestion = SuggestionMade(
            profiles: ["민지"], partySize: 1, answers: [AnsweredQuestion(question: "sweet", answer: .no)], rule: .leastMisery,
            lenient: true, page: 1, items: [.init(item: menu.items[0].name, tenths: 73, undeclaredAllergens: true)]
        )
        events.append(Event(
            id: EventID(high: 0x0190_1234_5678_7000, low: 0x8000_0000_0000_0001), sequence: kiosk.sequence + 1, time: time,
            source: kiosk.source, payload: .suggestionMade(suggestion), template: menu.messages[.suggestionMade]
        ))
        return events
    }
}

/// A sink that holds every send until it is opened.
final class GateSink: Sink {
    private let open = Mutex(false)
    private let received = Mutex<[Event]>([])
    private let sending = Atomic(false)
    private let closes = Atomic(0)

    var target: String { "gate" }

    func send(_ event: Event) throws(SinkFailure) {
        sending.store(true, ordering: .relaxed)
        while !open.withLock({ $0 }) { usleep(1000) }
        received.withLock { $0.append(event) }
    }

    func close(by deadline: ContinuousClock.Instant) {
        closes.add(1, ordering: .relaxed)
    }

    func release() { open.withLock { $0 = true } }
    var events: [Event] { received.withLock { $0 } }
    /// Whether a send has begun (and is held, until `release`).
    var isSending: Bool { sending.load(ordering: .relaxed) }
    var closeCount: Int { closes.load(ordering: .relaxed) }
}
