import Foundation
import KioskCore
@testable import KioskJournal
import KioskTestSupport
@testable import KioskRecords
import Testing

/// A process that sat idle while others wrote on and a compaction removed the segments it
/// held: it finds out before it decides, starts again from the newest snapshot, and writes
/// into the live journal — never into a segment it makes again under a removed name.
@Suite struct LaggingWriterTests {
    static let options = Journal.Options(durability: .written, segmentLimit: 4096, allocationChunk: 4096, snapshotInterval: 1 << 30)

    /// Every segment name the directory held at each look.
    final class SegmentNames {
        let directory: StateDirectory
        private(set) var seen: Set<UInt64> = []
        private(set) var removed: Set<UInt64> = []

        init(_ directory: StateDirectory) {
            self.directory = directory
        }

        /// Looks again: a name seen before and missing now was removed; one removed before
        /// and present now was made twice.
        func look() throws {
            let now = Set(try directory.list().segments)
            removed.formUnion(seen.subtracting(now))
            #expect(removed.isDisjoint(with: now), "segments made again after their removal: \(removed.intersection(now).sorted())")
            seen.formUnion(now)
        }
    }

    /// `rounds` compactions, each after another writer filled several segments, while the
    /// laggard waits; then the laggard orders.
    @Test(arguments: [1, 3])
    func aWriterBehindCompactionsStartsAgainFromTheSnapshotAndWritesIntoTheLiveJournal(rounds: Int) throws {
        let scratch = try ScratchDirectory()
        let (_, samples) = try Sample.records()
        var numbering = Numbering()
        let records = numbering(samples)
        let names = SegmentNames(scratch.state)
        let laggard = try Journal.open(scratch.state, options: LaggingWriterTests.options).journal
        _ = try laggard.begin()
        laggard.append(records[0])
        try laggard.commit()
        let other = try Journal.open(scratch.state, options: LaggingWriterTests.options).journal
        var compactedAt: UInt64 = 0
        for _ in 0..<rounds {
            for index in 0..<120 {
                _ = try other.begin()
                other.append(numbering(samples[1 + index % (samples.count - 1)]))
                try other.commit()
            }
            try names.look()
            _ = try JournalInspector.compact(scratch.state, menu: try Sample.menu(), format: .domain)
            compactedAt = other.endPosition
            try names.look()
        }
        #expect(!names.removed.isEmpty, "the compactions removed the laggard's segments")

        guard case .reload(let snapshot, let after) = try laggard.begin() else {
            laggard.rollback()
            Issue.record("the laggard did not start again from the snapshot")
            return
        }
        #expect(snapshot.position == compactedAt)
        #expect(after.isEmpty)
        let last = numbering(samples[2])
        laggard.append(last)
        let end = try laggard.commit()
        try names.look()

        let reopened = try Journal.open(scratch.state, options: LaggingWriterTests.options)
        #expect(reopened.snapshot?.position == compactedAt)
        #expect(reopened.records == [last], "the laggard's record is in the live journal, after the snapshot")
        #expect(reopened.journal.endPosition == end)
        _ = try JournalInspector.verify(scratch.state, format: .domain)
    }

    /// The segment a compaction keeps first is never older than one it removes: a reader
    /// whose segment is still there reaches the end from it.
    @Test func compactionRemovesOnlyTheOldestSegments() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let writer = try Journal.open(scratch.state, options: LaggingWriterTests.options).journal
        for index in 0..<200 {
            _ = try writer.begin()
            writer.append(records[index % records.count])
            try writer.commit()
        }
        let before = try scratch.state.list().segments
        #expect(before.count > 4)
        _ = try JournalInspector.compact(scratch.state, menu: try Sample.menu(), format: .domain)
        let after = try scratch.state.list().segments
        #expect(after == [before.last].compactMap { $0 }, "every segment before the snapshot's went, the first among them too")
    }

    /// A journal whose records stop short of the next segment: a segment made under a
    /// removed name (as a lagging process of an older kiosk did) is found by `verify` and
    /// stops a start — nothing is written after it.
    @Test func anOrphanSegmentIsFoundAndStopsTheStart() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        var numbering = Numbering()
        let writer = try Journal.open(scratch.state, options: LaggingWriterTests.options).journal
        for index in 0..<200 {
            _ = try writer.begin()
            writer.append(numbering(records[index % records.count]))
            try writer.commit()
        }
        let before = try scratch.state.list().segments
        _ = try JournalInspector.compact(scratch.state, menu: try Sample.menu(), format: .domain)
        let removed = try #require(Set(before).subtracting(try scratch.state.list().segments).max())
        var frame = ByteWriter()
        RecordFrame.append(groupStart: removed, to: &frame) { RecordCodec.encode(numbering(records[3]), into: &$0) }
        let orphan = scratch.state.segmentPath(base: removed)
        #expect(FileManager.default.createFile(atPath: orphan, contents: frame.withUnsafeBytes { Data($0) }))

        #expect {
            _ = try JournalInspector.verify(scratch.state, format: .domain)
        } throws: { error in
            guard case .corrupt(let file, _, let problem) = error as? JournalError else { return false }
            return file == orphan && problem.contains("the next segment starts at byte")
        }
        // A start reads from the snapshot on, in the live chain: the orphan is no part of it.
        let opened = try Journal.open(scratch.state, options: LaggingWriterTests.options)
        #expect(opened.records.isEmpty)
    }

    /// Two records with one `seq`: two writers wrote the same part of the journal.
    @Test func aSeqWrittenTwiceIsFound() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let writer = try Journal.open(scratch.state, options: LaggingWriterTests.options).journal
        for record in records + [records[1]] {
            _ = try writer.begin()
            writer.append(record)
            try writer.commit()
        }
        #expect {
            _ = try JournalInspector.verify(scratch.state, format: .domain)
        } throws: { error in
            guard case .corrupt(_, _, let problem) = error as? JournalError else { return false }
            return problem.contains("after seq")
        }
    }

    /// The fold of the records before a snapshot is the snapshot: one that sits inside a
    /// record, or past the end of the records, belongs to another chain.
    @Test func aSnapshotPastTheRecordsIsFound() throws {
        let scratch = try ScratchDirectory()
        let (_, records) = try Sample.records()
        let writer = try Journal.open(scratch.state, options: LaggingWriterTests.options).journal
        for record in records {
            _ = try writer.begin()
            writer.append(record)
            try writer.commit()
        }
        _ = try JournalInspector.compact(scratch.state, menu: try Sample.menu(), format: .domain)
        let position = try #require(try scratch.state.list().snapshots.last)
        var beyond = try Snapshots.load(scratch.state.snapshotPath(position: position), format: .domain)
        beyond.position += 1000
        try Snapshots.write(beyond, format: .domain, in: scratch.state)
        #expect {
            _ = try JournalInspector.verify(scratch.state, format: .domain)
        } throws: { error in
            guard case .corrupt(let file, _, let problem) = error as? JournalError else { return false }
            return file == scratch.state.snapshotPath(position: beyond.position) && problem.contains("before this snapshot's position")
        }
    }
}
