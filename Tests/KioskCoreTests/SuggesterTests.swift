import KioskCore
import Testing

@Suite struct SuggesterTests {
    // MARK: One customer

    @Test func withoutAnswersEveryItemScoresFiveAndTiesGoToWhatTheStockCanMakeMost() throws {
        let outcome = try suggest(on: SmoothieBar.menu())
        let ranked = try #require(outcome.pages).ranked
        #expect(ranked.allSatisfy { $0.score.tenths == 50 })
        // Can make: Tropical Mix 30, Peanut Smoothie 30, Mango Lassi 15, Banana Shake 15, Oat Drink 15, Kiwi Cooler 10.
        #expect(ranked.map(\.name) == ["Tropical Mix", "Peanut Smoothie", "Mango Lassi", "Banana Shake", "Oat Drink", "Kiwi Cooler"])
        #expect(ranked.map(\.makeable) == [30, 30, 15, 15, 15, 10])
    }

    @Test(arguments: [Answer.yes, .no])
    func eachAnswerMovesEveryItemByExactlyOne(_ answer: Answer) throws {
        let menu = try SmoothieBar.menu()
        var answers: [Answer] = []
        var before = scores(try suggest(on: menu))
        for question in menu.questions {
            answers.append(answer)
            let after = scores(try suggest(SuggestionRequest(answers: answers), on: menu))
            for item in menu.items {
                let fits = item.tags.contains { question.tags.contains($0) } == (answer == .yes)
                #expect(after[item.name] == before[item.name].map { $0 + (fits ? 10 : -10) }, "\(item.name) after \(question.key) \(answer)")
            }
            before = after
        }
    }

    @Test func aSkippedQuestionMovesNothing() throws {
        let menu = try SmoothieBar.menu()
        #expect(scores(try suggest(SuggestionRequest(answers: [.skip, .skip, .skip]), on: menu)) == scores(try suggest(on: menu)))
    }

    @Test func eachSuggestionSaysWhichAnswersItFits() throws {
        let menu = try SmoothieBar.menu()
        let outcome = try suggest(SuggestionRequest(answers: [.yes, .no, .skip]), on: menu)
        let ranked = try #require(outcome.pages).ranked
        #expect(ranked.map { "\($0.name) \($0.score): \($0.fits.joined(separator: ","))" } == [
            "Peanut Smoothie 7: sweet,tropical",
            "Banana Shake 7: sweet,tropical",
            "Mango Lassi 5: sweet",
            "Oat Drink 5: tropical",
            "Kiwi Cooler 5: tropical",
            "Tropical Mix 3: ",
        ])
        #expect(outcome.context.answers == [AnsweredQuestion(question: "sweet", answer: .yes), AnsweredQuestion(question: "tropical", answer: .no),
                                            AnsweredQuestion(question: "creamy", answer: .skip)])
    }

    @Test func threeAreShownThenNextTwiceThenNoMore() throws {
        let menu = try Menu(
            name: "Ten", ingredients: [Ingredient(name: "water", initialStock: 100)],
            items: (1...10).map { Item(name: "Drink \($0)", recipe: Recipe([.init(ingredient: 0, quantity: $0)])) }
        )
        var pages = try #require(try suggest(on: menu).pages)
        #expect(pages.page.map(\.name) == ["Drink 1", "Drink 2", "Drink 3"])
        #expect(pages.nextsLeft == 2)
        #expect(try pages.next(menu: menu, inventory: menu.initialInventory).map(\.name) == ["Drink 4", "Drink 5", "Drink 6"])
        #expect(try pages.next(menu: menu, inventory: menu.initialInventory).map(\.name) == ["Drink 7", "Drink 8", "Drink 9"])
        #expect(pages.pageNumber == 3)
        #expect(pages.nextsLeft == 0)
        #expect(throws: NoMoreSuggestions.limitReached(next: 2)) { try pages.next(menu: menu, inventory: menu.initialInventory) }
        #expect(pages.page.map(\.name) == ["Drink 7", "Drink 8", "Drink 9"])
    }

    @Test func nextSaysWhenEverythingWasShown() throws {
        let menu = Menu.juiceMaker
        var pages = try #require(try suggest(on: menu).pages)
        #expect(pages.ranked.count == 6)
        #expect(try pages.next(menu: menu, inventory: menu.initialInventory).count == 3)
        #expect(throws: NoMoreSuggestions.exhausted) { try pages.next(menu: menu, inventory: menu.initialInventory) }
    }

    @Test func nextPassesOverWhatCanNoLongerBeMadeAndRefusesAnotherMenu() throws {
        let menu = Menu.juiceMaker
        var pages = try #require(try suggest(on: menu).pages)
        var inventory = menu.initialInventory
        let second = pages.ranked[3...5].map(\.name)
        try inventory.set(0, for: menu.ingredientIndex(named: "kiwi")!)
        let shown = try pages.next(menu: menu, inventory: inventory).map(\.name)
        #expect(shown == second.filter { !$0.contains("Kiwi") })
        #expect(throws: NoMoreSuggestions.menuChanged) { try pages.next(menu: try Fixtures.juiceMaker(), inventory: inventory) }
    }

    // MARK: Stock

    @Test func whatCannotBeMadeIsNeverSuggestedAndComesBackWithStock() throws {
        let menu = Menu.juiceMaker
        var inventory = menu.initialInventory
        let before = try #require(try suggest(on: menu, inventory: inventory).pages).ranked.map(\.name)
        #expect(!before.contains("Strawberry Juice"))
        #expect(before.count == 6)
        try inventory.add(6, to: menu.ingredientIndex(named: "strawberry")!)
        let after = try #require(try suggest(on: menu, inventory: inventory).pages).ranked.map(\.name)
        #expect(after.contains("Strawberry Juice"))
    }

    @Test func aPartyNeedsEnoughOfAnItemForEveryone() throws {
        let menu = Menu.juiceMaker
        // 10 strawberries make one Strawberry Banana Juice: enough for one, not for two.
        let one = try #require(try suggest(SuggestionRequest(answers: [.no, .no, .yes]), on: menu).pages).ranked
        #expect(one.map(\.name).contains("Strawberry Banana Juice"))
        let two = try #require(try suggest(SuggestionRequest(answers: [.no, .no, .yes], partySize: 2), on: menu).pages).ranked
        #expect(!two.map(\.name).contains("Strawberry Banana Juice"))
        #expect(two.allSatisfy { $0.makeable >= 2 })
    }

    @Test func nothingInStockSaysSo() throws {
        let menu = Menu.juiceMaker
        let empty = Inventory(counts: menu.ingredients.map { _ in 0 })
        #expect(try suggest(on: menu, inventory: empty).nothing == .outOfStock(partySize: 1))
    }

    // MARK: Vetoes

    @Test func anAvoidByAnyMemberVetoesTheItemForTheGroup() throws {
        let menu = try SmoothieBar.menu()
        let profiles = SmoothieBar.profiles(.avoid(profile: "ana", "dairy"), .avoid(profile: "ben", "peanuts"), .add(profile: "cy"))
        let names = { (members: [String]) in try #require(try suggest(SuggestionRequest(profiles: members), on: menu, profiles: profiles).pages).ranked.map(\.name) }
        #expect(try names(["ben"]) == ["Tropical Mix", "Mango Lassi", "Banana Shake", "Kiwi Cooler"])
        #expect(try names(["ana"]) == ["Tropical Mix", "Kiwi Cooler"])
        #expect(try names(["ana", "ben"]) == ["Tropical Mix", "Kiwi Cooler"])
        #expect(try names(["cy"]).count == 6)
    }

    @Test func avoidingATagAnIngredientOrAnItemVetoesIt() throws {
        let menu = try SmoothieBar.menu()
        let profiles = SmoothieBar.profiles(.avoid(profile: "ana", "creamy"), .avoid(profile: "ben", "KIWI"), .avoid(profile: "cy", "mango lassi"))
        let names = { (member: String) in try #require(try suggest(SuggestionRequest(profiles: [member]), on: menu, profiles: profiles).pages).ranked.map(\.name) }
        #expect(try names("ana") == ["Tropical Mix", "Mango Lassi", "Kiwi Cooler"])
        #expect(try names("ben") == ["Peanut Smoothie", "Mango Lassi", "Banana Shake", "Oat Drink"])
        #expect(try !names("cy").contains("Mango Lassi"))
    }

    @Test func undeclaredAllergensAreVetoedForAnyoneAvoidingAnAllergenUnlessLenient() throws {
        let menu = try SmoothieBar.menu()
        let profiles = SmoothieBar.profiles(.avoid(profile: "ana", "sesame"), .add(profile: "ben"))
        let strict = try #require(try suggest(SuggestionRequest(profiles: ["ana", "ben"]), on: menu, profiles: profiles).pages).ranked
        #expect(!strict.map(\.name).contains("Oat Drink"))
        let lenient = try #require(try suggest(SuggestionRequest(profiles: ["ana", "ben"], lenient: true), on: menu, profiles: profiles).pages).ranked
        #expect(lenient.filter(\.undeclaredAllergens).map(\.name) == ["Oat Drink"])
        // Nobody avoids an allergen: the item is offered, and nothing is marked.
        let ben = try #require(try suggest(SuggestionRequest(profiles: ["ben"]), on: menu, profiles: profiles).pages).ranked
        #expect(ben.map(\.name).contains("Oat Drink"))
        #expect(ben.allSatisfy { !$0.undeclaredAllergens })
    }

    @Test func shellfishIsAvoidedAsEveryCategoryItMayMean() throws {
        let menu = try Menu(
            name: "Sea", ingredients: [Ingredient(name: "sea", initialStock: 9)],
            items: [
                Item(name: "Prawns", recipe: Recipe([.init(ingredient: 0, quantity: 1)]), allergens: Allergens(.crustaceans)),
                Item(name: "Mussels", recipe: Recipe([.init(ingredient: 0, quantity: 1)]), allergens: Allergens(.molluscs)),
                Item(name: "Chips", recipe: Recipe([.init(ingredient: 0, quantity: 1)]), allergens: Allergens()),
            ]
        )
        let profiles = SmoothieBar.profiles(.avoid(profile: "ana", "shellfish"))
        #expect(try suggest(SuggestionRequest(profiles: ["ana"]), on: menu, profiles: profiles).names == ["Chips"])
    }

    @Test func whenEverythingIsVetoedTheReasonSaysHowManyLenientWouldShow() throws {
        let menu = try SmoothieBar.menu()
        let profiles = SmoothieBar.profiles(.avoid(profile: "ana", "milk"), .avoid(profile: "ana", "tangy"))
        let outcome = try suggest(SuggestionRequest(profiles: ["ana"]), on: menu, profiles: profiles)
        #expect(outcome.nothing == .allVetoed(vetoed: 6, undeclared: 1))
        #expect(try suggest(SuggestionRequest(profiles: ["ana"], lenient: true), on: menu, profiles: profiles).names == ["Oat Drink"])
    }

    @Test func averageWithoutMiseryLeavesOutWhatSomeoneScoresBelowTheThreshold() throws {
        let menu = try SmoothieBar.menu(settings: SuggestSettings(shows: 6, next: 0, rule: .averageWithoutMisery, threshold: 4))
        // Three misses take Kiwi Cooler from the neutral 5 to 2: below 4. Two items stay at 4.
        let outcome = try suggest(SuggestionRequest(answers: [.yes, .yes, .yes]), on: menu)
        #expect(outcome.names == ["Peanut Smoothie", "Mango Lassi", "Banana Shake", "Tropical Mix", "Oat Drink"])
        let nothing = try suggest(SuggestionRequest(answers: [.yes, .yes]), on: try Menu(
            name: "One", ingredients: [Ingredient(name: "water", initialStock: 1)],
            items: [Item(name: "Water", recipe: Recipe([.init(ingredient: 0, quantity: 1)]), tags: ["plain"])],
            questions: [Question(key: "a", text: "A?", tags: ["x"]), Question(key: "b", text: "B?", tags: ["y"])]
        ))
        #expect(nothing.nothing == .allMiserable(threshold: 4))
    }

    // MARK: Opinions

    @Test func likesDislikesAndRatingsSetOrMoveAPersonsScores() throws {
        let menu = try SmoothieBar.menu()
        let profiles = SmoothieBar.profiles(
            .rate(profile: "ana", item: "Kiwi Cooler", score: 8), .like(profile: "ana", "banana shake"),
            .dislike(profile: "ana", "Oat Drink"), .like(profile: "ana", "tropical"), .dislike(profile: "ana", "milk")
        )
        let got = scores(try suggest(SuggestionRequest(profiles: ["ana"]), on: menu, profiles: profiles))
        // A rating replaces the neutral 5; liked and disliked tags and ingredients then move it.
        #expect(got == [
            "Kiwi Cooler": 80, "Banana Shake": 90, "Oat Drink": 10,
            "Mango Lassi": 60, "Tropical Mix": 60, "Peanut Smoothie": 40,
        ])
    }

    @Test func aWordThatIsBothATagAndAnIngredientMovesAnItemOnce() throws {
        let menu = try Menu(
            name: "M", ingredients: [Ingredient(name: "mango", initialStock: 9)],
            items: [Item(name: "Mango Juice", recipe: Recipe([.init(ingredient: 0, quantity: 1)]), tags: ["mango"])]
        )
        let profiles = SmoothieBar.profiles(.like(profile: "ana", "mango"))
        #expect(scores(try suggest(SuggestionRequest(profiles: ["ana"]), on: menu, profiles: profiles)) == ["Mango Juice": 60])
    }

    @Test func scoresStayOnTheOneToTenScale() throws {
        let menu = try SmoothieBar.menu()
        let profiles = SmoothieBar.profiles(.like(profile: "ana", "Banana Shake"), .dislike(profile: "ana", "Kiwi Cooler"))
        let got = scores(try suggest(SuggestionRequest(profiles: ["ana"], answers: [.yes, .no, .yes]), on: menu, profiles: profiles))
        #expect(got["Banana Shake"] == 100)
        #expect(got["Kiwi Cooler"] == 10)
    }

    @Test func aGroupSuggestionNamesTheMemberItPleasesLeast() throws {
        let menu = try SmoothieBar.menu()
        let profiles = SmoothieBar.profiles(.rate(profile: "ana", item: "Kiwi Cooler", score: 9), .rate(profile: "ben", item: "Kiwi Cooler", score: 6))
        let ranked = try #require(try suggest(SuggestionRequest(profiles: ["Ana", "BEN"]), on: menu, profiles: profiles).pages).ranked
        let kiwi = try #require(ranked.first)
        #expect(kiwi.name == "Kiwi Cooler")
        #expect(kiwi.score.description == "7.5")
        #expect(kiwi.memberScores == [MemberScore(name: "ana", score: 9), MemberScore(name: "ben", score: 6)])
        #expect(kiwi.leastPleased == MemberScore(name: "ben", score: 6))
        #expect(try suggest(SuggestionRequest(profiles: ["ana"]), on: menu, profiles: profiles).pages?.page.first?.leastPleased == nil)
    }

    @Test(arguments: [2, 7, 8, 9, 16, 17])
    func groupsOfAnySizeRankByTheirMembersScores(_ size: Int) throws {
        let menu = try SmoothieBar.menu(settings: SuggestSettings(shows: 6, next: 0, rule: .average))
        let names = (0..<size).map { "p\($0)" }
        // Opinions that push scores past both ends of the scale before they are kept within it.
        let changes: [ProfileChange] = names.enumerated().flatMap { position, name -> [ProfileChange] in
            [
                .rate(profile: name, item: menu.items[position % 6].name, score: 1 + position % 10),
                .like(profile: name, position.isMultiple(of: 2) ? "sweet" : "kiwi"),
                .dislike(profile: name, position.isMultiple(of: 3) ? "creamy" : "milk"),
            ]
        }
        let profiles = Profiles(replaying: changes)
        for rule in GroupRule.allCases {
            let request = SuggestionRequest(profiles: names, answers: [.yes, .no, .yes], rule: rule)
            let ranked = try #require(try suggest(request, on: menu, profiles: profiles).pages).ranked
            for suggestion in ranked {
                let scores = suggestion.memberScores.map(\.score)
                #expect(scores.count == size)
                #expect(scores.allSatisfy { (1...10).contains($0) })
                let expected = rule == .leastMisery ? scores.min() ?? 0 : scores.reduce(0, +)
                #expect(suggestion.score.total == expected, "\(suggestion.name) by \(rule.rawValue)")
                if rule == .averageWithoutMisery { #expect(scores.allSatisfy { $0 >= 4 }) }
            }
            let keys = ranked.map(\.score.total)
            #expect(keys == keys.sorted(by: >))
        }
    }

    /// Members' scores are kept a vector of members to an item: an opinion of the member in
    /// the last lane of one vector, or the first lane of the next, or the last member of a
    /// group that is not a whole number of vectors, is that member's alone.
    @Test(arguments: [(1, 0), (8, 7), (9, 7), (9, 8), (15, 14), (16, 8), (17, 16), (50, 49)])
    func anOpinionMovesOnlyItsMembersScore(_ size: Int, _ opinionated: Int) throws {
        let menu = try Menu(
            name: "Juice", ingredients: [Ingredient(name: "water", initialStock: 1_000)],
            items: [("Kiwi Cooler", ["tangy"]), ("Tropical Mix", ["tropical"]), ("Oat Drink", ["creamy"]), ("Banana Shake", ["creamy", "tropical"])].map {
                Item(name: $0, recipe: Recipe([.init(ingredient: 0, quantity: 1)]), tags: $1)
            },
            questions: [Question(key: "sweet", text: "Sweet?", tags: ["sweet"]), Question(key: "tropical", text: "Tropical?", tags: ["tropical"])],
            suggestSettings: SuggestSettings(shows: 4, next: 0, rule: .average)
        )
        let names = (0..<size).map { "p\($0)" }
        let changes: [ProfileChange] = names.map { .add(profile: $0) } + [
            .rate(profile: names[opinionated], item: "Kiwi Cooler", score: 9), .dislike(profile: names[opinionated], "creamy"),
        ]
        let request = SuggestionRequest(profiles: names, answers: [.skip, .yes])
        let ranked = try #require(try suggest(request, on: menu, profiles: Profiles(replaying: changes)).pages).ranked
        #expect(ranked.count == menu.items.count)
        for suggestion in ranked {
            let item = menu.items[suggestion.item]
            let others = item.tags.contains("tropical") ? 6 : 4
            let own = item.name == "Kiwi Cooler" ? 9 + (others - 5) : others - (item.tags.contains("creamy") ? 1 : 0)
            let expected = (0..<size).map { $0 == opinionated ? own : others }
            #expect(suggestion.memberScores.map(\.score) == expected, "\(item.name) for \(size)")
            #expect(suggestion.score.total == expected.reduce(0, +))
        }
    }

    @Test func aMenuOfOneItemOrNoneScoresForAGroupOfAnySize() throws {
        let one = try Menu(
            name: "One", ingredients: [Ingredient(name: "water", initialStock: 9)],
            items: [Item(name: "Water", recipe: Recipe([.init(ingredient: 0, quantity: 1)]), tags: ["still"])]
        )
        let none = try Menu(name: "None", ingredients: [Ingredient(name: "water", initialStock: 9)], items: [])
        for size in [1, 8, 9] {
            let names = (0..<size).map { "p\($0)" }
            let profiles = Profiles(replaying: names.map { .dislike(profile: $0, "still") })
            let ranked = try #require(try suggest(SuggestionRequest(profiles: names), on: one, profiles: profiles).pages).ranked
            #expect(ranked.map(\.name) == ["Water"])
            #expect(ranked.first?.memberScores.map(\.score) == Array(repeating: 4, count: size))
            #expect(try suggest(SuggestionRequest(profiles: names), on: none, profiles: profiles).nothing == .outOfStock(partySize: size))
        }
    }

    // MARK: Requests

    @Test func badRequestsAreErrors() throws {
        let menu = try SmoothieBar.menu()
        let profiles = SmoothieBar.profiles(.add(profile: "ana"))
        #expect(throws: SuggestionError.unknownProfile("bob")) { try suggest(SuggestionRequest(profiles: ["ana", "bob"]), on: menu, profiles: profiles) }
        #expect(throws: SuggestionError.repeatedProfile("ana")) { try suggest(SuggestionRequest(profiles: ["ana", "ANA"]), on: menu, profiles: profiles) }
        #expect(throws: SuggestionError.tooManyAnswers(given: 4, questions: 3)) {
            try suggest(SuggestionRequest(answers: [.yes, .yes, .yes, .yes]), on: menu)
        }
        #expect(throws: SuggestionError.partySizeOutOfRange(0)) { try suggest(SuggestionRequest(partySize: 0), on: menu) }
        #expect(throws: SuggestionError.partySizeOutOfRange(1)) {
            try suggest(SuggestionRequest(profiles: ["ana", "ben"], partySize: 1), on: menu, profiles: SmoothieBar.profiles(.add(profile: "ana"), .add(profile: "ben")))
        }
        #expect(throws: SuggestionError.tooManyProfiles(limit: 50)) {
            try suggest(SuggestionRequest(profiles: (0...50).map { "p\($0)" }), on: menu, profiles: profiles)
        }
        #expect(SuggestionError.tooManyAnswers(given: 1, questions: 0).message == "this menu asks no questions, so it takes no answers")
    }

    // MARK: Determinism

    @Test func theSameInputsGiveTheSameList() throws {
        let menu = try SmoothieBar.menu()
        let changes: [ProfileChange] = [.like(profile: "ana", "sweet"), .avoid(profile: "ben", "kiwi"), .rate(profile: "cy", item: "Oat Drink", score: 2)]
        let request = SuggestionRequest(profiles: ["ana", "ben", "cy"], answers: [.yes, .skip, .no], lenient: true)
        let first = try #require(try suggest(request, on: menu, profiles: Profiles(replaying: changes)).pages).ranked
        for _ in 0..<20 {
            #expect(try suggest(request, on: menu, profiles: Profiles(replaying: changes)).pages?.ranked == first)
        }
        #expect(first.map(\.name) == ["Mango Lassi", "Peanut Smoothie", "Banana Shake", "Oat Drink"])
        #expect(first.map(\.score.description) == ["7.3", "5.3", "5.3", "2.3"])
    }
}

@Suite struct AnswerTests {
    @Test func answersReadInEnglishAndKorean() {
        #expect(Answer.list(parsing: "y,n,-") == [.yes, .no, .skip])
        #expect(Answer.list(parsing: "Yes, NO , skip") == [.yes, .no, .skip])
        #expect(Answer.list(parsing: "예,아니오,네,아니요") == [.yes, .no, .yes, .no])
        #expect(Answer.list(parsing: "y,,n") == nil)
        #expect(Answer.list(parsing: "maybe") == nil)
        #expect(Answer.allCases.map(\.symbol) == ["y", "n", "-"])
    }
}
