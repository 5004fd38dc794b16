import KioskCore
@testable import KioskTerminal
import KioskText
import Testing

/// `suggest` in Korean: a group's heading with its rule, and why nothing is suggested, as
/// whole sentences rather than English clauses around Korean words.
@Suite struct KoreanSuggestionViewTests {
    let view = SuggestionView()

    func korean(_ outcome: SuggestionOutcome) -> String {
        Localization.$speaking.withValue(.korean) { view.text(for: outcome) }
    }

    @Test func aGroupsHeadingNamesItsRuleInKorean() throws {
        let outcome = try SuggestionViewTests.cafe(SuggestionRequest(profiles: ["ana", "ben", "민지"], answers: [.yes], lenient: true))
        let heading = korean(outcome).split(separator: "\n").first.map(String.init)
        #expect(heading == "ana, ben 및 민지님을 위한 추천, 불만 없는 평균 기준 (4점 미만인 사람 없음)")
        let pair = try SuggestionViewTests.cafe(SuggestionRequest(profiles: ["ana", "ben"], rule: .leastMisery))
        #expect(korean(pair).hasPrefix("ana 및 ben님을 위한 추천, 최소 불만 기준\n"))
        #expect(view.text(for: pair).hasPrefix("Suggestions for ana and ben, by least misery\n"))
    }

    @Test func whyNothingIsSuggestedInKorean() throws {
        let vetoed = Profiles(replaying: [.avoid(profile: "ana", "coffee"), .avoid(profile: "ben", "sweet"), .avoid(profile: "ben", "milk")])
        let none = try Suggester.suggest(
            SuggestionRequest(profiles: ["ana", "ben"]), menu: SuggestionViewTests.cafe, inventory: SuggestionViewTests.cafe.initialInventory, profiles: vetoed
        )
        #expect(korean(none) == "만들 수 있는 것에는 모두 ana 또는 ben님이 피하는 것이 들어 있습니다.\n")
        let undeclared = try Suggester.suggest(
            SuggestionRequest(profiles: ["ben"]), menu: SuggestionViewTests.cafe, inventory: SuggestionViewTests.cafe.initialInventory,
            profiles: Profiles(replaying: [.avoid(profile: "ben", "milk"), .avoid(profile: "ben", "americano"), .avoid(profile: "ben", "sweet")])
        )
        #expect(korean(undeclared) == """
        만들 수 있는 것에는 모두 ben님이 피하는 것이 들어 있습니다.
        그중 1개는 알레르기 유발 성분을 밝히지 않았습니다: 'suggest … lenient'는 표시를 붙여 보여 줍니다.

        """)
        let miserable = try SuggestionViewTests.juice(SuggestionRequest(answers: [.no, .no, .yes]), inventory: Inventory(counts: [0, 0, 0, 0, 10]))
        #expect(korean(miserable) == "이 답으로는 만들 수 있는 것이 모두 4점 미만입니다; 'rule average'는 전부 순위를 매깁니다.\n")
    }
}
