import KioskCore
import KioskMenu
import KioskTestSupport
import Testing

/// `tags`, `allergens`, `question` and `suggest`: what they compile to, and every
/// diagnostic they have, each asserted as its whole rendered text.
@Suite struct SuggestLanguageTests {
    @Test func tagsAllergensAndQuestionsCompileIntoTheMenu() throws {
        let menu = try #require(Compile(pantry + """
        item "Banana Milk" needs banana 2, milk 1 tags sweet, Creamy, sweet allergens milk, Soy, "tree nuts"
        item "Banana Bread" {
          needs banana 3
          tags  baked
          tags  sweet
        }
        item "Plain Banana" needs banana 1 allergens none
        question sweet  "Something sweet?" tags sweet
        question creamy "Something creamy?" tags creamy, baked
        """).menu).menu
        #expect(menu.items.map(\.tags) == [["sweet", "Creamy"], ["baked", "sweet"], []])
        #expect(menu.items.map(\.allergens) == [Allergens([.milk, .soybeans, .nuts]), nil, Allergens()])
        #expect(menu.questions == [
            Question(key: "sweet", text: "Something sweet?", tags: ["sweet"]),
            Question(key: "creamy", text: "Something creamy?", tags: ["creamy", "baked"]),
        ])
        #expect(menu.tags == ["sweet", "Creamy", "baked"])
        #expect(menu.suggestSettings == .defaults)
    }

    @Test func suggestSettingsInlineOrInABlock() throws {
        let block = try #require(Compile(pantry + "suggest { shows 5 next 1 rule least-misery threshold 3 }").menu).menu
        #expect(block.suggestSettings == SuggestSettings(shows: 5, next: 1, rule: .leastMisery, threshold: 3))
        let inline = try #require(Compile(pantry + "suggest rule average").menu).menu
        #expect(inline.suggestSettings == SuggestSettings(shows: 3, next: 2, rule: .average, threshold: 4))
        #expect(SuggestSettings.defaults == SuggestSettings(shows: 3, next: 2, rule: .averageWithoutMisery, threshold: 4))
    }

    @Test func theBundledMenusAskThreeQuestionsEach() throws {
        let juice = try #require(Compile(juiceMakerSource).menu).menu
        #expect(juice.questions.map(\.key) == ["sweet", "tropical", "blend"])
        #expect(juice.items.allSatisfy { $0.allergens == Allergens() && !$0.tags.isEmpty })
        let result = MenuCompiler(sinkSchemas: SinkSchemasFixture.all).compile(path: Repository.menus + "/juice-ko.kiosk")
        let korean = try #require(result.menu).menu
        #expect(korean.questions.map(\.text) == ["달콤한 쥬스가 좋으세요?", "열대 과일 쥬스는 어떠세요?", "두 가지 과일을 섞은 쥬스는 어떠세요?"])
        #expect(korean.items.allSatisfy { $0.allergens == Allergens() && !$0.tags.isEmpty })
        #expect(korean.messages[.suggestionMade].text == "추천 메뉴: {item}")
    }

    // MARK: Allergens

    @Test func unknownAllergenSuggestsTheClosest() {
        #expect(Compile(pantry + "item Shake needs milk 1 allergens milk, glutten").rendered == """
        menu.kiosk:3:41: error: unknown allergen 'glutten'
            3 | item Shake needs milk 1 allergens milk, glutten
              |                                         ^~~~~~~
              = help: did you mean 'gluten'?

        """)
    }

    @Test func unknownAllergenWithNothingCloseListsTheFourteen() {
        #expect(Compile(pantry + "item Shake needs milk 1 allergens kiwi").rendered == """
        menu.kiosk:3:35: error: unknown allergen 'kiwi'
            3 | item Shake needs milk 1 allergens kiwi
              |                                   ^~~~
              = help: allergens are gluten, crustaceans, eggs, fish, peanuts, soybeans, milk, nuts, celery, mustard, sesame, sulphites, lupin and molluscs, or none

        """)
    }

    @Test func anAmbiguousAllergenAsksWhichItMeans() {
        #expect(Compile(pantry + "item Paella needs milk 1 allergens shellfish").rendered == """
        menu.kiosk:3:36: error: 'shellfish' may mean more than one allergen
            3 | item Paella needs milk 1 allergens shellfish
              |                                    ^~~~~~~~~
              = help: write the ones the item has: crustaceans or molluscs

        """)
    }

    @Test func noneMixedWithAllergens() {
        #expect(Compile(pantry + "item Shake needs milk 1 allergens milk, none").rendered == """
        menu.kiosk:3:41: error: 'none' cannot be listed with allergens
            3 | item Shake needs milk 1 allergens milk, none
              |                                         ^~~~
              = help: write 'allergens none' alone for an item without any

        """)
    }

    // MARK: Questions

    @Test func aQuestionTagNoItemHasSuggestsTheClosest() {
        #expect(Compile(pantry + "item Shake needs milk 1 tags creamy\nquestion creamy \"Creamy?\" tags cremy").rendered == """
        menu.kiosk:4:32: error: no item has the tag 'cremy' of question 'creamy'
            4 | question creamy "Creamy?" tags cremy
              |                                ^~~~~
              = help: did you mean 'creamy'?

        """)
    }

    @Test func aQuestionTagNoItemHasWithNothingClose() {
        #expect(Compile(pantry + "item Shake needs milk 1 tags creamy\nquestion hot \"Hot?\" tags hot").rendered == """
        menu.kiosk:4:26: error: no item has the tag 'hot' of question 'hot'
            4 | question hot "Hot?" tags hot
              |                          ^~~
              = help: give the items it means the tag: tags hot

        """)
    }

    @Test func aDuplicateQuestionKeyPointsAtBoth() {
        #expect(Compile(pantry + "item Shake needs milk 1 tags sweet\nquestion sweet \"Sweet?\" tags sweet\nquestion Sweet \"Sweeter?\" tags sweet").rendered == """
        menu.kiosk:5:10: error: duplicate question 'Sweet'
            5 | question Sweet "Sweeter?" tags sweet
              |          ^~~~~
        menu.kiosk:4:10: note: 'sweet' was first declared here
            4 | question sweet "Sweet?" tags sweet
              |          ^~~~~

        """)
    }

    @Test func aQuestionWithoutTags() {
        #expect(Compile(pantry + "question sweet \"Sweet?\"").rendered == """
        menu.kiosk:3:10: error: question 'sweet' has no 'tags'
            3 | question sweet "Sweet?"
              |          ^~~~~
              = help: say which items a yes favours: tags sweet

        """)
    }

    @Test func aQuestionWithoutItsText() {
        #expect(Compile(pantry + "item Shake needs milk 1 tags sweet\nquestion sweet tags sweet").rendered == """
        menu.kiosk:4:16: error: expected the question text in quotes after 'question'
            4 | question sweet tags sweet
              |                ^~~~
        menu.kiosk:4:21: error: unknown property 'sweet' for 'question'
            4 | question sweet tags sweet
              |                     ^~~~~
              = help: 'question' takes 'tags'

        """)
    }

    @Test func moreThanSixtyFourQuestions() {
        let questions = (1...65).map { "question q\($0) \"Q?\" tags t" }.joined(separator: "\n")
        #expect(Compile(pantry + "item Shake needs milk 1 tags t\n" + questions).rendered == """
        menu.kiosk:68:1: error: more than 64 questions
           68 | question q65 "Q?" tags t
              | ^~~~~~~~~~~~~~~~~

        """)
    }

    // MARK: Settings

    @Test func unknownRuleSuggestsTheClosest() {
        #expect(Compile("suggest { shows 3 rule average-without-misrey }").rendered == """
        menu.kiosk:1:24: error: unknown value 'average-without-misrey' for 'rule'
            1 | suggest { shows 3 rule average-without-misrey }
              |                        ^~~~~~~~~~~~~~~~~~~~~~
              = help: did you mean 'average-without-misery'?

        """)
    }

    @Test func unknownRuleWithNothingCloseListsTheRules() {
        #expect(Compile("suggest rule dictator").rendered == """
        menu.kiosk:1:14: error: unknown value 'dictator' for 'rule'
            1 | suggest rule dictator
              |              ^~~~~~~~
              = help: write one of 'average', 'least-misery' or 'average-without-misery'

        """)
    }

    @Test func aThresholdOffTheScale() {
        #expect(Compile("suggest threshold 11").rendered == """
        menu.kiosk:1:19: error: 'threshold' must be between 1 and 10 (found 11)
            1 | suggest threshold 11
              |                   ^~

        """)
    }

    @Test func suggestGivenTwice() {
        #expect(Compile("suggest shows 3\nsuggest next 1").rendered == """
        menu.kiosk:2:1: error: 'suggest' is given twice
            2 | suggest next 1
              | ^~~~~~~
        menu.kiosk:1:1: note: first given here
            1 | suggest shows 3
              | ^~~~~~~

        """)
    }

    @Test func anUnknownStatementListsEveryStatement() {
        #expect(Compile("frobnicate x").rendered == """
        menu.kiosk:1:1: error: unknown statement 'frobnicate'
            1 | frobnicate x
              | ^~~~~~~~~~
              = help: statements are kiosk, include, ingredient, item, station, board, message, sink, question, suggest, simulate, combo, tax, discount, checkout and reader

        """)
    }

    @Test func aMisspeltQuestionStatement() {
        #expect(Compile("questoin sweet \"Sweet?\" tags sweet").rendered == """
        menu.kiosk:1:1: error: unknown statement 'questoin'
            1 | questoin sweet "Sweet?" tags sweet
              | ^~~~~~~~
              = help: did you mean 'question'?

        """)
    }
}
