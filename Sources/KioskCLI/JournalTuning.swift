import KioskJournal

/// The events journal's options, and the sizes of a journal that tests may shrink through
/// the environment so that rolling segments and compaction happen within a small run.
enum JournalTuning {
    /// `KIOSK_JOURNAL_SEGMENT_BYTES`: the size at which a new segment starts (default 64 MiB).
    static func segmentLimit(_ environment: [String: String]) -> UInt64 {
        environment["KIOSK_JOURNAL_SEGMENT_BYTES"].flatMap(UInt64.init).map { max($0, 4096) } ?? 64 << 20
    }

    /// `KIOSK_JOURNAL_SNAPSHOT_BYTES`: the journal bytes between snapshots of a `--state`
    /// journal (default 1 MiB); `0` writes none, not even at exit, so the segments are all
    /// kept and a test can read every record ever written.
    static func snapshotInterval(_ environment: [String: String]) -> UInt64 {
        guard let bytes = environment["KIOSK_JOURNAL_SNAPSHOT_BYTES"].flatMap(UInt64.init) else { return 1 << 20 }
        return bytes == 0 ? Journal.Options.noSnapshots : bytes
    }

    /// The options of the journal that is the state (`--state`): synced at every commit.
    static func stateJournal(_ environment: [String: String]) -> Journal.Options {
        Journal.Options(durability: .synchronized, segmentLimit: segmentLimit(environment), snapshotInterval: snapshotInterval(environment), format: .kiosk)
    }

    /// The options of a journal where events only wait for their sinks (the private
    /// journal, and `simulate`'s): written, not synced, and a snapshot every 4 MiB rather
    /// than every 1 MiB. Its stock does not carry over to the next start, so a snapshot
    /// there only bounds what the next start reads after a kill, while each one written
    /// during a batch slows it (measured by kiosk-bench --only batch, slow-receiver).
    static func eventsJournal(_ environment: [String: String]) -> Journal.Options {
        Journal.Options(durability: .written, segmentLimit: segmentLimit(environment), snapshotInterval: 4 << 20, format: .kiosk)
    }
}
