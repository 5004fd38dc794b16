/// Sizes of the journal that tests may shrink through the environment, so that rolling
/// segments and compaction happen within a small run. Not for everyday use.
enum JournalTuning {
    /// `KIOSK_JOURNAL_SEGMENT_BYTES`: the size at which a new segment starts (default 64 MiB).
    static func segmentLimit(_ environment: [String: String]) -> UInt64 {
        environment["KIOSK_JOURNAL_SEGMENT_BYTES"].flatMap(UInt64.init).map { max($0, 4096) } ?? 64 << 20
    }
}
