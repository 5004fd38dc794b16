@testable import KioskJournal
import KioskSystem
import KioskTestSupport
import KioskText
import Testing

/// Why a state cannot be used, in the operator's language: what `kiosk state verify` and a
/// start on a damaged state say, down to the reasons the journal's readers give.
@Suite struct KoreanJournalErrorTests {
    static func korean(_ text: @autoclosure () -> String) -> String {
        Localization.$speaking.withValue(.korean) { text() }
    }

    @Test func everyJournalErrorInKorean() {
        let cases: [(JournalError, String)] = [
            (.cannotCreate(path: "/s", reason: "x"), "상태 디렉터리 '/s'을(를) 만들 수 없습니다: x"),
            (.notAStateDirectory(path: "/s", reason: "x"), "'/s'은(는) kiosk 상태 디렉터리가 아닙니다 (x)"),
            (.unsupportedFormat(path: "/s", found: "kiosk state 9"), "'/s'의 상태 형식 'kiosk state 9'는 이 kiosk가 읽지 못합니다 (읽는 형식: 'kiosk state 2')"),
            (.corrupt(file: "/s/0.journal", offset: 40, problem: "x"),
             "저널 '/s/0.journal'이 끝나기 전 40번째 바이트에서 손상되었습니다 (x); 아무것도 바꾸지 않았습니다 — 백업에서 복원하거나 상태를 다른 곳으로 옮기세요"),
            (.corruptSnapshot(file: "/s/1.snapshot", problem: "x"),
             "스냅숏 '/s/1.snapshot'의 검증에 실패했습니다 (x); 아무것도 바꾸지 않았습니다 — 백업에서 복원하거나 상태를 다른 곳으로 옮기세요"),
            (.boardNeedsMenu(path: "/s"),
             "상태 '/s'에는 주문 현황판이 있어 메뉴 없이 압축하면 잃게 됩니다; 아무것도 바꾸지 않았습니다 — 메뉴를 주세요: kiosk state compact --menu FILE '/s'"),
        ]
        for (error, korean) in cases {
            #expect(Self.korean(error.message) == korean)
        }
        #expect(JournalError.corrupt(file: "/s/0.journal", offset: 40, problem: "a checksum mismatch").message
            == "the journal '/s/0.journal' is damaged at byte 40 (a checksum mismatch), before its end; nothing was changed — restore it from a backup or move the state away")
    }

    @Test func aPathThatIsNotADirectorySaysSoInKorean() throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.file("state", "not a directory")
        let error = Localization.$speaking.withValue(.korean) { () -> JournalError? in
            do throws(JournalError) {
                try StateDirectory(path: file).prepare()
                return nil
            } catch {
                return error
            }
        }
        #expect(error.map { Self.korean($0.message) } == "'\(file)'은(는) kiosk 상태 디렉터리가 아닙니다 (디렉터리가 아닙니다)")
        let system = JournalError.system(SystemError(code: 13, path: "/s/lock"))
        #expect(Self.korean(system.message) == "/s/lock: 권한이 없습니다")
        #expect(system.message == "/s/lock: permission denied")
    }

    @Test func aStateFileThatCannotBeMigratedInKorean() {
        let unreadable = StateMigration.Failure.unreadable(path: "state.json", reason: Self.korean(SystemError(code: 2).reason))
        #expect(Self.korean(unreadable.message) == "상태 파일 'state.json'을 읽을 수 없습니다: 그런 파일이 없습니다")
        let corrupt = StateMigration.Failure.corrupt(path: "state.json", problem: .missing("stock"))
        #expect(Self.korean(corrupt.message) == "상태 파일 'state.json'을 쓸 수 없습니다: 'stock' 항목이 없습니다; 그대로 두었습니다 — 고치거나 다른 곳으로 옮기세요")
        #expect(corrupt.message == "the state file 'state.json' cannot be used: it has no 'stock'; it was left as it is — fix it or move it away")
    }
}
