import Foundation
import KioskCore
@testable import KioskJournal
import KioskTestSupport
@testable import KioskRecords
import Testing

/// Faults of a journal shared by several writers: a writer whose view of the segment is
/// old, tails torn in segments after the first, writes that fail partway.
@Suite struct JournalFaultTests {
    /// Sizes around the first allocation boundary and across segment rolls: a segment much
    /// smaller than an allocation chunk, one the size of a chunk, and one many chunks long.
    static let layouts: [(segmentLimit: UInt64, allocationChunk: Int)] = [
        (4096, 4096), (8192, 4096), (1 << 16, 4096), (1 << 16, 1 << 16), (64 << 20, 4096),
    ]

    /// A writer that opened the segment early (`early`), one that grows it past what the
    /// first saw (`grower`, across allocation chunks and segments), and one that follows
    /// from the start and writes last (`follower`): every record each committed is read
    /// back by the others and from a fresh open, and none is zeroed by a writer that
    /// allocated from its old idea of the segment's end.
    @Test(arguments: JournalFaultTests.layouts)
    func aWriterWithAnOldViewOfTheSegmentErasesNothingOthersCommitted(layout: (segmentLimit: UInt64, allocationChunk: Int)) throws {
        let scratch = try ScratchDirectory()
        let options = Journal.Options(durability: .synchronized, segmentLimit: layout.segmentLimit, allocationChunk: layout.allocationChunk, snapshotInterval: 1 << 40)
        let (_, samples) = try Sample.records()
        let early = try Journal.open(scratch.state, options: options).journal
        let follower = try Journal.open(scratch.state, options: options).journal
        let grower = try Journal.open(scratch.state, options: options).journal
        var committed: [JournalRecord] = []
        var numbering = Numbering()
        func commit(_ journal: Journal, _ samples: [JournalRecord]) throws {
            let records = numbering(samples)
            _ = try journal.begin()
            for record in records { journal.append(record) }
            try journal.commit()
            committed += records
        }
        try commit(early, [samples[0]])
        // A dozen allocation chunks of the smallest layout, in groups of every size.
        var turn = 0
        while grower.endPosition < 12 * 4096 {
            turn += 1
            try commit(grower, Array(repeating: samples[1 + turn % (samples.count - 1)], count: 1 + turn % 7))
        }
        try commit(early, [samples[2]])
        guard case .records(let caughtUp) = try follower.begin() else {
            Issue.record("the follower reloaded from a snapshot, but none was written")
            return
        }
        let last = numbering(samples[3])
        follower.append(last)
        try follower.commit()
        committed.append(last)
        #expect(caughtUp == Array(committed.dropLast()), "the follower reads every record from where it opened")
        let reopened = try Journal.open(scratch.state, options: options)
        #expect(reopened.repairs.isEmpty)
        #expect(reopened.records == committed)
        #expect(try JournalInspector.verify(scratch.state, format: .domain).records == committed.count)
    }

    /// A commit of several records torn at a 512-byte boundary of a segment's file: in the
    /// first segment and in later ones, whose sectors do not line up with journal positions.
    @Test(arguments: [1, 2, 3])
    func aTailTornAtASectorBoundaryOfAnySegmentIsCutBack(segment: Int) throws {
        let scratch = try ScratchDirectory()
        let options = Journal.Options(durability: .written, segmentLimit: 4096, allocationChunk: 4096, snapshotInterval: 1 << 40)
        let (_, samples) = try Sample.records()
        let journal = try Journal.open(scratch.state, options: options).journal
        var committed: [JournalRecord] = []
        while try scratch.state.list().segments.count < segment {
            _ = try journal.begin()
            journal.append(samples[1])
            try journal.commit()
            committed.append(samples[1])
        }
        let base = try #require(try scratch.state.list().segments.last)
        if segment > 1 { try #require(base % 512 != 0, "a later segment starts off a sector boundary of the journal") }
        // One commit that crosses the next 512-byte boundary of the file.
        _ = try journal.begin()
        for _ in 0..<12 { journal.append(samples[2]) }
        let groupStart = journal.endPosition
        try journal.commit()
        let frame = UInt64(RecordFrame.headerSize + RecordCodec.encode(samples[2]).count)
        let fileStart = groupStart - base
        let boundary = (fileStart / 512 + 1) * 512
        let path = scratch.state.segmentPath(base: base)
        try zero(path, from: boundary, to: journal.endPosition - base)

        let whole = (boundary - fileStart) / frame
        let cut = fileStart + whole * frame
        let reopened = try Journal.open(scratch.state, options: options)
        #expect(reopened.records == committed + Array(repeating: samples[2], count: Int(whole)))
        #expect(reopened.repairs == [Journal.Repair(file: path, offset: cut, bytes: boundary - cut)])
    }

    /// The same segments with one byte wrong inside a record whose sectors are whole: that
    /// is damage, not a crash, and the start stops.
    @Test(arguments: [1, 2, 3])
    func aWrongByteInsideWholeSectorsOfAnySegmentIsCorruption(segment: Int) throws {
        let scratch = try ScratchDirectory()
        let options = Journal.Options(durability: .written, segmentLimit: 4096, allocationChunk: 4096, snapshotInterval: 1 << 40)
        let (_, samples) = try Sample.records()
        let journal = try Journal.open(scratch.state, options: options).journal
        while try scratch.state.list().segments.count < segment {
            _ = try journal.begin()
            journal.append(samples[1])
            try journal.commit()
        }
        _ = try journal.begin()
        for _ in 0..<3 { journal.append(samples[2]) }
        try journal.commit()
        let base = try #require(try scratch.state.list().segments.last)
        let path = scratch.state.segmentPath(base: base)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        let offset = journal.endPosition - base - 5
        try handle.seek(toOffset: offset)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: [byte ^ 0x01])
        #expect(throws: JournalError.self) { try Journal.open(scratch.state, options: options) }
    }

    private func zero(_ path: String, from start: UInt64, to end: UInt64) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: start)
        try handle.write(contentsOf: Data(count: Int(end - start)))
    }
}
