import KioskCore
import KioskText
import Testing

@Suite struct SuggestionMadeTests {
    static let payload = SuggestionMade(
        profiles: ["ana", "민지"], partySize: 2,
        answers: [AnsweredQuestion(question: "sweet", answer: .yes), AnsweredQuestion(question: "tropical", answer: .skip)],
        rule: .averageWithoutMisery, lenient: true, page: 2,
        items: [SuggestionMade.ScoredItem(item: "Mango Juice", tenths: 73), SuggestionMade.ScoredItem(item: "Oat \"Latte\"", tenths: 60, undeclaredAllergens: true)]
    )

    static func event(_ payload: SuggestionMade, messages: MessageCatalog = .defaults) -> Event {
        Event(
            id: EventID(high: 0x0190_1234_5678_7000, low: 0x8000_0000_0000_0001), sequence: 7,
            time: Timestamp(millisecondsSince1970: 1_795_262_400_000), source: "kiosk/Juice Maker",
            payload: .suggestionMade(payload), template: messages[.suggestionMade]
        )
    }

    @Test func theEventCarriesTheRequestAndTheScoredItems() {
        let json = String(decoding: SuggestionMadeTests.event(SuggestionMadeTests.payload).json, as: UTF8.self)
        #expect(json == """
        {"specversion":"1.0","id":"01901234-5678-7000-8000-000000000001","source":"kiosk/Juice Maker","type":"suggestion.made",\
        "time":"2026-11-21T12:00:00.000Z","datacontenttype":"application/json","seq":7,"data":{"profiles":["ana","민지"],"party":2,"answers":{"sweet":"y","tropical":"-"},\
        "rule":"average-without-misery","lenient":true,"page":2,"items":[{"item":"Mango Juice","score":7.3},\
        {"item":"Oat \\"Latte\\"","score":6,"allergens":"undeclared"}],"message":"Suggested: Mango Juice, Oat \\"Latte\\"."}}
        """)
    }

    @Test func thePayloadReadsBackFromItsJSON() throws {
        let json = SuggestionMadeTests.event(SuggestionMadeTests.payload).json
        let data = try #require(JSONValue(parsing: json)?["data"])
        #expect(SuggestionMade(json: data) == SuggestionMadeTests.payload)
        #expect(SuggestionMade(json: .object([])) == nil)
    }

    /// A suggested selection: its choice in the event as an order's line has it, and back.
    @Test func aSuggestedChoiceIsInTheEventAndReadsBack() throws {
        let choice = LineChoice(
            size: "large", options: [LineChoice.Option(group: "Milk", option: "Oat"), LineChoice.Option(group: "Sugar", option: "No sugar", removes: true)],
            unitPrice: Money("5500"), recipe: [IngredientCount(ingredient: "espresso", count: 2), IngredientCount(ingredient: "oat-milk", count: 300)]
        )
        let payload = SuggestionMade(
            profiles: [], partySize: 1, answers: [], rule: .average, lenient: false, page: 1,
            items: [SuggestionMade.ScoredItem(item: "Latte", tenths: 50, choice: choice)]
        )
        let json = SuggestionMadeTests.event(payload).json
        #expect(String(decoding: json, as: UTF8.self).contains("""
        "items":[{"item":"Latte","score":5,"size":"large","options":[{"group":"Milk","option":"Oat","count":1},\
        {"group":"Sugar","option":"No sugar","count":1,"removes":true}],"unitPrice":5500,"recipe":{"espresso":2,"oat-milk":300}}],\
        "message":"Suggested: Latte (large, Oat, No sugar)."
        """))
        let data = try #require(JSONValue(parsing: json)?["data"])
        #expect(SuggestionMade(json: data) == payload)
    }

    @Test func aMenuMayWordTheMessage() throws {
        let messages = MessageCatalog(templates: [.suggestionMade: try MessageTemplate(parsing: "추천 메뉴: {item}")])
        #expect(SuggestionMadeTests.event(SuggestionMadeTests.payload, messages: messages).message == "추천 메뉴: Mango Juice, Oat \"Latte\"")
    }

    @Test func aPageOfSuggestionsMakesItsEvent() throws {
        let menu = Menu.juiceMaker
        let pages = try #require(try Suggester.suggest(
            SuggestionRequest(answers: [.yes]), menu: menu, inventory: menu.initialInventory, profiles: Profiles()
        ).pages)
        #expect(pages.event == SuggestionMade(
            profiles: [], partySize: 1, answers: [AnsweredQuestion(question: "sweet", answer: .yes)], rule: .averageWithoutMisery,
            lenient: false, page: 1,
            items: [.init(item: "Banana Juice", tenths: 60), .init(item: "Mango Juice", tenths: 60), .init(item: "Strawberry Banana Juice", tenths: 60)]
        ))
    }

    @Test func scoresPrintWithAtMostOneDecimal() {
        #expect(SuggestionScore(total: 22, count: 3).description == "7.3")
        #expect(SuggestionScore(total: 26, count: 3).description == "8.7")
        #expect(SuggestionScore(total: 21, count: 3).description == "7")
        #expect(SuggestionScore(total: 15, count: 2).description == "7.5")
        #expect(SuggestionScore(total: 10, count: 1).description == "10")
    }
}
