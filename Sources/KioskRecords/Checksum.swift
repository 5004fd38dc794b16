import KioskCore
import KioskSystem

/// The CRC-32C of everything the state directory checks — records, snapshots, cursors:
/// by the processor where it can, by `CRC32C`'s tables where it cannot, the same value
/// either way. The one entry point; nothing calls the tables or the instruction itself.
package enum Checksum {
    package static func crc32c(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        HardwareCRC32C.checksum(bytes) ?? CRC32C.checksum(bytes)
    }

    package static func crc32c(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { crc32c($0) }
    }

    package static func crc32c(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { crc32c($0) }
    }
}
