import KioskCore
import KioskText
import Testing

/// The core's refusals in the operator's language, made where they are made: a board move
/// refused, a profile or suggestion refused, why there are no more suggestions, a group's
/// rule, what an order lacked. English stays word for word.
@Suite struct KoreanCoreMessagesTests {
    static func korean(_ text: @autoclosure () -> String) -> String {
        Localization.$speaking.withValue(.korean) { text() }
    }

    @Test func aRefusedBoardMoveInKorean() {
        #expect(Self.korean(BoardError.noBoard.message) == "이 메뉴에는 주문 현황판이 없습니다: 'board' 문을 추가하세요")
        #expect(Self.korean(BoardError.unknownTicket(9).message) == "9번 주문표가 없습니다")
        #expect(Self.korean(BoardError.wrongState(ticket: 3, state: .queued, expected: .ready).message) == "3번 주문표는 '완성' 상태가 아니라 '대기' 상태입니다")
        #expect(Self.korean(BoardError.noTicket(.pickedUp).message) == "되돌릴 수 있는 수령된 주문표가 없습니다")
        #expect(Self.korean(BoardError.noTicket(.preparing).message) == "'준비 중' 상태인 주문표가 없습니다")
        #expect(Self.korean(BoardError.kitchenEmpty.message) == "대기 중이거나 준비 중인 주문표가 없습니다")
        #expect(Self.korean(BoardError.cannotBump(ticket: 4, state: .pickedUp).message) == "4번 주문표는 '수령됨' 상태라 다음 단계가 없습니다")
        #expect(Self.korean(BoardError.cannotCancel(ticket: 5, state: .cancelled).message) == "5번 주문표는 '취소됨' 상태라 취소할 수 없습니다")
        #expect(Self.korean(BoardError.tooOldToRecall(ticket: 1).message) == "1번 주문표는 최근 \(Board.recallDepth)개보다 먼저 수령되어 되돌릴 수 없습니다")
    }

    @Test func boardMovesStillReadTheSameInEnglish() {
        #expect(BoardError.wrongState(ticket: 3, state: .pickedUp, expected: .ready).message == "ticket 3 is picked up, not ready")
        #expect(BoardError.noTicket(.queued).message == "no ticket is queued")
        #expect(BoardError.cannotCancel(ticket: 5, state: .cancelled).message == "ticket 5 is cancelled and cannot be cancelled")
    }

    @Test func profilesAndSuggestionsRefusedInKorean() {
        #expect(Self.korean(ProfileError.unknownProfile("ana").message) == "프로필 'ana'이(가) 없습니다")
        #expect(Self.korean(ProfileError.invalidName("a b", .separator).message) == "'a b'은(는) 프로필 이름이 될 수 없습니다: 프로필 이름은 공백이나 쉼표 없는 한 단어입니다")
        #expect(Self.korean(ProfileError.invalidSubject("", .empty).message) == "''은(는) 피하거나 좋아하거나 평가할 수 없습니다: 비어 있습니다")
        #expect(Self.korean(ProfileError.scoreOutOfRange(11).message) == "점수는 1부터 10까지입니다 (11은 안 됩니다)")
        #expect(Self.korean(ProfileError.tooManyEntries(profile: "ana", limit: 64).message) == "프로필 'ana'에는 그런 항목이 이미 64개 있습니다")
        #expect(Self.korean(SuggestionError.tooManyAnswers(given: 4, questions: 3).message) == "질문 3개에 답 4개")
        #expect(Self.korean(SuggestionError.partySizeOutOfRange(0).message) == "0명 일행에게는 추천할 수 없습니다")
        #expect(SuggestionError.tooManyAnswers(given: 2, questions: 1).message == "2 answers for 1 question")
        #expect(ProfileError.invalidName("", .tooLong(limit: 40)).message == "'' cannot name a profile: it is longer than 40 characters")
    }

    @Test func noMoreSuggestionsInKorean() {
        #expect(Self.korean(NoMoreSuggestions.limitReached(next: 2).message)
            == "더 이상 추천이 없습니다: 'suggest next'는 최대 2쪽까지 더 보여 줍니다; 처음부터 보려면 'suggest'를 다시 하세요")
        #expect(Self.korean(NoMoreSuggestions.exhausted.message) == "더 이상 추천이 없습니다: 만들 수 있는 것을 모두 보여 드렸습니다")
        #expect(NoMoreSuggestions.limitReached(next: 1).message == "no more suggestions: 'suggest next' shows 1 more page at most; 'suggest' again to start over")
        #expect(NoMoreSuggestions.limitReached(next: 3).message == "no more suggestions: 'suggest next' shows 3 more pages at most; 'suggest' again to start over")
    }

    @Test func groupRulesAndWhatAnOrderLackedInKorean() {
        #expect(GroupRule.allCases.map(\.phrase) == ["average", "least misery", "average without misery"])
        #expect(Self.korean(GroupRule.allCases.map(\.phrase).joined(separator: "/")) == "평균/최소 불만/불만 없는 평균")
        let missing = [Missing(ingredient: "mango", needed: 3, available: 1), Missing(ingredient: "milk", needed: 2, available: 0)]
        #expect(MessageTemplate.describe(missing) == "mango (needed 3, available 1), milk (needed 2, available 0)")
        #expect(Self.korean(MessageTemplate.describe(missing)) == "mango (필요 3, 재고 1), milk (필요 2, 재고 0)")
    }
}
