import KioskCore
import Testing

/// A ticket's messages read naturally whatever its station is called: the words around the
/// name come from the template, and the name is a name (`st0`, `bar`), never a noun the
/// template must put an article before.
@Suite struct TicketMessageTests {
    static func started(at station: String, messages: MessageCatalog = MessageCatalog(templates: [:], board: true)) -> String {
        Event(
            id: EventID(high: 1, low: 2), sequence: 3, time: Timestamp(millisecondsSince1970: 1_795_262_400_000), source: "kiosk/x",
            payload: .ticketStarted(TicketStarted(ticket: 12, station: station, prep: 60_000, lines: [ItemQuantity(item: "Mango Juice", quantity: 1)])),
            template: messages[.ticketStarted]
        ).message
    }

    @Test(arguments: [("st0", "Ticket 12 is being prepared at station st0."), ("bar", "Ticket 12 is being prepared at station bar."),
                      ("블렌더", "Ticket 12 is being prepared at station 블렌더.")])
    func theDefaultNamesTheStationAsAName(station: String, message: String) {
        #expect(TicketMessageTests.started(at: station) == message)
    }

    /// The Korean board menu's own words: the particle 에서 follows any name.
    @Test(arguments: [("st0", "12번 st0에서 만드는 중"), ("블렌더", "12번 블렌더에서 만드는 중")])
    func theKoreanMenusWordsReadWithAnyStation(station: String, message: String) throws {
        let messages = MessageCatalog(templates: [.ticketStarted: try MessageTemplate(parsing: "{ticket}번 {station}에서 만드는 중")], board: true)
        #expect(TicketMessageTests.started(at: station, messages: messages) == message)
    }
}
