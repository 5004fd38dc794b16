import KioskApplication
import KioskCore
import KioskJournal
import KioskTestSupport
@testable import KioskRecords
@testable import KioskServer
import Testing

/// Requests answered under an `Idempotency-Key`: kept in the record of what the request
/// did, read back by another process on the state and after a restart, forgotten a day
/// later.
@Suite struct AnsweredRequestTests {
    static let time = SessionHarness.fixedTime

    static func answer(_ key: String, at time: Timestamp = AnsweredRequestTests.time, status: Int = 201) -> AnsweredRequest {
        AnsweredRequest(key: key, time: time, request: "POST /api/v1/orders\n{\"lines\":[]}", status: status, body: "{\"ok\":true,\"세트\":\"망고\"}")
    }

    @Test func anAnswerReadsBackFromItsRecordByteForByte() throws {
        let record = JournalRecord(time: AnsweredRequestTests.time, source: "/kiosk/x", entries: [
            .requestAnswered(AnsweredRequestTests.answer("k-1")),
            .requestAnswered(AnsweredRequestTests.answer("k-2", at: Timestamp(millisecondsSince1970: 0), status: 409)),
        ])
        let body = RecordCodec.encode(record)
        var decoder = RecordDecoder(format: .server)
        let decoded = try body.withUnsafeBytes { bytes in try decoder.decode(bytes) }
        #expect(decoded == record)
    }

    @Test func aStatusOutsideHTTPsIsAMalformedRecord() throws {
        let record = JournalRecord(time: AnsweredRequestTests.time, source: "/kiosk/x", entries: [.requestAnswered(AnsweredRequestTests.answer("k", status: 700))])
        let body = RecordCodec.encode(record)
        var decoder = RecordDecoder(format: .server)
        #expect(throws: RecordDecodingError.malformed("an HTTP status out of range")) {
            _ = try body.withUnsafeBytes { bytes in try decoder.decode(bytes) }
        }
    }

    @Test func aSnapshotKeepsTheAnswersAndOneWithoutAnyHasNoSection() throws {
        var answers = AnsweredRequests()
        answers.remember(AnsweredRequestTests.answer("k-1"))
        answers.remember(AnsweredRequestTests.answer("k-2", status: 409))
        let kiosk = Kiosk(menu: Menu.juiceMaker, ids: UUIDv7Generator(seed: 1)).snapshot
        var facts = RecordFormat.server.emptyFolds
        facts[AnsweredRequests.self] = answers
        let with = JournalSnapshot(position: 40, kiosk: kiosk, facts: facts)
        let bytes = SnapshotCodec.encode(with, format: .server)
        let decoded = try bytes.withUnsafeBytes { body in try SnapshotCodec.decode(body, format: .server) }
        #expect(decoded == with)
        #expect(decoded.facts[AnsweredRequests.self].answers.map(\.key) == ["k-1", "k-2"])
        let without = SnapshotCodec.encode(JournalSnapshot(position: 40, kiosk: kiosk), format: .server)
        #expect(bytes.starts(with: without) && bytes[without.count] == 3, "section 3 follows what a snapshot without answers holds")
    }

    @Test func anAnswerIsForgottenADayLater() {
        var answers = AnsweredRequests()
        answers.remember(AnsweredRequestTests.answer("old"))
        let later = Timestamp(millisecondsSince1970: AnsweredRequestTests.time.millisecondsSince1970 + AnsweredRequests.lifetime - 1)
        answers.remember(AnsweredRequestTests.answer("new", at: later))
        #expect(answers.answer(for: "old", at: later)?.key == "old")
        let dayLater = Timestamp(millisecondsSince1970: AnsweredRequestTests.time.millisecondsSince1970 + AnsweredRequests.lifetime)
        #expect(answers.answer(for: "old", at: dayLater) == nil)
        #expect(answers.answer(for: "new", at: dayLater)?.key == "new")
        answers.forget(expiredBy: dayLater)
        #expect(answers.answers.map(\.key) == ["new"])
    }

    /// The answer goes into the order's own record; another process on the state and a
    /// restart both find it; an order that fails to commit leaves no answer behind.
    @Test func anAnswerIsFoundByAnotherProcessAndAfterARestart() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        let first = try SessionHarness(state: state, format: .server)
        let other = try SessionHarness(state: state, format: .server)
        #expect(try first.session.answeredRequest(key: "k-1").get() == nil)
        let order = try #require(try CommandParser.parse("order mango juice", table: first.session.commands))
        let result = first.session.execute(order) { result in
            [.requestAnswered(AnsweredRequest(key: "k-1", time: AnsweredRequestTests.time, request: "POST order", status: 201, body: "made \(result.events.count)"))]
        }
        #expect(result.error == nil)
        #expect(try first.session.answeredRequest(key: "k-1").get()?.body == "made 1", "this process sees its own answer before the commit")
        #expect(first.session.commit() == nil)

        let seen = try other.session.answeredRequest(key: "k-1").get()
        #expect(seen?.status == 201 && seen?.body == "made 1")
        other.session.commit()
        let restarted = try SessionHarness(state: state, format: .server)
        #expect(try restarted.session.answeredRequest(key: "k-1").get()?.request == "POST order")
        #expect(restarted.stock("mango") == 7, "and the order it answered, once")
    }
}
