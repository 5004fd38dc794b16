import Foundation
import KioskCore
@testable import KioskJournal
import KioskTestSupport
import Testing

/// Cursors of sinks that are away: kept, with the segments they need, until forgotten by
/// name or after a week unseen on the kiosk's clock.
@Suite struct CursorRetentionTests {
    static let options = Journal.Options(durability: .written, segmentLimit: 4096, allocationChunk: 4096, snapshotInterval: 1 << 30)
    static let monday = Timestamp(millisecondsSince1970: 1_795_262_400_000)
    static let week = CursorFile.retentionMilliseconds

    /// A journal of a few segments, and the cursor of a sink that delivered only the first record.
    static func journalWithAnAwaySink(_ scratch: ScratchDirectory, seen: Timestamp) throws -> (journal: Journal, cursor: CursorFile, events: Int) {
        let (_, samples) = try Sample.records()
        var numbering = Numbering()
        let journal = try Journal.open(scratch.state, options: options).journal
        _ = try journal.begin()
        journal.append(numbering(samples[0]))
        let first = try journal.commit()
        let cursor = try CursorFile.open(sink: "log a.jsonl", in: scratch.state)
        try cursor.write(CursorFile.Mark(position: first, sequence: 0))
        cursor.markSeen(at: seen)
        for index in 0..<150 {
            _ = try journal.begin()
            journal.append(numbering(samples[1 + index % (samples.count - 1)]))
            try journal.commit()
        }
        return (journal, cursor, Int(numbering.last))
    }

    @Test func anAwaySinksCursorKeepsItsSegmentsUntilItsWeekIsOver() throws {
        let scratch = try ScratchDirectory()
        let (journal, _, _) = try CursorRetentionTests.journalWithAnAwaySink(scratch, seen: CursorRetentionTests.monday)
        let segments = try scratch.state.list().segments
        let snapshot = JournalSnapshot(position: journal.endPosition, kiosk: Kiosk(menu: try Sample.menu(), ids: UUIDv7Generator(seed: 1)).snapshot)
        try journal.writeSnapshot(snapshot, now: CursorRetentionTests.monday.adding(milliseconds: CursorRetentionTests.week - 1))
        #expect(try scratch.state.list().segments == segments, "six days and some: the cursor keeps every segment after it")
        #expect(CursorFile.all(in: scratch.state).map(\.sink) == ["log a.jsonl"])
        try journal.writeSnapshot(snapshot, now: CursorRetentionTests.monday.adding(milliseconds: CursorRetentionTests.week + 1))
        #expect(CursorFile.all(in: scratch.state).isEmpty, "a week and a moment: forgotten")
        #expect(try scratch.state.list().segments == [segments.last].compactMap { $0 })
    }

    /// A process delivers for the sink: however old its `seen`, the cursor is not forgotten.
    @Test func aHeldCursorIsNeverForgotten() throws {
        let scratch = try ScratchDirectory()
        let (journal, cursor, _) = try CursorRetentionTests.journalWithAnAwaySink(scratch, seen: CursorRetentionTests.monday)
        #expect(cursor.tryLock())
        let snapshot = JournalSnapshot(position: journal.endPosition, kiosk: Kiosk(menu: try Sample.menu(), ids: UUIDv7Generator(seed: 1)).snapshot)
        try journal.writeSnapshot(snapshot, now: CursorRetentionTests.monday.adding(milliseconds: 10 * CursorRetentionTests.week))
        #expect(CursorFile.all(in: scratch.state).map(\.sink) == ["log a.jsonl"])
        #expect(throws: JournalError.sinkInUse(path: scratch.state.path, sink: "log a.jsonl")) {
            _ = try JournalInspector.forget(scratch.state, sink: "log a.jsonl", format: .domain)
        }
        cursor.unlock()
    }

    @Test func forgettingNamesTheClosestSinkWhenTheNameIsWrong() throws {
        let scratch = try ScratchDirectory()
        let events = try CursorRetentionTests.journalWithAnAwaySink(scratch, seen: CursorRetentionTests.monday).events
        #expect(throws: JournalError.unknownSink(path: scratch.state.path, sink: "log b.jsonl", suggestion: "log a.jsonl")) {
            _ = try JournalInspector.forget(scratch.state, sink: "log b.jsonl", format: .domain)
        }
        let forgotten = try JournalInspector.forget(scratch.state, sink: "log a.jsonl", format: .domain)
        #expect(forgotten.behind == events)
        #expect(CursorFile.all(in: scratch.state).isEmpty)
    }

    /// A cursor file from before `seen` was kept: last seen when it last changed.
    @Test func aCursorWithoutSeenWasSeenWhenItLastChanged() throws {
        let scratch = try ScratchDirectory()
        let cursor = try CursorFile.open(sink: "old", in: scratch.state)
        try cursor.write(CursorFile.Mark(position: 0, sequence: 0))
        let entry = try #require(CursorFile.all(in: scratch.state).first)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(abs(entry.seen.millisecondsSince1970 - now) < 60_000)
        cursor.markSeen(at: CursorRetentionTests.monday)
        #expect(CursorFile.all(in: scratch.state).first?.seen == CursorRetentionTests.monday)
    }
}
