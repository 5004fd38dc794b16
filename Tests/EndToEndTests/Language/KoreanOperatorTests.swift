import Foundation
import KioskTestSupport
import Testing

/// A Korean operator's session at a real terminal on a machine with only the `C.UTF-8`
/// locale: every word kiosk says is Korean (the menu's messages are the menu's), the
/// commands are typed in Korean, tables align by display cells; and the same session in
/// English for an operator whose environment names no language.
@Suite struct KoreanOperatorTests {
    private func terminal(_ scratch: ScratchDirectory, _ extra: [String: String], arguments: [String] = []) throws -> PseudoTerminal {
        let environment = [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": scratch.path("history"), "HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ].merging(extra) { $1 }
        return try PseudoTerminal(arguments: ["--menu", Repository.menus + "/juice-board-ko.kiosk"] + arguments, environment: environment)
    }

    @Test func aKoreanOperatorsSessionIsKoreanThroughout() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try terminal(scratch, ["LANGUAGE": "ko"])
        try kiosk.expect("쥬스 메이커 — 품목 7개, 재료 5개. 명령 목록은 '도움말', 끝내려면 Ctrl-D.\r\n")
        try kiosk.expect("kiosk> ")
        kiosk.send("도움\t")
        try kiosk.expect("도움말 ")
        kiosk.send("\r")
        let help = try kiosk.expect("kiosk> ")
        #expect(help.contains("명령:\r\n  메뉴      menu     "))
        #expect(help.contains("\r\n  주문      order ITEM [QTY] [, ITEM [QTY]]… [discount NAME]  한 가지 이상의 품목을 한 번에 주문"))
        #expect(help.contains("\r\n  보고서    report [x|z]                                      품목별 판매량, 매출"))
        #expect(help.contains("명령 하나를 자세히 보려면 '도움말 명령'을 입력하세요.\r\n"))

        kiosk.send("주문 망고쥬스\r")
        try kiosk.expect("1번 주문: 망고쥬스. 번호를 불러 드릴게요!")
        try kiosk.expect("1번: ")
        try kiosk.expect("까지 완성, ")
        try kiosk.expect("kiosk> ")

        kiosk.send("주문 딸기쥬스\r")
        try kiosk.expect("오류: 주문 거절: 재료 부족 — 딸기 (필요 16, 재고 10)")
        try kiosk.expect("지금 보충할까요? [예/아니오, 기본 아니오] ")
        kiosk.send("예\r")
        try kiosk.expect("딸기 (재고 10개): 몇 개 더할까요? [6] ")
        kiosk.send("\r")
        try kiosk.expect("딸기 재고: 16개")
        try kiosk.expect("다시 주문할까요? [예/아니오, 기본 예] ")
        kiosk.send("예\r")
        try kiosk.expect("2번 주문: 딸기쥬스. 번호를 불러 드릴게요!")
        try kiosk.expect("kiosk> ")

        kiosk.send("재고\r")
        let stock = try kiosk.expect("kiosk> ")
        #expect(stock.contains("\r\n재료      재고  최소  상태\r\n딸기         0     0  품절\r\n바나나      10     0\r\n파인애플    10     0\r\n"), "\(stock)")

        kiosk.send("보드\r")
        let board = try kiosk.expect("kiosk> ")
        #expect(board.contains("\r\n대기 (2)         | 준비 중 (0) | 완성 (0)\r\n#1  "), "\(board)")
        #expect(board.contains("\r\n  망고쥬스\r\n"))

        kiosk.send("보고서\r")
        let report = try kiosk.expect("kiosk> ")
        #expect(report.contains("\r\n품목          판매\r\n딸기쥬스         1\r\n"), "\(report)")
        #expect(report.contains("\r\n주문: 완료 2건, 거절 1건\r\n"))
        #expect(report.contains("\r\n재료      사용\r\n딸기        16\r\n"))
        #expect(report.contains("\r\n스테이션  인원  완성  평균  중앙값  90%  수령  평균  중앙값  90%  지연\r\n"))
        #expect(report.contains("주문표: 지연 0건, 취소 0건\r\n폐기 없음.\r\n"))

        kiosk.send("재고 추가 블루베리 5\r")
        try kiosk.expect("오류: 알 수 없는 재료 '블루베리'")
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)

        for english in ["error:", "Commands:", "Type 'help", "Restock now", "Retry the order", "STATUS", "QUEUED", "Orders:", "in stock", "unknown"] {
            #expect(!kiosk.output.contains(english), "'\(english)' said in English")
        }
    }

    @Test func theSameSessionInEnglish() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try terminal(scratch, [:])
        try kiosk.expect("쥬스 메이커 — 7 items, 5 ingredients. Type 'help' for the commands, Ctrl-D to quit.\r\n")
        try kiosk.expect("kiosk> ")
        kiosk.send("hel\t")
        try kiosk.expect("help ")
        kiosk.send("\r")
        let help = try kiosk.expect("kiosk> ")
        #expect(help.contains("Commands:\r\n  menu                                              items with price"))
        #expect(!help.contains("주문"), "an English operator's help lists the English words")

        kiosk.send("order 망고쥬스\r")
        try kiosk.expect("1번 주문: 망고쥬스. 번호를 불러 드릴게요!")
        try kiosk.expect("#1 ready by ")
        try kiosk.expect("kiosk> ")
        kiosk.send("order 딸기쥬스\r")
        try kiosk.expect("error: order refused: not enough 딸기 (needed 16, available 10)")
        try kiosk.expect("Restock now? [y/N] ")
        kiosk.send("y\r")
        try kiosk.expect("딸기 (10 in stock): add how many? [6] ")
        kiosk.send("\r")
        try kiosk.expect("Retry the order? [Y/n] ")
        kiosk.send("y\r")
        try kiosk.expect("2번 주문: 딸기쥬스.")
        try kiosk.expect("kiosk> ")
        kiosk.send("stock\r")
        let stock = try kiosk.expect("kiosk> ")
        #expect(stock.contains("\r\nINGREDIENT  STOCK  LOW  STATUS\r\n딸기            0    0  out\r\n바나나         10    0\r\n"), "\(stock)")
        kiosk.send("board\r")
        #expect(try kiosk.expect("kiosk> ").contains("\r\nQUEUED (2)       | PREPARING (0) | READY (0)\r\n#1  "))
        kiosk.send("report\r")
        let report = try kiosk.expect("kiosk> ")
        #expect(report.contains("\r\nOrders: 2 made, 1 refused\r\n"))
        #expect(report.contains("Tickets: 0 late, 0 cancelled\r\nNo waste.\r\n"))
        kiosk.send("stock add 블루베리 5\r")
        try kiosk.expect("error: unknown ingredient '블루베리'")
        try kiosk.expect("kiosk> ")
        // Korean words work for an English operator too.
        kiosk.send("재고 추가 망고 1\r")
        try kiosk.expect("망고 재고: 8개")
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
        #expect(!kiosk.output.contains("오류"))
    }

    /// `--lang` overrides the environment; a menu's `language ko` speaks when nothing else chose.
    @Test func theOptionAndTheMenuChooseTheLanguage() throws {
        let scratch = try ScratchDirectory()
        let english = try terminal(scratch, ["LANGUAGE": "ko"], arguments: ["--lang", "en"])
        try english.expect("쥬스 메이커 — 7 items, 5 ingredients.")
        try english.expect("kiosk> ")
        english.send("\u{4}")
        #expect(try english.waitForExit() == 0)

        let source = try Repository.text("menus/juice-ko.kiosk").replacingOccurrences(of: "kiosk \"쥬스 메이커\"", with: "kiosk \"쥬스 메이커\" language ko")
        let menu = try scratch.file("menu.kiosk", source)
        let korean = try PseudoTerminal(arguments: ["--menu", menu], environment: [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": scratch.path("history"), "HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ])
        try korean.expect("쥬스 메이커 — 품목 7개, 재료 5개.")
        try korean.expect("kiosk> ")
        korean.send("메뉴\r")
        try korean.expect("품목")
        try korean.expect("kiosk> ")
        korean.send("\u{4}")
        #expect(try korean.waitForExit() == 0)

        let overridden = try PseudoTerminal(arguments: ["--menu", menu], environment: [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": scratch.path("history"), "HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
            "LANG": "en_US.UTF-8",
        ])
        try overridden.expect("쥬스 메이커 — 7 items, 5 ingredients.")
        try overridden.expect("kiosk> ")
        overridden.send("\u{4}")
        #expect(try overridden.waitForExit() == 0)
    }
}
