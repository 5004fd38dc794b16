import Foundation
import KioskCore
@testable import KioskJournal
import KioskTestSupport
@testable import KioskRecords
import Testing

/// The journal on a real file system: commits, catching up across instances (as two
/// processes would), torn tails and corruption, cursors.
@Suite struct JournalTests {
    static let options = Journal.Options(durability: .written, segmentLimit: 8192, allocationChunk: 4096, snapshotInterval: 1 << 30)

    @Test func whatOneWriterCommitsTheOtherCatchesUp() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let first = try Journal.open(scratch.state, options: JournalTests.options).journal
        let second = try Journal.open(scratch.state, options: JournalTests.options).journal
        for record in records {
            _ = try first.begin()
            first.append(record)
            try first.commit()
        }
        guard case .records(let caughtUp) = try second.begin() else { Issue.record("expected records"); return }
        second.rollback()
        #expect(caughtUp == records)
        let reopened = try Journal.open(scratch.state, options: JournalTests.options)
        #expect(reopened.records == records)
    }

    /// Two instances taking turns, as two processes on one state in conversation: each
    /// catch-up finds exactly what the other committed since, wherever the reader's
    /// buffered bytes end (zeros read before a record was written there are never taken
    /// for part of it) and across segment rolls.
    @Test func twoWritersTakingTurnsEachSeeEveryRecordOfTheOther() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let journals = [
            try Journal.open(scratch.state, options: JournalTests.options).journal,
            try Journal.open(scratch.state, options: JournalTests.options).journal,
        ]
        var last: JournalRecord?
        for turn in 0..<600 {
            let journal = journals[turn % 2]
            let caughtUp = try journal.begin()
            if case .records(let found) = caughtUp {
                #expect(found == (last.map { [$0] } ?? []), "turn \(turn)")
            } else {
                Issue.record("turn \(turn): a reload, not records")
            }
            let record = records[turn % records.count]
            journal.append(record)
            try journal.commit()
            last = record
        }
        #expect(try scratch.state.list().segments.count > 3)
        #expect(try Journal.open(scratch.state, options: JournalTests.options).records.count == 600)
    }

    /// A sink's reader follows without the lock: bytes it read while another process was
    /// writing them look damaged, and must be read again rather than stop it for good.
    @Test func aRecordReadHalfWrittenIsReadWholeOnceWritten() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let journal = try Journal.open(scratch.state, options: JournalTests.options).journal
        _ = try journal.begin()
        journal.append(records[0])
        let end = try journal.commit()
        var frame = ByteWriter()
        RecordFrame.append(groupStart: end, to: &frame) { RecordCodec.encode(records[1], into: &$0) }
        let bytes = frame.withUnsafeBytes { Array($0) }
        let segment = try #require(FileHandle(forUpdatingAtPath: scratch.state.segmentPath(base: 0)))
        defer { try? segment.close() }
        try segment.seek(toOffset: end)
        try segment.write(contentsOf: bytes[..<(bytes.count / 2)])

        let reader = journal.scanner(from: end)
        var decoder = RecordDecoder(format: .domain)
        #expect(reader.nextRecord(upTo: .max, decoder: &decoder) == nil, "half a record is not one")
        try segment.write(contentsOf: bytes[(bytes.count / 2)...])
        let whole = reader.nextRecord(upTo: .max, decoder: &decoder)
        #expect(whole?.record == records[1])
        #expect(whole?.position == end)
    }

    @Test func manyCommitsRollSegmentsAndReadBackInOrder() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let journal = try Journal.open(scratch.state, options: JournalTests.options).journal
        for round in 0..<400 {
            _ = try journal.begin()
            journal.append(records[1 + round % (records.count - 1)])
            try journal.commit()
        }
        #expect(try scratch.state.list().segments.count > 3)
        let reopened = try Journal.open(scratch.state, options: JournalTests.options)
        #expect(reopened.records.count == 400)
        #expect(reopened.records[399] == records[1 + 399 % (records.count - 1)])
    }

    @Test func aRolledBackCommitLeavesNothing() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let journal = try Journal.open(scratch.state, options: JournalTests.options).journal
        _ = try journal.begin()
        journal.append(records[0])
        journal.rollback()
        #expect(try Journal.open(scratch.state, options: JournalTests.options).records.isEmpty)
    }

    @Test func aTornTailIsClassifiedAndCutBack() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let journal = try Journal.open(scratch.state, options: JournalTests.options).journal
        _ = try journal.begin()
        journal.append(records[0])
        try journal.commit()
        // One commit of many records, cut by a crash at a sector boundary: the rest is zeros.
        _ = try journal.begin()
        for _ in 0..<20 { journal.append(records[1]) }
        try journal.commit()
        let end = Int(journal.endPosition)
        let segment = scratch.state.segmentPath(base: 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: segment))
        let sector = 1024
        for index in sector..<end { bytes[index] = 0 }
        try bytes.write(to: URL(fileURLWithPath: segment))
        let reopened = try Journal.open(scratch.state, options: JournalTests.options)
        let frame = RecordFrame.headerSize + RecordCodec.encode(records[1]).count
        let firstFrame = RecordFrame.headerSize + RecordCodec.encode(records[0]).count
        let whole = (sector - firstFrame) / frame
        #expect(reopened.records == [records[0]] + Array(repeating: records[1], count: whole))
        #expect(reopened.repairs == [Journal.Repair(file: segment, offset: UInt64(firstFrame + whole * frame), bytes: UInt64(sector - firstFrame - whole * frame))])
    }

    @Test func aFlippedByteOfAFullLengthRecordIsCorruption() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let journal = try Journal.open(scratch.state, options: JournalTests.options).journal
        _ = try journal.begin()
        for record in records.prefix(3) { journal.append(record) }
        try journal.commit()
        let segment = scratch.state.segmentPath(base: 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: segment))
        // The last record of the last commit, whole in length, one byte wrong.
        bytes[Int(journal.endPosition) - 5] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: segment))
        #expect(throws: JournalError.self) { try Journal.open(scratch.state, options: JournalTests.options) }
    }

    @Test func aSnapshotWrittenInTheBackgroundIsThereOnceFinishedAndTheOlderOneGoes() throws {
        let scratch = try ScratchDirectory()
        let (kiosk, records) = try Sample.records()
        let options = Journal.Options(durability: .written, segmentLimit: 8192, allocationChunk: 4096, snapshotInterval: 256)
        let journal = try Journal.open(scratch.state, options: options).journal
        var positions: [UInt64] = []
        for round in 0..<2 {
            #expect(!journal.wantsSnapshot)
            for record in records {
                _ = try journal.begin()
                journal.append(record)
                try journal.commit()
            }
            #expect(journal.wantsSnapshot)
            positions.append(journal.foldPosition)
            journal.writeSnapshotInBackground(JournalSnapshot(position: positions[round], kiosk: kiosk.snapshot), now: nil)
            journal.finishSnapshots()
            #expect(try scratch.state.list().snapshots == [positions[round]])
        }
        let reopened = try Journal.open(scratch.state, options: options)
        #expect(reopened.snapshot?.position == positions[1])
        #expect(reopened.records.isEmpty)
    }

    @Test func aJournalThatIsNeverFlushedAllocatesItsSegmentAChunkAtATime() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let journal = try Journal.open(scratch.state, options: JournalTests.options).journal
        _ = try journal.begin()
        journal.append(records[1])
        try journal.commit()
        let segment = scratch.state.segmentPath(base: 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: segment))
        #expect(bytes.count == 4096)
        #expect(bytes[Int(journal.endPosition)...].allSatisfy { $0 == 0 }, "allocated space reads as zeros")
        #expect(try Journal.open(scratch.state, options: JournalTests.options).records == [records[1]])
    }

    @Test func cursorsSurviveAWriteCutShort() throws {
        let scratch = try ScratchDirectory()
        try scratch.state.prepare()
        let cursor = try CursorFile.open(sink: "webhook http://127.0.0.1/hook", in: scratch.state)
        #expect(try cursor.read() == nil)
        try cursor.write(CursorFile.Mark(position: 100, sequence: 3))
        try cursor.write(CursorFile.Mark(position: 250, sequence: 7))
        #expect(try cursor.read() == CursorFile.Mark(position: 250, sequence: 7))
        // Damage the newer slot: the older one still stands.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cursor.path))
        bytes[CursorFile.nameSize + 8] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: cursor.path))
        let again = try CursorFile.open(sink: "webhook http://127.0.0.1/hook", in: scratch.state)
        #expect(try again.read() == CursorFile.Mark(position: 100, sequence: 3))
        #expect(CursorFile.all(in: scratch.state).map(\.sink) == ["webhook http://127.0.0.1/hook"])
    }
}
