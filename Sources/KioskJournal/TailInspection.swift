import KioskRecords
import KioskSystem
import KioskText

/// Decides what bad bytes in a journal are: the end of a commit cut short by a crash or a
/// full disk — which is cut back — or damage to records that had been made durable —
/// which stops everything.
///
/// A crash leaves a commit's prefix: the bytes after the cut keep their old content, which
/// in a preallocated segment is zeros, and the cut falls on a sector (512-byte) boundary.
/// So a bad record is a cut tail when nothing good follows it from a later commit and the
/// record itself runs into zeros or past the end of the file. Anything else — a record of
/// full length with a wrong checksum, or good records of a later commit after it — is
/// corruption.
enum TailInspection {
    enum Verdict: Equatable {
        /// Cut back: `bytes` non-zero bytes from the bad position on are dropped.
        case torn(bytes: UInt64)
        case corrupt(problem: String)
    }

    static let sector = 512

    /// Classifies the bad bytes at `position` of the segment at `base`.
    static func inspect(segment: SystemFile, base: UInt64, position: UInt64, isLastSegment: Bool, problem: String) throws(JournalError) -> Verdict {
        guard isLastSegment else { return .corrupt(problem: tr("{problem}, in a segment that later ones follow", ["problem": problem])) }
        let start = position - base
        let size: UInt64
        let bytes: [UInt8]
        do {
            size = try segment.size
            bytes = try segment.read(count: Int(size - min(start, size)), at: start)
        } catch {
            throw .system(error)
        }
        let lastNonZero = bytes.lastIndex { $0 != 0 } ?? -1
        if laterCommitFollows(bytes, from: position, upTo: lastNonZero + 1) {
            return .corrupt(problem: tr("{problem}, and good records of a later commit follow it", ["problem": problem]))
        }
        guard isCut(bytes, atFileOffset: start) else { return .corrupt(problem: problem) }
        return .torn(bytes: UInt64(lastNonZero + 1))
    }

    /// Whether a good record whose commit started after `position` lies in `bytes` (which
    /// start at `position`).
    private static func laterCommitFollows(_ bytes: [UInt8], from position: UInt64, upTo end: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 1
            while offset + RecordFrame.headerSize <= end {
                defer { offset += 1 }
                let groupStart = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                // Cheap tests first: a later commit starts after the damage and at or before this record.
                guard groupStart > position, groupStart <= position + UInt64(offset) else { continue }
                if case .record = RecordFrame.parse(UnsafeRawBufferPointer(rebasing: raw[offset..<end])) { return true }
            }
            return false
        }
    }

    /// Whether the record at the start of `bytes`, at `offset` in its segment's file, was
    /// cut short: its header zero, its length past the end of the file, or its bytes zero
    /// from a sector boundary on. Sectors are the file's: a segment after the first starts
    /// at any journal position, so the position says nothing about them.
    private static func isCut(_ bytes: [UInt8], atFileOffset offset: UInt64) -> Bool {
        guard bytes.count >= RecordFrame.headerSize else { return true }
        if bytes[0..<RecordFrame.headerSize].allSatisfy({ $0 == 0 }) { return true }
        let length = Int(UInt32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }))
        let frameEnd = RecordFrame.headerSize + length
        guard length <= RecordFrame.maximumBodySize else { return false }
        if frameEnd > bytes.count { return true }
        // The first sector boundary after the record's start.
        let firstBoundary = Int((UInt64(sector) - offset % UInt64(sector)) % UInt64(sector))
        var boundary = firstBoundary == 0 ? sector : firstBoundary
        while boundary < frameEnd {
            if bytes[boundary..<frameEnd].allSatisfy({ $0 == 0 }) { return true }
            boundary += sector
        }
        return false
    }
}
