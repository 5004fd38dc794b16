import Foundation
import KioskTestSupport
import Testing

/// The command line in Korean, run as a user runs it: `kiosk --lang ko check` on a broken
/// menu (the same places, carets and codes as in English), `simulate` and its help,
/// `serve --help`, `state verify` and usage errors; `LANGUAGE=ko` chooses the same words.
@Suite struct KoreanCommandLineTests {
    static let broken = """
    kiosk "쥬스 가게" currency
    ingredient 딸기 stock 10
    ingredient 망고 stock -3
    item "딸기우유" needs 딸기 2, 우유 1 price 4.505
    ingredient 딸기 stock 5
    sink lgo path "x.jsonl"
    """

    @Test func checkSaysWhatIsWrongInKoreanWithTheSameCaretsAndCodes() throws {
        let scratch = try ScratchDirectory()
        _ = try scratch.file("broken.kiosk", Self.broken)
        func check(_ arguments: String..., environment: [String: String] = [:]) throws -> KioskProcess.Result {
            var process = KioskProcess(arguments: arguments, environment: environment)
            process.directory = scratch.url
            return try process.run()
        }
        let korean = try check("--lang", "ko", "check", "broken.kiosk")
        #expect(korean.status == 65)
        #expect(korean.stdout == "")
        #expect(korean.stderr == """
        broken.kiosk:1:23: 오류: 'currency' 뒤에 필요한 것: 텍스트
            1 | kiosk "쥬스 가게" currency
              |                           ^
        broken.kiosk:3:21: 오류: 'stock'은(는) 음수일 수 없습니다 (값: -3)
            3 | ingredient 망고 stock -3
              |                       ^~
        broken.kiosk:4:25: 오류: 알 수 없는 재료 '우유'
            4 | item "딸기우유" needs 딸기 2, 우유 1 price 4.505
              |                               ^~~~
              = 도움말: 먼저 선언하세요: ingredient 우유 stock 10
        broken.kiosk:4:36: 오류: 'price'의 4.505는 소수 자릿수가 둘보다 많습니다
            4 | item "딸기우유" needs 딸기 2, 우유 1 price 4.505
              |                                            ^~~~~
              = 도움말: 가격은 소수 둘째 자리까지만 씁니다: 4.50
        broken.kiosk:5:12: 오류: 재료 '딸기'가 중복되었습니다
            5 | ingredient 딸기 stock 5
              |            ^~~~
        broken.kiosk:2:12: 참고: '딸기'는 여기서 처음 선언되었습니다
            2 | ingredient 딸기 stock 10
              |            ^~~~
        broken.kiosk:6:6: 오류: 알 수 없는 싱크 종류 'lgo'
            6 | sink lgo path "x.jsonl"
              |      ^~~
              = 도움말: 'log'을(를) 말씀하신 건가요?
        broken.kiosk: 오류 6개

        """)
        #expect(try check("check", "broken.kiosk", environment: ["LANGUAGE": "ko"]).stderr == korean.stderr)

        // The same excerpts and carets as in English, and the same codes and places for programs.
        let english = try check("check", "broken.kiosk")
        let excerpts = { (text: String) in text.split(separator: "\n").filter { $0.contains(" |") } }
        #expect(excerpts(english.stderr) == excerpts(korean.stderr))
        let places = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { $0.prefix { $0 != " " } } }
        #expect(places(english.stderr) == places(korean.stderr))
        let codes = { (text: String) in text.matches(of: /"line":(\d+|null),"column":(\d+|null),"severity":"(\w+)","code":"(\w+)"/).map { String($0.output.0) } }
        let koreanJSON = try check("--lang", "ko", "check", "--json", "broken.kiosk")
        let englishJSON = try check("check", "--json", "broken.kiosk")
        #expect(codes(koreanJSON.stderr).count == 7)
        #expect(codes(koreanJSON.stderr) == codes(englishJSON.stderr))
    }

    @Test func checkSaysOkWithKoreanCounts() throws {
        let result = try KioskProcess("--lang", "ko", "check", "menus/juice-board-ko.kiosk", "menus/juice-ko.kiosk").run()
        #expect(result.stdout == """
        menus/juice-board-ko.kiosk: 정상 (재료 5개, 품목 7개, 스테이션 2개, 도착률 4개, 싱크 0개)
        menus/juice-ko.kiosk: 정상 (재료 5개, 품목 7개, 질문 3개, 싱크 0개)

        """)
        #expect(result.status == 0)
    }

    @Test func simulateReportsInKorean() throws {
        let result = try KioskProcess("--lang", "ko", "simulate", "--menu", "menus/juice-board-ko.kiosk", "--seed", "7", "--hours", "2").run()
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("kiosk simulate: 쥬스 메이커, 시드 7") == true, "\(lines.first ?? "")")
        #expect(lines.contains { $0.hasPrefix("손님: 도착 ") && $0.contains("명, 응대 ") })
        #expect(lines.contains { $0.hasPrefix("스테이션") && $0.hasSuffix("최장 대기열") })
        #expect(lines.contains("충분량: 이번 실행의 모든 품절을 피할 수 있었을 시작 재고."))
        #expect(!result.stdout.contains("Customers") && !result.stdout.contains("station"))
        let english = try KioskProcess("simulate", "--menu", "menus/juice-board-ko.kiosk", "--seed", "7", "--hours", "2").run()
        #expect(english.stdout.contains("\nCustomers: "))
        let numbers = { (text: String) in text.matches(of: /[0-9][0-9.,:]*/).map { String($0.output) }.sorted() }
        #expect(numbers(result.stdout) == numbers(english.stdout), "the same figures in both languages")
    }

    @Test func serveHelpIsKorean() throws {
        let result = try KioskProcess("--lang", "ko", "serve", "--help").run()
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("kiosk serve — HTTP로 제공하는 키오스크: /api/v1 아래의 JSON API\n\n사용법:\n  kiosk serve [옵션]\n"))
        #expect(result.stdout.contains("\n  --listen ADDRESS:PORT      수신 대기할 곳 (기본값 127.0.0.1:8080; 포트 0은\n"))
        #expect(result.stdout.contains("\n  PATCH /api/v1/stock/{ingredient}            운영자    {\"set\"|\"add\"|\"remove\"|\"restock\": N}\n"))
        #expect(result.stdout.hasSuffix("  73  만들어야 할 파일을 만들 수 없음\n\n"))
        let english = try KioskProcess("serve", "--help").run()
        #expect(english.stdout.hasPrefix("kiosk serve — the kiosk over HTTP: a JSON API under /api/v1\n"))
    }

    /// `kiosk simulate --help` in Korean: the same options, each with Korean words.
    @Test func simulateHelpIsKorean() throws {
        let korean = try KioskProcess("--lang", "ko", "simulate", "--help").run()
        #expect(korean.status == 0 && korean.stderr == "")
        #expect(korean.stdout.hasPrefix("kiosk simulate — 가상 시계로 손님이 오는 하루\n\n사용법:\n  kiosk simulate [옵션]\n"))
        #expect(korean.stdout.contains("\n  --flush-timeout DURATION\n                         끝낼 때 싱크가 전달에 쓸 수 있는 시간 (5s)\n"))
        #expect(korean.stdout.hasSuffix("같은 시드와 같은 옵션은 바이트 하나까지 같은 보고서를 냅니다.\n"))
        let english = try KioskProcess("simulate", "--help").run()
        #expect(english.stdout.hasPrefix("kiosk simulate — a day of customers on a virtual clock\n"))
        let options = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("  -") }.map { $0.split(separator: " ").first ?? "" } }
        #expect(options(korean.stdout) == options(english.stdout))
        #expect(options(korean.stdout).count >= 18)
        #expect(try KioskProcess("simulate", "--help", environment: ["LANGUAGE": "ko"]).run().stdout == korean.stdout)
    }

    /// A usage error of `kiosk simulate` and of `kiosk` itself under `--lang ko`: Korean
    /// words, the options as typed, exit status 64; under `--json`, the same words in the
    /// object with its English code.
    @Test func usageErrorsAreKoreanWithExitStatus64() throws {
        let simulate = try KioskProcess("--lang", "ko", "simulate", "--hour", "3").run()
        #expect(simulate.status == 64 && simulate.stdout == "")
        #expect(simulate.stderr == "kiosk simulate: 알 수 없는 옵션 '--hour' ('--hours'을(를) 말씀하신 건가요?)\n자세한 내용은 'kiosk simulate --help'를 보세요.\n")
        let value = try KioskProcess("--lang", "ko", "simulate", "--flush-timeout", "soon").run()
        #expect(value.status == 64)
        #expect(value.stderr == "kiosk simulate: 옵션 '--flush-timeout'에 맞지 않는 값 'soon' (필요한 것: 5s나 500ms 같은 시간 길이)\n자세한 내용은 'kiosk simulate --help'를 보세요.\n")
        let arrivals = try KioskProcess("simulate", "--arrivals", "120/day", "--lang=ko").run()
        #expect(arrivals.status == 64)
        #expect(arrivals.stderr.hasPrefix("kiosk simulate: 옵션 '--arrivals': '120/day'은(는) 도착률이 아닙니다: "), "\(arrivals.stderr)")
        let json = try KioskProcess("--lang", "ko", "simulate", "--json", "--seed").run()
        #expect(json.status == 64)
        #expect(json.stderr.contains(#""code":"usage","message":"옵션 '--seed'에는 값이 필요합니다""#), "\(json.stderr)")

        let kiosk = try KioskProcess("--lang", "ko", "--mneu", "x").run()
        #expect(kiosk.status == 64 && kiosk.stdout == "")
        #expect(kiosk.stderr == "kiosk: 알 수 없는 옵션 '--mneu' ('--menu'을(를) 말씀하신 건가요?)\n자세한 내용은 'kiosk --help'를 보세요.\n")
        let state = try KioskProcess("--lang", "ko", "state", "verfy", "x").run()
        #expect(state.status == 64)
        #expect(state.stderr.hasPrefix("kiosk: 알 수 없는 'state' 동작 'verfy' ('verify'을(를) 말씀하신 건가요?); 사용법: kiosk state verify|dump|compact|sinks|forget DIRECTORY [SINK]\n"))
        let english = try KioskProcess("simulate", "--hour", "3").run()
        #expect(english.status == 64)
        #expect(english.stderr == "kiosk simulate: unknown option '--hour' (did you mean '--hours'?)\nTry 'kiosk simulate --help' for more information.\n")
    }

    @Test func stateVerifyInKoreanAlignsItsLabels() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        #expect(try KioskProcess("--state", state, "-c", "order mango juice").run().status == 0)
        let result = try KioskProcess("--lang", "ko", "state", "verify", state).run()
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(state): 정상")
        #expect(lines.dropFirst().first?.hasPrefix("  세그먼트   1개 (디스크에 ") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  레코드     ") })
        #expect(lines.contains { $0.hasPrefix("  이벤트     ") && $0.contains("개 (seq 1~") })
    }

    @Test func aDamagedStateIsExplainedInKorean() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let state = scratch.path("state")
        for _ in 0..<3 { _ = try KioskProcess("--state", state, "--menu", menu, "-c", "order mango juice").run() }
        let segment = state + "/00000000000000000000.journal"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: segment))
        let record = try StateDump.recordPositions(state)[1]
        bytes[Int(record + 40)] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: segment))
        let damaged = "kiosk: 저널 '\(segment)'이 끝나기 전 \(record)번째 바이트에서 손상되었습니다 (체크섬 불일치, 그 뒤에 나중 커밋의 정상 레코드가 이어짐); "
            + "아무것도 바꾸지 않았습니다 — 백업에서 복원하거나 상태를 다른 곳으로 옮기세요\n"
        let verify = try KioskProcess("--lang", "ko", "state", "verify", state).run()
        #expect(verify.status == 65)
        #expect(verify.stderr == damaged)
        let start = try KioskProcess("--lang", "ko", "--state", state, "--menu", menu, "-c", "menu").run()
        #expect(start.status == 65)
        #expect(start.stderr == damaged)
        let english = try KioskProcess("state", "verify", state).run()
        #expect(english.stderr.hasPrefix("kiosk: the journal '\(segment)' is damaged at byte \(record) (a checksum mismatch, and good records"))
    }

    @Test func aSinkThatCannotStartSaysWhyInKorean() throws {
        let exec = try KioskProcess("--lang", "ko", "--sink", "exec command \"/no/such/program\"", "-c", "menu").run()
        #expect(exec.status == 64)
        #expect(exec.stderr == "kiosk: --sink:1:1: 오류: 'exec' 싱크: '/no/such/program'을 시작할 수 없습니다: 그런 파일이 없습니다\n")
        let scratch = try ScratchDirectory()
        let log = try KioskProcess("--lang", "ko", "--sink", "log path \"\(scratch.path)\"", "-c", "menu").run()
        #expect(log.status == 64)
        #expect(log.stderr == "kiosk: --sink:1:1: 오류: 'log' 싱크: '\(scratch.path)'에 기록할 수 없습니다: 디렉터리입니다; log 싱크는 일반 파일에만 덧붙입니다\n")
    }

    @Test func refusedBoardMovesSayWhyInKorean() throws {
        let result = try KioskProcess(
            arguments: ["--lang", "ko", "--menu", "menus/juice-board-ko.kiosk", "--clock", "virtual=2026-11-23T09:00:00Z", "-c", "주문 바나나쥬스; 완성 1; 취소 1; 취소 1; 넘기기 1; 시작 9; 되돌리기"],
            environment: ["TZ": "UTC"]
        ).run()
        #expect(result.status == 1)
        #expect(result.stderr == """
        2번째 줄: 1번 주문표는 '준비 중' 상태가 아니라 '대기' 상태입니다
        4번째 줄: 1번 주문표는 '취소됨' 상태라 취소할 수 없습니다
        5번째 줄: 1번 주문표는 '취소됨' 상태라 다음 단계가 없습니다
        6번째 줄: 9번 주문표가 없습니다
        7번째 줄: 되돌릴 수 있는 수령된 주문표가 없습니다

        """)
    }
}
