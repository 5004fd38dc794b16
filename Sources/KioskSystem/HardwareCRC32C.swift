import CKioskSystem

/// CRC-32C by the processor's own instruction (SSE 4.2's `crc32` on x86-64): faster than
/// a table, for checksums on every record written and read.
public enum HardwareCRC32C {
    /// Whether this processor has the instruction.
    public static let isAvailable = kiosk_crc32c_available() != 0

    /// The CRC-32C of `bytes` continuing `crc` (0 to start); `nil` where the processor has no
    /// instruction for it, and the caller computes it otherwise.
    @inlinable
    public static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32? {
        guard isAvailable else { return nil }
        return kiosk_crc32c(crc, bytes.baseAddress, bytes.count)
    }
}
