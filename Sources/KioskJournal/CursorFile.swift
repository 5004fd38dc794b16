import KioskCore
import KioskRecords
import KioskSystem
import KioskText

/// How far one sink has delivered: a small file in `cursors/`, locked by the one process
/// that delivers for the sink.
///
/// ```
/// 0    256 bytes  the sink's name, UTF-8, zero-padded
/// 256  slot A     32 bytes
/// 288  slot B     32 bytes
/// 320  seen       16 bytes (absent in files from before it)
/// slot = counter:u64 LE  position:u64 LE  sequence:u64 LE  crc32c(first 24 bytes):u32 LE  0:u32
/// seen = time:i64 LE (ms since 1970, the kiosk's clock)  crc32c(first 8 bytes):u32 LE  0:u32
/// ```
///
/// Each write goes to the slot the last one did not use, so a write cut short by a crash
/// leaves the other slot whole: the cursor read is the valid slot with the higher counter.
/// Writes are not synced — a cursor that lags after a power loss only re-delivers.
///
/// A cursor stays while its sink is away — a run whose menu or command line leaves the
/// sink out is no decision to forget it — and keeps the segments it still needs from
/// compaction. `seen` is when a process last took the sink's delivery: a cursor no
/// process holds and that was not seen for `retention` on the kiosk's clock is forgotten
/// by the next compaction (`kiosk state forget` forgets one at once).
public final class CursorFile: @unchecked Sendable {
    /// How far the sink has delivered.
    public struct Mark: Sendable, Equatable {
        /// The position of the first record not yet delivered.
        public var position: UInt64
        /// The `seq` of the last event delivered (0: none).
        public var sequence: UInt64

        public init(position: UInt64, sequence: UInt64) {
            self.position = position
            self.sequence = sequence
        }
    }

    static let nameSize = 256
    static let slotSize = 32
    static let fileSize = nameSize + 2 * slotSize
    static let seenSize = 16

    /// How long a cursor no process holds is kept after its sink was last seen, on the
    /// kiosk's clock: a week, as Kafka keeps a consumer group's offsets.
    public static let retentionMilliseconds: Int64 = 7 * 24 * 60 * 60 * 1000

    public let sink: String
    public let path: String
    private let file: SystemFile
    private var counter: UInt64 = 0

    private init(sink: String, path: String, file: SystemFile) {
        self.sink = sink
        self.path = path
        self.file = file
    }

    /// The file name of a sink's cursor: readable, and unique by a hash of the whole name.
    public static func fileName(for sink: String) -> String {
        let slug = NameKey.slug(sink).utf8.prefix(48)
        return String(decoding: slug, as: UTF8.self) + "-" + Hex.fingerprint(of: sink) + ".cursor"
    }

    /// Opens (creating) the cursor of `sink` without locking it.
    public static func open(sink: String, in directory: StateDirectory) throws(JournalError) -> CursorFile {
        do {
            try FileSystem.createDirectory(directory.cursorsPath)
            let path = directory.cursorsPath + "/" + fileName(for: sink)
            let file = try SystemFile.open(path, .readWriteCreate(permissions: 0o600))
            let cursor = CursorFile(sink: sink, path: path, file: file)
            if try file.size < UInt64(fileSize) {
                var header = Array(sink.utf8.prefix(nameSize))
                header += [UInt8](repeating: 0, count: fileSize - header.count)
                try file.write(header, at: 0)
            }
            return cursor
        } catch {
            throw .system(error)
        }
    }

    /// Takes the sink's delivery for this process; `false` when another process has it.
    public func tryLock() -> Bool {
        (try? file.tryLock(.exclusive)) ?? false
    }

    /// Lets another process deliver for the sink.
    public func unlock() {
        file.unlock()
    }

    /// The mark, or `nil` when none was ever written.
    public func read() throws(JournalError) -> Mark? {
        let bytes: [UInt8]
        do {
            bytes = try file.read(count: CursorFile.fileSize, at: 0)
        } catch {
            throw .system(error)
        }
        guard let (counter, mark) = CursorFile.newestSlot(in: bytes) else { return nil }
        self.counter = counter
        return mark
    }

    /// Writes the mark into the slot the last write did not use.
    public func write(_ mark: Mark) throws(JournalError) {
        counter += 1
        var slot: [UInt8] = []
        slot.reserveCapacity(CursorFile.slotSize)
        for word in [counter, mark.position, mark.sequence] {
            withUnsafeBytes(of: word.littleEndian) { slot.append(contentsOf: $0) }
        }
        withUnsafeBytes(of: Checksum.crc32c(slot).littleEndian) { slot.append(contentsOf: $0) }
        slot += [0, 0, 0, 0]
        let offset = UInt64(CursorFile.nameSize + Int(counter % 2) * CursorFile.slotSize)
        do {
            try file.write(slot, at: offset)
        } catch {
            throw .system(error)
        }
    }

    /// Records that a process took the sink's delivery at `time`.
    public func markSeen(at time: Timestamp) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(CursorFile.seenSize)
        withUnsafeBytes(of: time.millisecondsSince1970.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: Checksum.crc32c(bytes).littleEndian) { bytes.append(contentsOf: $0) }
        bytes += [0, 0, 0, 0]
        try? file.write(bytes, at: UInt64(CursorFile.fileSize))
    }

    /// When the sink was last seen: the `seen` field, or else the file's last change.
    static func seen(in bytes: [UInt8], modified: Int64) -> Timestamp {
        let fallback = Timestamp(millisecondsSince1970: modified / 1_000_000)
        guard bytes.count >= fileSize + seenSize else { return fallback }
        let field = Array(bytes[fileSize..<fileSize + seenSize])
        let (time, crc) = field.withUnsafeBytes { raw in
            (Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: Int64.self)), UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
        }
        guard Checksum.crc32c(field[0..<8]) == crc else { return fallback }
        return Timestamp(millisecondsSince1970: time)
    }

    /// The valid slot with the higher counter.
    static func newestSlot(in bytes: [UInt8]) -> (UInt64, Mark)? {
        guard bytes.count >= fileSize else { return nil }
        var best: (UInt64, Mark)?
        for index in 0..<2 {
            let start = nameSize + index * slotSize
            let slot = Array(bytes[start..<start + slotSize])
            let words = slot.withUnsafeBytes { raw in (0..<3).map { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) } }
            let crc = slot.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 24, as: UInt32.self)) }
            guard words[0] > 0, Checksum.crc32c(slot[0..<24]) == crc else { continue }
            if best.map({ words[0] > $0.0 }) ?? true { best = (words[0], Mark(position: words[1], sequence: words[2])) }
        }
        return best
    }

    /// One cursor file, as `all` reads it.
    public struct Entry: Sendable, Equatable {
        public let sink: String
        public let file: String
        /// Where the sink has delivered up to; `nil` when nothing was written yet.
        public let mark: Mark?
        /// When a process last took the sink's delivery.
        public let seen: Timestamp

        /// When a compaction forgets the cursor if no process takes it before.
        public var expires: Timestamp { seen.adding(milliseconds: CursorFile.retentionMilliseconds) }
    }

    /// Every cursor file of the directory with its sink name, mark and when it was seen.
    public static func all(in directory: StateDirectory) -> [Entry] {
        guard let names = try? FileSystem.contents(of: directory.cursorsPath) else { return [] }
        return names.filter { $0.hasSuffix(".cursor") }.sorted().compactMap { name in
            let path = directory.cursorsPath + "/" + name
            guard let bytes = try? FileSystem.read(path, limit: 4096) else { return nil }
            let modified = (try? FileSystem.status(of: path).modified) ?? 0
            let sink = String(decoding: bytes.prefix(nameSize).prefix { $0 != 0 }, as: UTF8.self)
            return Entry(sink: sink, file: path, mark: newestSlot(in: bytes)?.1, seen: seen(in: bytes, modified: modified))
        }
    }

    /// The lowest position any cursor still needs, after forgetting those past their
    /// retention at `now` that no process holds. Returns the names forgotten too.
    static func minimumPosition(in directory: StateDirectory, now: Timestamp?) -> (position: UInt64?, forgotten: [String]) {
        var minimum: UInt64?
        var forgotten: [String] = []
        for entry in all(in: directory) {
            if let now, entry.expires < now, remove(entry.file) {
                forgotten.append(entry.sink)
                continue
            }
            guard let position = entry.mark?.position else { continue }
            minimum = min(minimum ?? position, position)
        }
        return (minimum, forgotten)
    }

    /// Removes a cursor file if no process holds it.
    public static func remove(_ path: String) -> Bool {
        guard let file = try? SystemFile.open(path, .readWrite), (try? file.tryLock(.exclusive)) == true else { return false }
        return (try? FileSystem.removeFile(path)) != nil
    }

    /// Whether a process holds the cursor (delivers for its sink) now.
    public static func isHeld(_ path: String) -> Bool {
        guard let file = try? SystemFile.open(path, .readOnly) else { return false }
        guard (try? file.tryLock(.shared)) == true else { return true }
        file.unlock()
        return false
    }
}
