import KioskRecords
import KioskSystem
import KioskText

/// Reads journal records in order from a position, across segments.
///
/// A reader never trusts zeros it read before: at the end of what is written it reads the
/// file again, so records appended since — by this process or another — are found.
final class JournalScanner {
    /// Where a good record is.
    struct Location: Sendable, Equatable {
        let position: UInt64
        let frameSize: Int
        let groupStart: UInt64
        var end: UInt64 { position + UInt64(frameSize) }
    }

    enum Step: Equatable {
        case record(Location)
        /// Nothing more is written (yet).
        case end
        /// Bytes at `position` that are not a record.
        case damaged(position: UInt64, problem: String)
        /// The records of a segment end at `position`, but the next segment starts at
        /// `nextSegment`: the segments do not follow on (one of them is no part of the
        /// journal's chain).
        case gap(position: UInt64, nextSegment: UInt64)
    }

    let directory: StateDirectory
    private(set) var position: UInt64
    private var segments: [UInt64]
    private var file: SystemFile?
    private var base: UInt64 = 0
    private var buffer: [UInt8] = []
    /// The position of `buffer[0]`.
    private var bufferStart: UInt64 = 0
    private let chunk: Int
    /// Whether the file was told that reads here are not sequential (`adviseRandomReadsAtEnd`).
    private var readsAtEnd = false

    /// A scanner that starts at `position`, which must be the start of a record (or the end).
    init(directory: StateDirectory, segments: [UInt64], from position: UInt64, chunk: Int = 256 << 10) {
        self.directory = directory
        self.segments = segments
        self.position = position
        self.chunk = chunk
    }

    /// The segment the scanner reads, and its base.
    var currentSegment: (path: String, base: UInt64)? {
        file.map { ($0.path, base) }
    }

    /// The next record, the end, or damage. After `.record`, `body` holds its bytes until
    /// the next call.
    func next() throws(JournalError) -> Step {
        if file == nil {
            guard try openSegment(containing: position) else { return .end }
        }
        var rereadAtEnd = true
        var rereadDamage = true
        while true {
            let offset = Int(position - bufferStart)
            let parsed = buffer.withUnsafeBytes { raw in
                RecordFrame.parse(UnsafeRawBufferPointer(rebasing: raw[min(offset, raw.count)...]))
            }
            switch parsed {
            case .record(_, let groupStart, let frameSize):
                let location = Location(position: position, frameSize: frameSize, groupStart: groupStart)
                current = location
                return .record(location)
            case .damaged(let problem):
                // A reader that follows without the lock (a sink) may have read the bytes
                // here while another process was writing them: judge damage only on bytes
                // read now, or a record caught half written stops the reader for good.
                if rereadDamage {
                    rereadDamage = false
                    try reread(atLeast: RecordFrame.headerSize)
                    continue
                }
                return .damaged(position: position, problem: problem)
            case .incomplete(let needed):
                // What the buffer holds from here on may end in zeros read before another
                // process wrote a record there: read it all again from here.
                try reread(atLeast: needed)
                if buffer.count >= needed { continue }
                // The file ends inside a header or a record: zeros are the end, else it was cut short.
                if buffer.allSatisfy({ $0 == 0 }) {
                    if let step = try stepPastSegment(rereadingAtEnd: &rereadAtEnd) { return step }
                    continue
                }
                return .damaged(position: position, problem: tr("a record cut short by the end of the file"))
            case .end:
                if rereadAtEnd {
                    rereadAtEnd = false
                    adviseRandomReadsAtEnd()
                    // Only to the end of the page: here the answer is usually zeros (space
                    // allocated ahead), and a record found brings a chunk with the next read.
                    let page = JournalScanner.pageSize - Int((position - base) % UInt64(JournalScanner.pageSize))
                    try reread(atLeast: RecordFrame.headerSize, size: min(page, chunk))
                    continue
                }
                if let step = try stepPastSegment(rereadingAtEnd: &rereadAtEnd) { return step }
            }
        }
    }

    /// Past the end of a segment: `nil` when the next one is open to be read (its end read
    /// again when reached), else the journal's end or the gap before the next segment.
    private func stepPastSegment(rereadingAtEnd rereadAtEnd: inout Bool) throws(JournalError) -> Step? {
        switch try moveToNextSegment() {
        case .moved:
            rereadAtEnd = true
            return nil
        case .none: return .end
        case .gap(let next): return .gap(position: position, nextSegment: next)
        }
    }

    private var current: Location?

    /// Moves to `position`, the start of a record or the end: after this process appended,
    /// perhaps into a segment it has just started at `segment`.
    func seek(to position: UInt64, segment: UInt64? = nil) {
        current = nil
        self.position = position
        if let segment {
            if !segments.contains(segment) {
                segments.append(segment)
                segments.sort()
            }
            if file != nil, segment != base {
                // Reading on in the old file would find its end, not what others append
                // after this process in the new segment.
                file = nil
                buffer.removeAll(keepingCapacity: true)
                bufferStart = position
                return
            }
        }
        if position < bufferStart || position > bufferStart + UInt64(buffer.count) {
            buffer.removeAll(keepingCapacity: true)
            bufferStart = position
        }
    }

    /// Whether the segment being read was removed (by a compaction in any process) since
    /// it was opened. Its open descriptor still reads the records it held, but its end is
    /// not the journal's: the records after it went into segments that may be gone too, and
    /// a snapshot holds their fold.
    func readsRemovedSegment() throws(JournalError) -> Bool {
        guard let file else { return false }
        do {
            return try file.status().links == 0
        } catch {
            throw .system(error)
        }
    }

    /// Whether a segment holding `position` still exists (compaction removes old ones).
    func hasSegment(for position: UInt64) throws(JournalError) -> Bool {
        if file != nil, base <= position { return true }
        segments = try directory.list().segments
        return segments.isEmpty || segments.contains { $0 <= position }
    }

    /// The body of the record `next` returned last.
    func withBody<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let current else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let start = Int(current.position - bufferStart) + RecordFrame.headerSize
        let end = Int(current.position - bufferStart) + current.frameSize
        return try buffer.withUnsafeBytes { raw in try body(UnsafeRawBufferPointer(rebasing: raw[start..<end])) }
    }

    /// Steps past the record `next` returned last.
    func advance() {
        guard let current else { return }
        position = current.end
        self.current = nil
    }

    // MARK: Segments and buffering

    private func openSegment(containing position: UInt64) throws(JournalError) -> Bool {
        if segments.last.map({ $0 > position }) ?? true || !segments.contains(where: { $0 <= position }) {
            segments = try directory.list().segments
        }
        guard let segmentBase = segments.last(where: { $0 <= position }) else { return false }
        guard try read(segment: segmentBase) else {
            // Removed by compaction since the listing: read the listing again next time.
            segments = []
            return false
        }
        return true
    }

    /// Reads on in the segment starting at `segmentBase`; `false` when there is none.
    private func read(segment segmentBase: UInt64) throws(JournalError) -> Bool {
        do {
            file = try SystemFile.open(directory.segmentPath(base: segmentBase), .readOnly)
        } catch {
            if error.isNotFound { return false }
            throw .system(error)
        }
        base = segmentBase
        readsAtEnd = false
        buffer = []
        bufferStart = position
        return true
    }

    /// What follows the end of a segment's records.
    private enum NextSegment {
        /// The scanner reads on in the segment that starts here.
        case moved
        /// No segment starts here (yet): the end of what is written.
        case none
        /// The next segment the scanner knows starts elsewhere.
        case gap(UInt64)
    }

    /// At the end of a segment's records: the next segment, if one starts exactly here.
    ///
    /// A segment that follows can only start where this one's records end, so when none is
    /// known the scanner tries to open that one file: a catch-up that finds nothing new
    /// (every command of a conversation) costs one failed `open`, not a directory listing.
    /// The segment read so far stays open until the next one is: whether it was removed
    /// (`readsRemovedSegment`) is what tells the end of the journal from the end of a
    /// segment a compaction took away.
    private func moveToNextSegment() throws(JournalError) -> NextSegment {
        // A segment with no record yet — a crash between making it and writing its first
        // commit — ends where it starts: the file named by this position is this one.
        guard position > base else { return .none }
        if let next = segments.first(where: { $0 > base }), next != position { return .gap(next) }
        guard try read(segment: position) else { return .none }
        if !segments.contains(position) {
            segments.append(position)
            segments.sort()
        }
        return .moved
    }

    /// Once a scanner has reached the end of what is written, it reads mostly there: the
    /// page after the last record, at every catch-up, every commit. To the kernel that looks
    /// like a sequential reader, and it reads ahead a window that grows with each read —
    /// filling its cache with the zeros allocated ahead. Told the reads are random, it reads
    /// what is asked for, and a batch behind a slow webhook keeps closer to one without
    /// sinks. The hint lasts for the file: a sink's reader that falls behind
    /// later reads its chunks as it asks for them, which the cache usually holds already (the
    /// records were written moments before).
    private func adviseRandomReadsAtEnd() {
        guard !readsAtEnd, let file else { return }
        file.adviseRandomReads()
        readsAtEnd = true
    }

    /// Forgets what the buffer holds and reads from the position again: at least `needed`
    /// bytes, otherwise `size` (a chunk), fewer at the end of the file. Bytes read at
    /// different times are never joined: zeros read earlier may since have become a record.
    private func reread(atLeast needed: Int, size: Int? = nil) throws(JournalError) {
        buffer.removeAll(keepingCapacity: true)
        bufferStart = position
        guard let file else { return }
        let want = max(needed, size ?? chunk)
        buffer.append(contentsOf: repeatElement(0, count: want))
        let read: Int
        do {
            read = try file.read(into: &buffer, at: position - base)
        } catch {
            buffer.removeAll(keepingCapacity: true)
            throw .system(error)
        }
        buffer.removeLast(want - read)
    }

    private static let pageSize = 4096
}
