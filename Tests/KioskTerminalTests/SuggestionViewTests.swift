import KioskApplication
import KioskCore
import KioskMenu
@testable import KioskTerminal
import KioskText
import Testing

/// What `suggest` and `profile` show, asserted as whole text and whole JSON.
@Suite struct SuggestionViewTests {
    let view = SuggestionView()

    static func juice(_ request: SuggestionRequest, inventory: Inventory? = nil, profiles: Profiles = Profiles()) throws -> SuggestionOutcome {
        try Suggester.suggest(request, menu: .juiceMaker, inventory: inventory ?? Menu.juiceMaker.initialInventory, profiles: profiles)
    }

    /// A café with an item whose allergens are not declared.
    static let cafe: Menu = {
        let recipe = Recipe([.init(ingredient: 0, quantity: 1)])
        return (try? Menu(
            name: "Café", ingredients: [Ingredient(name: "beans", initialStock: 20)],
            items: [
                Item(name: "Latte", recipe: recipe, tags: ["coffee", "creamy"], allergens: Allergens(.milk)),
                Item(name: "Americano", recipe: recipe, tags: ["coffee"], allergens: Allergens()),
                Item(name: "Oat Latte", recipe: recipe, tags: ["coffee", "creamy"]),
                Item(name: "Sesame Bar", recipe: recipe, tags: ["sweet"], allergens: Allergens(.sesame)),
            ],
            questions: [Question(key: "coffee", text: "Coffee today?", tags: ["coffee"])],
            suggestSettings: SuggestSettings(shows: 3, next: 1, rule: .averageWithoutMisery, threshold: 4)
        )) ?? Menu.juiceMaker
    }()

    static let profiles = Profiles(replaying: [
        .avoid(profile: "ana", "sesame"), .rate(profile: "ana", item: "Americano", score: 9),
        .rate(profile: "ben", item: "Americano", score: 6), .dislike(profile: "ben", "creamy"), .like(profile: "민지", "Latte"),
    ])

    static func cafe(_ request: SuggestionRequest) throws -> SuggestionOutcome {
        try Suggester.suggest(request, menu: cafe, inventory: cafe.initialInventory, profiles: profiles)
    }

    // MARK: Text

    @Test func oneCustomerWithAnswersThenThePageAfter() throws {
        let menu = Menu.juiceMaker
        var pages = try #require(try SuggestionViewTests.juice(SuggestionRequest(answers: [.yes, .no, .skip])).pages)
        #expect(view.text(for: .suggestions(pages)) == """
        Suggestions
        Answers: sweet yes, tropical no, blend skipped
        #  ITEM                     SCORE  FITS
        1  Banana Juice                 7  sweet, tropical
        2  Strawberry Banana Juice      7  sweet, tropical
        3  Kiwi Juice                   5  tropical
        'suggest next' shows more (2 left).

        """)
        try pages.next(menu: menu, inventory: menu.initialInventory)
        #expect(view.text(for: pages) == """
        Suggestions, page 2
        Answers: sweet yes, tropical no, blend skipped
        #  ITEM         SCORE  FITS
        4  Mango Juice      5  sweet

        """)
    }

    @Test func withoutAnswersThereIsNoFitsColumn() throws {
        let text = view.text(for: try SuggestionViewTests.juice(SuggestionRequest()))
        #expect(text == """
        Suggestions
        #  ITEM              SCORE
        1  Banana Juice          5
        2  Pineapple Juice       5
        3  Mango Kiwi Juice      5
        'suggest next' shows more (2 left).

        """)
    }

    @Test func aGroupSeesItsRuleTheMemberEachItemPleasesLeastAndUndeclaredAllergens() throws {
        let outcome = try SuggestionViewTests.cafe(SuggestionRequest(profiles: ["ana", "ben", "민지"], answers: [.yes], lenient: true))
        #expect(view.text(for: outcome) == """
        Suggestions for ana, ben and 민지, by average without misery (no one below 4)
        Answers: coffee yes
        #  ITEM       SCORE  LEAST PLEASED  FITS    NOTE
        1  Americano    7.7  민지 6         coffee
        2  Latte          7  ben 5          coffee
        3  Oat Latte    5.7  ben 5          coffee  allergens not declared

        """)
    }

    @Test func oneProfileIsNamedWithoutARule() throws {
        let outcome = try SuggestionViewTests.cafe(SuggestionRequest(profiles: ["ben"], rule: .leastMisery))
        #expect(view.text(for: outcome) == """
        Suggestions for ben
        #  ITEM        SCORE
        1  Americano       6
        2  Sesame Bar      5
        3  Latte           4
        'suggest next' shows more (1 left).

        """)
    }

    @Test func whyNothingIsSuggested() throws {
        let empty = Inventory(counts: [0, 0, 0, 0, 0])
        #expect(view.text(for: try SuggestionViewTests.juice(SuggestionRequest(), inventory: empty)) == "Nothing can be made right now.\n")
        #expect(view.text(for: try SuggestionViewTests.juice(SuggestionRequest(partySize: 6))) == "Nothing can be made for 6 right now.\n")
        let vetoed = Profiles(replaying: [.avoid(profile: "ana", "coffee"), .avoid(profile: "ben", "sweet"), .avoid(profile: "ben", "milk")])
        let none = try Suggester.suggest(
            SuggestionRequest(profiles: ["ana", "ben"]), menu: SuggestionViewTests.cafe, inventory: SuggestionViewTests.cafe.initialInventory, profiles: vetoed
        )
        #expect(view.text(for: none) == "Everything that can be made has something ana or ben avoids.\n")
        let undeclared = try Suggester.suggest(
            SuggestionRequest(profiles: ["ben"]), menu: SuggestionViewTests.cafe, inventory: SuggestionViewTests.cafe.initialInventory,
            profiles: Profiles(replaying: [.avoid(profile: "ben", "milk"), .avoid(profile: "ben", "americano"), .avoid(profile: "ben", "sweet")])
        )
        #expect(view.text(for: undeclared) == """
        Everything that can be made has something ben avoids.
        1 of them does not declare its allergens: 'suggest … lenient' shows it, marked.

        """)
        let miserable = try SuggestionViewTests.juice(SuggestionRequest(answers: [.no, .no, .yes]), inventory: Inventory(counts: [0, 0, 0, 0, 10]))
        #expect(view.text(for: miserable) == "Everything that can be made scores below 4 with these answers; 'rule average' ranks it all.\n")
    }

    @Test func noMoreSuggestionsSaysWhy() {
        #expect(NoMoreSuggestions.limitReached(next: 2).message == "no more suggestions: 'suggest next' shows 2 more pages at most; 'suggest' again to start over")
        #expect(NoMoreSuggestions.exhausted.message == "no more suggestions: that was everything that can be made")
        #expect(NoMoreSuggestions.menuChanged.message == "the menu was reloaded since; 'suggest' again")
    }

    @Test func questionsAreAskedInTheMenusLanguage() {
        #expect(view.prompt(for: Menu.juiceMaker.questions[0]) == "Something sweet? [y/n/skip] ")
        #expect(view.prompt(for: Question(key: "달콤", text: "달콤한 쥬스가 좋으세요?", tags: ["달콤"])) == "달콤한 쥬스가 좋으세요? [예/아니오/건너뛰기] ")
    }

    @Test func profilesListedAndShown() {
        let profiles = Profiles(replaying: [
            .avoid(profile: "ana", "milk"), .avoid(profile: "ana", "pickles"), .like(profile: "ana", "tropical"),
            .rate(profile: "ana", item: "Mango Juice", score: 8), .rate(profile: "ana", item: "Kiwi Juice", score: 3),
            .dislike(profile: "민지", "Kiwi Juice"),
        ])
        #expect(view.text(for: profiles) == """
        PROFILE  AVOIDS         LIKES     DISLIKES    RATINGS
        ana      milk, pickles  tropical              Mango Juice 8, Kiwi Juice 3
        민지                              Kiwi Juice

        """)
        #expect(view.text(for: profiles["ana"]!, menu: .juiceMaker) == """
        ana
          avoids    milk, pickles (not on this menu)
          likes     tropical
          dislikes  nothing
          ratings   Mango Juice 8, Kiwi Juice 3

        """)
        #expect(view.text(for: Profiles()) == "No profiles.\n")
    }

    // MARK: JSON

    @Test func suggestionsAsJSON() throws {
        let outcome = try SuggestionViewTests.cafe(SuggestionRequest(profiles: ["ana", "ben"], answers: [.yes], lenient: true))
        #expect(json { SuggestionJSON.writeFields(for: outcome, to: &$0) } == """
        {"profiles":["ana","ben"],"party":2,"answers":{"coffee":"y"},"rule":"average-without-misery","threshold":4,"lenient":true,\
        "page":1,"nextsLeft":0,"items":[\
        {"rank":1,"item":"Americano","score":8.5,"canMake":20,"fits":["coffee"],"members":[{"name":"ana","score":10},{"name":"ben","score":7}],"leastPleased":"ben"},\
        {"rank":2,"item":"Latte","score":5.5,"canMake":20,"fits":["coffee"],"members":[{"name":"ana","score":6},{"name":"ben","score":5}],"leastPleased":"ben"},\
        {"rank":3,"item":"Oat Latte","score":5.5,"canMake":20,"fits":["coffee"],"members":[{"name":"ana","score":6},{"name":"ben","score":5}],"leastPleased":"ben","allergens":"undeclared"}]}
        """)
    }

    @Test func nothingAsJSON() throws {
        let empty = Inventory(counts: [0, 0, 0, 0, 0])
        #expect(json { SuggestionJSON.writeFields(for: try! SuggestionViewTests.juice(SuggestionRequest(answers: [.yes]), inventory: empty), to: &$0) } == """
        {"profiles":[],"party":1,"answers":{"sweet":"y"},"rule":"average-without-misery","threshold":4,"lenient":false,"items":[],"reason":"out-of-stock"}
        """)
    }

    @Test func profilesAsJSON() {
        let profiles = Profiles(replaying: [.avoid(profile: "ana", "milk"), .rate(profile: "ana", item: "Mango Juice", score: 8), .add(profile: "민지")])
        #expect(json { SuggestionJSON.writeFields(for: profiles, to: &$0) } == """
        {"profiles":[{"name":"ana","avoids":["milk"],"likes":[],"dislikes":[],"ratings":[{"item":"Mango Juice","score":8}]},\
        {"name":"민지","avoids":[],"likes":[],"dislikes":[],"ratings":[]}]}
        """)
        #expect(JSONValue(parsing: Array(json { SuggestionJSON.writeFields(for: profiles["ana"]!, to: &$0) }.utf8))?["name"] == .string("ana"))
    }

    /// The fields written, wrapped in an object as `ResultJSON` wraps them in `"result"`.
    private func json(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        write(&writer)
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
