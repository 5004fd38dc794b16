import KioskCore
import KioskSystem

/// The CRC-32C of the journal's records: by the processor where it can, by `CRC32C`'s
/// tables where it cannot — the same value either way.
enum Checksum {
    static func crc32c(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        HardwareCRC32C.checksum(bytes) ?? CRC32C.checksum(bytes)
    }
}
