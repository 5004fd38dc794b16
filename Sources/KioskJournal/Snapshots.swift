import KioskCore
import KioskRecords
import KioskSystem
import KioskText

/// Snapshot files: the fold at a position, so start-up reads only what follows it.
///
/// ```
/// 0   8 bytes  "KIOSKSNP"
/// 8   u32 LE   format version (1)
/// 12  u32 LE   CRC-32C of the body
/// 16  u64 LE   body length
/// 24  body     SnapshotCodec's format
/// ```
///
/// Written to a temporary file, synced, renamed into place and the directory synced: a
/// crash leaves the old snapshot or the new one, never half of one.
enum Snapshots {
    static let magic = Array("KIOSKSNP".utf8)
    static let version: UInt32 = 1
    static let headerSize = 24

    static func encode(_ snapshot: JournalSnapshot, format: RecordFormat) -> [UInt8] {
        let body = SnapshotCodec.encode(snapshot, format: format)
        var bytes = magic
        bytes.reserveCapacity(headerSize + body.count)
        withUnsafeBytes(of: version.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: Checksum.crc32c(body).littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(body.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: body)
        return bytes
    }

    /// Reads and verifies a snapshot file.
    static func load(_ path: String, format: RecordFormat) throws(JournalError) -> JournalSnapshot {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: 1 << 30)
        } catch {
            throw .system(error)
        }
        let result = bytes.withUnsafeBytes { raw -> Result<JournalSnapshot, JournalError> in
            guard raw.count >= headerSize, Array(raw[0..<8]) == magic else {
                return .failure(.corruptSnapshot(file: path, problem: tr("it does not start like a snapshot")))
            }
            let version = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            guard version == Snapshots.version else {
                return .failure(.corruptSnapshot(file: path, problem: tr("format version {version} is not one this kiosk reads", ["version": version])))
            }
            let crc = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            let length = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
            guard length == UInt64(raw.count - headerSize) else {
                return .failure(.corruptSnapshot(file: path, problem: tr("it is {size} bytes long, not {expected}", ["size": raw.count, "expected": UInt64(headerSize) &+ length])))
            }
            let body = UnsafeRawBufferPointer(rebasing: raw[headerSize...])
            guard Checksum.crc32c(body) == crc else { return .failure(.corruptSnapshot(file: path, problem: tr("a checksum mismatch"))) }
            do throws(RecordDecodingError) {
                return .success(try SnapshotCodec.decode(body, format: format))
            } catch {
                return .failure(.corruptSnapshot(file: path, problem: error.message))
            }
        }
        return try result.get()
    }

    /// Writes the snapshot file for `snapshot.position` in `directory`.
    static func write(_ snapshot: JournalSnapshot, format: RecordFormat, in directory: StateDirectory) throws(JournalError) {
        do {
            try FileSystem.writeAtomically(encode(snapshot, format: format), to: directory.snapshotPath(position: snapshot.position))
        } catch {
            throw .system(error)
        }
    }
}
