import KioskCore
import KioskSystem
import Synchronization

// Writing into the segments: preallocation, new segments, zeroing what a failed write left.
extension Journal {
    func write(_ bytes: UnsafeRawBufferPointer) throws(JournalError) {
        try removeStain()
        let file = try segmentFor(bytes.count)
        // The records' own flush makes the new zeros and size durable with them: one
        // `fdatasync`, not two, for the commit that grows the segment.
        try allocate(through: end + UInt64(bytes.count), in: file, synchronize: false)
        var written = 0
        do {
            try file.write(bytes, at: end - writerBase, written: &written)
            if options.durability == .synchronized { try file.synchronizeData() }
        } catch {
            unwrite(written, in: file)
            throw .system(error)
        }
        do throws(JournalError) {
            try makeSegmentNameDurable()
        } catch {
            unwrite(bytes.count, in: file)
            throw error
        }
    }

    /// A write that failed may have left part of itself: zero exactly the bytes it wrote —
    /// the rest may lie past a file-size limit or a full disk, where zeros fail too — so no
    /// one reads a commit that did not happen. Where even that fails, the bytes are a stain
    /// the next write removes first: an error now never stops the commits that follow
    /// once space returns.
    func unwrite(_ count: Int, in file: SystemFile) {
        guard count > 0 else { return }
        stain = (file, writerBase, end, count)
        try? removeStain()
    }

    func removeStain() throws(JournalError) {
        guard let (file, base, position, count) = stain else { return }
        // Another process that met the stain cut it back as a torn tail and wrote on: the
        // bytes there are its records now.
        guard position >= end else {
            stain = nil
            return
        }
        do {
            try file.writeZeros(count: count, at: position - base)
            if options.durability == .synchronized { try file.synchronizeData() }
        } catch {
            throw .system(error)
        }
        stain = nil
    }

    /// The segment to write `count` bytes into: the current one, or a new one once the
    /// current one is full (or none exists yet).
    ///
    /// A new segment is never removed again by its maker, even when its zeros do not fit:
    /// it holds no record, the next commit writes into it, and a name once made and
    /// removed could be open in another process's reader — the journal never makes a
    /// segment name twice.
    func segmentFor(_ count: Int) throws(JournalError) -> SystemFile {
        if let writer, end - writerBase < options.segmentLimit || end == writerBase { return writer }
        try checkNothingFollows(end)
        let path = directory.segmentPath(base: end)
        let file: SystemFile
        do {
            file = try SystemFile.open(path, .createNew(permissions: 0o600))
        } catch {
            throw .system(error)
        }
        // Give back the old segment's unused zeros once the new one has its own (or could not
        // have them); readers find its end either way.
        let old = writer.map { (file: $0, base: writerBase) }
        defer { if let old { try? old.file.truncate(to: end - old.base) } }
        writer = file
        writerBase = end
        allocatedEnd = end
        segmentNameDurable = options.durability != .synchronized
        try allocate(through: end + UInt64(count), in: file)
        return file
    }

    /// Makes the name of the segment being written durable, once: its records survive
    /// power loss only with it. (A journal that is never flushed, `.written`, does not
    /// promise that of its records either.)
    func makeSegmentNameDurable() throws(JournalError) {
        guard !segmentNameDurable else { return }
        do {
            try FileSystem.synchronizeDirectory(directory.path)
        } catch {
            throw .system(error)
        }
        segmentNameDurable = true
    }

    /// Checks, before a segment starting at `position` is made, that the journal does not
    /// go on after it: a snapshot or a segment there would mean this process is not at the
    /// journal's end, and a segment made here would be an orphan nobody reads.
    func checkNothingFollows(_ position: UInt64) throws(JournalError) {
        let listing = try directory.list()
        let later = listing.segments.first { $0 >= position } ?? listing.snapshots.first { $0 > position }
        if let later { throw Journal.brokenChain(file: directory.segmentPath(base: writerBase), base: writerBase, end: position, next: later) }
    }

    /// Zero-fills the segment through `position` (a chunk at a time) and, unless the caller
    /// flushes next, syncs the new size. Without flushes (`.written`) the space is only
    /// allocated: writing zeros serves the flush of the records that follow, and there is none.
    func allocate(through position: UInt64, in file: SystemFile, synchronize: Bool = true) throws(JournalError) {
        guard position > allocatedEnd else { return }
        // Another process may have grown the segment since this one looked, and committed
        // records there: zeros go only past the file's real end, never over them.
        do {
            allocatedEnd = max(allocatedEnd, writerBase + (try file.size))
        } catch {
            throw .system(error)
        }
        guard position > allocatedEnd else { return }
        let chunk = UInt64(options.allocationChunk)
        let target = ((position - writerBase + chunk - 1) / chunk) * chunk + writerBase
        do throws(SystemError) {
            do {
                try zeroFill(file, through: target)
            } catch {
                // Less room than a chunk — a disk that was full and has a little space again:
                // what this commit needs is enough, and the next one tries for a chunk again.
                allocatedEnd = writerBase + ((try? file.size) ?? (allocatedEnd - writerBase))
                if position > allocatedEnd { try zeroFill(file, through: position) }
            }
            if synchronize, options.durability == .synchronized { try file.synchronizeData() }
        } catch {
            allocatedEnd = writerBase + ((try? file.size) ?? (allocatedEnd - writerBase))
            throw .system(error)
        }
    }

    /// Zeros (or, never flushed, allocated space) from `allocatedEnd` through `position`.
    private func zeroFill(_ file: SystemFile, through position: UInt64) throws(SystemError) {
        if options.durability == .synchronized {
            try file.writeZeros(count: Int(position - allocatedEnd), at: allocatedEnd - writerBase)
        } else {
            try file.allocate(count: Int(position - allocatedEnd), at: allocatedEnd - writerBase)
        }
        allocatedEnd = position
    }
}
