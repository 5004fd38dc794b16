import KioskCore
import KioskSystem
import Synchronization

// Snapshots of the fold, and compaction of what no reader needs.
extension Journal {
    /// Whether enough was appended since the last snapshot to write another (and none is
    /// being written).
    public var wantsSnapshot: Bool {
        !snapshotInFlight.load(ordering: .acquiring) && transaction.withLock { end - lastSnapshot >= options.snapshotInterval && end > 0 }
    }

    /// The position up to which the session has folded the journal (its last commit or
    /// catch-up): where a snapshot of the session's state belongs.
    public var foldPosition: UInt64 {
        transaction.withLock { fold.position }
    }

    /// Whether the records after the last snapshot are more than a start-up should read:
    /// a clean exit then writes one, so the next start is short.
    public var wantsSnapshotAtExit: Bool {
        options.snapshotInterval != Options.noSnapshots
            && transaction.withLock { fold.position > lastSnapshot && fold.position - lastSnapshot >= 16 << 10 }
    }

    /// Writes a snapshot of the fold at its position, then deletes what no reader needs:
    /// older snapshots, and segments wholly before both it and every sink's cursor — but
    /// for cursors past their retention at `now` (the kiosk's clock), which it forgets.
    public func writeSnapshot(_ snapshot: JournalSnapshot, now: Timestamp?) throws(JournalError) {
        try Snapshots.write(snapshot, format: options.format, in: directory)
        transaction.withLock { lastSnapshot = max(lastSnapshot, snapshot.position) }
        try compact(keeping: snapshot.position, now: now)
    }

    /// Writes a snapshot as `writeSnapshot` does, on a thread of its own: the order path
    /// goes on meanwhile, instead of waiting for the snapshot's `fsync`s and the compaction.
    /// A snapshot only speeds up the next start, so a failure loses nothing. One at a time:
    /// while one is being written, another is not started (and `wantsSnapshot` says no).
    public func writeSnapshotInBackground(_ snapshot: JournalSnapshot, now: Timestamp?) {
        guard snapshotInFlight.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        WorkerThread.start(name: "kiosk-snapshot", background: true) { [self] in
            try? writeSnapshot(snapshot, now: now)
            snapshots.withLock {
                snapshotInFlight.store(false, ordering: .releasing)
                snapshots.broadcast()
            }
        }
    }

    /// Waits until the snapshot being written in the background, if any, is done. Not with
    /// a transaction open: the snapshot's compaction waits for it.
    public func finishSnapshots() {
        snapshots.withLock {
            while snapshotInFlight.load(ordering: .acquiring) { snapshots.wait() }
        }
    }

    /// Deletes segments and snapshots that neither the newest snapshot nor any cursor needs.
    public func compact(keeping position: UInt64, now: Timestamp?) throws(JournalError) {
        try withExclusiveLock { () throws(JournalError) in
            let listing = try directory.list()
            let needed = min(position, CursorFile.minimumPosition(in: directory, now: now).position ?? position)
            for snapshot in listing.snapshots where snapshot < position {
                try? FileSystem.removeFile(directory.snapshotPath(position: snapshot))
            }
            // A segment is needed if the next one starts after `needed`. Only the oldest go,
            // up to the first that stays: the segments left always follow on from the oldest,
            // so a reader whose segment is still there reaches the journal's end from it.
            for (base, next) in zip(listing.segments, listing.segments.dropFirst()) {
                guard next <= needed, writer == nil || base != writerBase else { break }
                guard (try? FileSystem.removeFile(directory.segmentPath(base: base))) != nil else { break }
            }
        }
    }
}
