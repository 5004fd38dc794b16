import KioskCore
@testable import KioskMenu
import KioskText
import Testing

/// `kiosk --lang ko check`: the same diagnostics in Korean — the same places, codes,
/// excerpts and carets, Korean words in the messages, helps and notes.
@Suite struct KoreanDiagnosticTests {
    /// One value of every problem: a case left in English shows here.
    static let everyProblem: [MenuProblem] = [
        .invalidUTF8, .unexpectedCharacters("@"), .unexpectedCharacters("@@"), .unterminatedString, .invalidEscape(#"\q"#),
        .controlCharacterInString, .malformedVariable, .unknownKeyword("itme", suggestion: "item"), .unknownKeyword("zzz", suggestion: nil),
        .unknownProperty("stok", statement: "ingredient", suggestion: "stock", known: ["stock"]),
        .unknownProperty("zzz", statement: "ingredient", suggestion: nil, known: ["stock", "low", "unit"]),
        .unquotedName("망고 쥬스", statement: "item"), .missingHead(trNoop("an ingredient name"), after: "ingredient"),
        .expectedStatement(found: trNoop("the end of the line")), .expectedPropertyName(found: "'5'"), .unexpectedBrace("}"),
        .unterminatedBlock, .missingValue(property: "stock", expected: trNoop("a whole number")),
        .extraValue("'3'", property: "stock"), .notAList(property: "stock"), .duplicateProperty("stock"),
        .expectedInteger(property: "stock", found: "'x'"), .expectedAmount(property: "price", found: "'x'"),
        .expectedDuration(property: "prep", found: "'x'"), .expectedName(property: "station", found: "'5'"),
        .numberTooLarge(property: "stock", text: "99999999999"), .negativeNumber(property: "stock", text: "-3"),
        .quantityBelowOne(ingredient: "망고", value: 0), .numberOutOfRange(property: "staff", value: 0, range: 1...100),
        .tooManyFractionDigits(property: "price", text: "4.505"), .durationTooLong(property: "prep", text: "25h"),
        .invalidName("", reason: .empty), .invalidName("망고", reason: .tooLong(limit: 64)), .invalidName("x", reason: .controlCharacter),
        .unknownChoice("kr", property: "language", choices: ["ko", "en"], suggestion: nil),
        .unknownChoice("kp", property: "language", choices: ["ko", "en"], suggestion: "ko"), .invalidHeaderName("a b"),
        .invalidValue(property: "source", reason: trNoop("it is empty"), help: trNoop("a secret is 'whsec_' and the key in base64, such as whsec_ followed by the output of 'openssl rand -base64 32'")),
        .duplicateKiosk, .duplicateIngredient("망고", existing: "망고"), .duplicateItem("망고쥬스", existing: "망고쥬스"),
        .duplicateAlias("mj", owner: "망고쥬스"), .duplicateNeed("망고"), .duplicateMessage(.orderSucceeded),
        .unknownIngredient("우유", suggestion: nil), .unknownIngredient("망거", suggestion: "망고"), .itemWithoutNeeds("망고쥬스"),
        .unknownEventType("order.x", suggestion: nil), .unknownPlaceholder("tiket", suggestion: nil),
        .unknownPlaceholder("tiket", suggestion: "ticket"), .unknownSinkKind("lgo", suggestion: nil, known: ["log", "console"]),
        .missingOption(kind: "webhook", option: "url"), .invalidURL("ftp://x"),
        .invalidServerURL("http://x", schemes: ["mqtt", "mqtts"], problem: .scheme),
        .invalidServerURL("mqtt://", schemes: ["mqtt", "mqtts"], problem: .host),
        .invalidServerURL("mqtt://x:0", schemes: ["mqtt", "mqtts"], problem: .port),
        .invalidServerURL("mqtt://x/p", schemes: ["mqtt", "mqtts"], problem: .path),
        .invalidServerURL("mqtt://a%b@x", schemes: ["mqtt", "mqtts"], problem: .userInfo),
        .unknownTopicPlaceholder("x", suggestion: nil, known: ["type", "kiosk"]), .invalidTopic("", problem: .empty),
        .invalidTopic("a/#", problem: .wildcard("#")), .invalidTopic("a/{x}", problem: .unknownPlaceholder(name: "x", utf8Offset: 2, utf8Length: 3)),
        .undefinedVariable("TOKEN"), .includeFailed(path: "x.kiosk", reason: "No such file or directory"), .includeCycle(["a", "b", "a"]),
        .includeTooDeep(limit: 16), .tooManyIncludes(limit: 1000), .duplicateStation("바", existing: "바"),
        .unknownStation("주방", suggestion: nil, known: ["바"]), .duplicateBoard,
        .durationOutOfRange(property: "prep", text: "2h", range: trNoop("1s and 1h")),
        .warnNotBeforeLate(warn: "9m", late: "8m", lateIsDefault: true), .warnNotBeforeLate(warn: "9m", late: "8m", lateIsDefault: false),
        .unknownAllergen("nut", suggestion: nil), .ambiguousAllergen("nut", meanings: ["peanuts", "tree nuts"]), .allergenNoneWithOthers,
        .duplicateQuestion("sweet", existing: "sweet"), .questionWithoutTags("sweet"), .unusedQuestionTag("sour", question: "sweet", suggestion: nil),
        .tooManyQuestions(limit: 8), .duplicateSuggest, .invalidTimeOfDay("25:00"), .invalidRate("5/x", suggestion: nil),
        .rateTooLarge("999999999/h"), .timesNotIncreasing(later: "07:00", earlier: "09:00"), .missingArrivalTime(rate: "60/h"),
        .simulateWithoutArrivals, .duplicateSimulate,
    ]

    @Test func everyMessageHelpAndNoteIsKorean() {
        Localization.$speaking.withValue(.korean) {
            for problem in KoreanDiagnosticTests.everyProblem {
                #expect(problem.message.hasHangul, "\(problem): \(problem.message)")
                for help in problem.help {
                    #expect(help.hasHangul, "\(problem): \(help)")
                }
                #expect(problem.relatedNote.hasHangul, "\(problem): \(problem.relatedNote)")
            }
        }
    }

    @Test func englishIsTheCodesOwnWords() {
        Localization.$speaking.withValue(.english) {
            #expect(MenuProblem.expectedStatement(found: "the end of the line").message == "expected a statement, found the end of the line")
            #expect(
                MenuProblem.unknownPlaceholder("x", suggestion: nil).help
                    == ["placeholders are {item}, {quantity}, {missing}, {ingredient}, {stock}, {menu}, {ticket}, {station}, {order}, {amount}, {tender} and {reason}; write {{ for a literal '{'"]
            )
            #expect(MenuProblem.invalidEscape(#"\q"#).help == [#"the escapes are \" \\ \n \t \$ and \u{…}"#])
            #expect(MenuProblem.invalidServerURL("http://x", schemes: ["mqtt", "mqtts"], problem: .scheme).message == "'http://x' is not an mqtt:// or mqtts:// URL")
            #expect(MenuProblem.undefinedVariable("TOKEN").help == ["set it, or give a default: ${TOKEN:-value}"])
        }
    }

    @Test func theSamePlacesExcerptsAndCaretsInKorean() {
        let compile = Compile(KoreanDiagnosticTests.brokenMenu)
        let english = Localization.$speaking.withValue(.english) { compile.rendered }
        let korean = Localization.$speaking.withValue(.korean) { compile.rendered }
        let englishLines = english.split(separator: "\n", omittingEmptySubsequences: false)
        let koreanLines = korean.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(englishLines.count == koreanLines.count)
        for (english, korean) in zip(englishLines, koreanLines) {
            if english.contains(" | ") || english.hasSuffix(" |") {
                #expect(english == korean, "the excerpt and its carets are the same")
            } else if !english.hasPrefix(" "), let colon = english.firstRange(of: ": ") {
                #expect(korean.hasPrefix(english[..<colon.upperBound]), "the same place: \(korean)")
            }
        }
    }

    static let brokenMenu = """
    kiosk "쥬스 가게" currency
    ingredient 딸기 stock 10
    ingredient 망고 stock -3
    item "딸기우유" needs 딸기 2, 우유 1 price 4.505
    ingredient 딸기 stock 5
    sink lgo path "x.jsonl"
    """

    @Test func aBrokenMenuInKorean() {
        let korean = Localization.$speaking.withValue(.korean) { Compile(KoreanDiagnosticTests.brokenMenu).rendered }
        #expect(korean == """
        menu.kiosk:1:23: 오류: 'currency' 뒤에 필요한 것: 텍스트
            1 | kiosk "쥬스 가게" currency
              |                           ^
        menu.kiosk:3:21: 오류: 'stock'은(는) 음수일 수 없습니다 (값: -3)
            3 | ingredient 망고 stock -3
              |                       ^~
        menu.kiosk:4:25: 오류: 알 수 없는 재료 '우유'
            4 | item "딸기우유" needs 딸기 2, 우유 1 price 4.505
              |                               ^~~~
              = 도움말: 먼저 선언하세요: ingredient 우유 stock 10
        menu.kiosk:4:36: 오류: 'price'의 4.505는 소수 자릿수가 둘보다 많습니다
            4 | item "딸기우유" needs 딸기 2, 우유 1 price 4.505
              |                                            ^~~~~
              = 도움말: 가격은 소수 둘째 자리까지만 씁니다: 4.50
        menu.kiosk:5:12: 오류: 재료 '딸기'가 중복되었습니다
            5 | ingredient 딸기 stock 5
              |            ^~~~
        menu.kiosk:2:12: 참고: '딸기'는 여기서 처음 선언되었습니다
            2 | ingredient 딸기 stock 10
              |            ^~~~
        menu.kiosk:6:6: 오류: 알 수 없는 싱크 종류 'lgo'
            6 | sink lgo path "x.jsonl"
              |      ^~~
              = 도움말: 'log'을(를) 말씀하신 건가요?

        """)
    }
}

extension String {
    /// Holds a Hangul syllable: a Korean word.
    var hasHangul: Bool {
        unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }
}
