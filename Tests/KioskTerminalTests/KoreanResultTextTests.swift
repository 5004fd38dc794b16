import KioskApplication
import KioskCore
@testable import KioskTerminal
import KioskSinks
import KioskTestSupport
import KioskText
import Testing

/// A Korean operator's tables and completion: Korean headings, columns aligned by display
/// cells (a Hangul syllable takes two), and Korean command words offered by Tab.
@Suite struct KoreanResultTextTests {
    let resultText = ResultText()

    @Test func theStockInKoreanIsAlignedByDisplayCells() throws {
        let harness = try SessionHarness(menu: """
        ingredient 딸기 stock 10
        ingredient 파인애플 stock 0
        ingredient milk stock 3 low 5 unit "잔"
        item "딸기우유" needs 딸기 8, milk 1
        """)
        let text = try Localization.$speaking.withValue(.korean) { resultText.text(for: try harness.run("재고")) }
        #expect(text == """
        재료      재고  최소  단위  상태
        딸기        10     0
        파인애플     0     0        품절
        milk         3     5  잔    부족

        """)
    }

    @Test func theReportInKorean() throws {
        let harness = try SessionHarness()
        try harness.run("order mango juice 2")
        try harness.run("order strawberry juice")
        let text = try Localization.$speaking.withValue(.korean) { resultText.text(for: try harness.run("보고서")) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "품목                     판매")
        #expect(lines.contains("Mango Juice                 2"))
        #expect(lines.contains("주문: 완료 1건, 거절 1건"))
        #expect(lines.contains("재료        사용"))
        #expect(lines.contains("mango          6"))
    }

    /// `sinks`' line for a connection: its state in the operator's words; `--json` keeps
    /// the English state.
    @Test func aConnectionsStateInEachLanguage() {
        var status = SinkStatus(kind: "mqtt", name: "broker", target: "mqtt://127.0.0.1:1883", events: .all)
        let connection = SinkConnection(state: "waiting to reconnect", inFlight: 3, lastError: "connection refused")
        status.connection = connection
        let korean = Localization.$speaking.withValue(.korean) { ResultText.describe(connection, of: status) }
        #expect(korean == "mqtt mqtt://127.0.0.1:1883: 재연결 대기 중, 전송 중 3개; 마지막 오류: connection refused\n")
        let english = Localization.$speaking.withValue(.english) { ResultText.describe(connection, of: status) }
        #expect(english == "mqtt mqtt://127.0.0.1:1883: waiting to reconnect, 3 in flight; last error: connection refused\n")
    }

    @Test func theBannerCountsInEachLanguage() {
        let banner = Localization.$speaking.withValue(.korean) { InteractiveRunner.banner(.juiceMaker) }
        #expect(banner == "Juice Maker — 품목 7개, 재료 5개. 명령 목록은 '도움말', 끝내려면 Ctrl-D.\n")
        let english = Localization.$speaking.withValue(.english) { InteractiveRunner.banner(.juiceMaker) }
        #expect(english == "Juice Maker — 7 items, 5 ingredients. Type 'help' for the commands, Ctrl-D to quit.\n")
    }

    @Test func tabOffersKoreanWordsToAKoreanOperatorOnly() {
        var completer = Completer(items: ["망고쥬스"], ingredients: ["망고", "딸기"], language: .korean)
        #expect(completer.complete(line: "주", word: "주") == ["주문"])
        #expect(completer.complete(line: "재고 ", word: "") == ["add", "remove", "set", "빼기", "설정", "추가"])
        #expect(completer.complete(line: "재고 추", word: "추") == ["추가"])
        #expect(completer.complete(line: "재고 추가 딸", word: "딸") == ["딸기"])
        #expect(completer.complete(line: "주문 망", word: "망") == ["망고쥬스"])
        #expect(completer.complete(line: "도움말 보", word: "보") == ["보고서", "보드", "보충"])
        #expect(completer.complete(line: "", word: "").count == CommandTable.standard.entries.flatMap(\.allNames).count)
        completer.language = .english
        #expect(completer.complete(line: "", word: "").count == CommandTable.standard.names.count)
        #expect(completer.complete(line: "stock ", word: "") == ["add", "remove", "set"])
        #expect(completer.complete(line: "재고 추가 딸", word: "딸") == ["딸기"], "Korean words typed still complete what follows")
    }
}
