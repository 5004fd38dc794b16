import KioskText
import Testing

/// A Korean message's particle after a value, chosen by how the value sounds at its end;
/// the dual form stays when kiosk cannot tell.
@Suite struct KoreanParticleTests {
    @Test func hangulEndsInItsFinalConsonant() {
        #expect(KoreanParticle.ending(of: "딸기") == .vowel)
        #expect(KoreanParticle.ending(of: "수박") == .consonant)
        #expect(KoreanParticle.ending(of: "우유") == .vowel)
        #expect(KoreanParticle.ending(of: "레몬") == .consonant)
        #expect(KoreanParticle.ending(of: "바닐라 아이스크림") == .consonant)
        #expect(KoreanParticle.ending(of: "블렌더 스테이션") == .consonant)
        #expect(KoreanParticle.ending(of: "딸기 젤") == .rieul)
        #expect(KoreanParticle.ending(of: "가") == .vowel)
        #expect(KoreanParticle.ending(of: "힣") == .consonant)
    }

    @Test func digitsEndAsKoreanReadsThem() {
        // 영 일 이 삼 사 오 육 칠 팔 구
        let endings: [KoreanParticle.Ending] = [.consonant, .rieul, .vowel, .consonant, .vowel, .vowel, .consonant, .rieul, .rieul, .vowel]
        for (digit, ending) in endings.enumerated() {
            #expect(KoreanParticle.ending(of: "\(digit)") == ending, "\(digit)")
        }
        #expect(KoreanParticle.ending(of: "4.505") == .vowel, "오")
        #expect(KoreanParticle.ending(of: "10") == .consonant, "십")
        #expect(KoreanParticle.ending(of: "1,000") == .consonant, "천")
        #expect(KoreanParticle.ending(of: "-3") == .consonant, "삼")
    }

    @Test func latinWordsOnlyWhereKoreanSpellingAgrees() {
        #expect(KoreanParticle.ending(of: "item") == .consonant)
        #expect(KoreanParticle.ending(of: "VPN") == .consonant)
        #expect(KoreanParticle.ending(of: "string") == .consonant)
        #expect(KoreanParticle.ending(of: "mail") == .rieul)
        #expect(KoreanParticle.ending(of: "URL") == .rieul)
        for unsure in ["menu", "stock", "log", "price", "kiosk", "API", "/no/such/ca.crt", "x)", "", "딸기 ", "🍓"] {
            #expect(KoreanParticle.ending(of: unsure) == nil, "\(unsure)")
        }
    }

    @Test func eachDualFormBecomesTheValuesForm() {
        let cases: [(String, String, String)] = [
            ("을(를) 찾을 수 없습니다", "딸기", "를 찾을 수 없습니다"), ("을(를) 찾을 수 없습니다", "수박", "을 찾을 수 없습니다"),
            ("은(는) 음수일 수 없습니다", "stock", "은(는) 음수일 수 없습니다"), ("은(는)", "4.505", "는"), ("은(는)", "3", "은"),
            ("이(가) 중복되었습니다", "딸기", "가 중복되었습니다"), ("이(가)", "수박", "이"),
            ("와(과)의 연결", "딸기", "와의 연결"), ("와(과)의 연결", "수박", "과의 연결"), ("과(와)", "우유", "와"),
            ("(으)로 끝났습니다", "3", "으로 끝났습니다"), ("(으)로", "1", "로"), ("(으)로", "우유", "로"), ("(으)로", "딸기 젤", "로"),
            ("를(을)", "수박", "을"), ("는(은)", "우유", "는"), ("가(이)", "레몬", "이"),
        ]
        for (text, value, resolved) in cases {
            #expect(KoreanParticle.resolve(text, after: value) == resolved, "\(value) \(text)")
        }
    }

    @Test func aQuotedValueTakesTheParticleAfterItsQuote() {
        #expect(KoreanParticle.resolve("'을(를) 찾을 수 없습니다", after: "딸기") == "'를 찾을 수 없습니다")
        #expect(KoreanParticle.resolve("'은(는) 여기서 처음 선언되었습니다", after: "망고") == "'는 여기서 처음 선언되었습니다")
        #expect(KoreanParticle.resolve("' 다음에", after: "딸기") == "' 다음에", "no particle")
        #expect(KoreanParticle.resolve("개", after: "3") == "개")
    }

    @Test func fillingAMessageChoosesItsParticlesAndNeverReadsAValue() {
        #expect(Localization.fill("'{name}'을(를) 찾을 수 없습니다", ["name": "딸기"]) == "'딸기'를 찾을 수 없습니다")
        #expect(Localization.fill("재료 '{name}'이(가) 중복되었습니다", ["name": "수박"]) == "재료 '수박'이 중복되었습니다")
        #expect(Localization.fill("'{name}'을(를) 말씀하신 건가요?", ["name": "log"]) == "'log'을(를) 말씀하신 건가요?")
        #expect(Localization.fill("{a}은(는) {b}와(과) 같습니다", ["a": "3", "b": "수박"]) == "3은 수박과 같습니다")
        #expect(Localization.fill("{a}{b}", ["a": "딸기", "b": "을(를)"]) == "딸기을(를)", "a value is never read for particles")
        #expect(Localization.fill("{missing}을(를)", ["other": "딸기"]) == "{missing}을(를)")
        #expect(Localization.fill("'{name}' is not {{name}}", ["name": "딸기"]) == "'딸기' is not {name}")
    }
}
