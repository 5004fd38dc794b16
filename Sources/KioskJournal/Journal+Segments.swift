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
    func segmentFor(_ count: Int) throws(JournalError) -> SystemFile {
        if let writer, end - writerBase < options.segmentLimit || end == writerBase { return writer }
        let path = directory.segmentPath(base: end)
        let file: SystemFile
        do {
            file = try SystemFile.open(path, .createNew(permissions: 0o600))
        } catch {
            throw .system(error)
        }
        let previous = (writer, writerBase, allocatedEnd)
        writerBase = end
        allocatedEnd = end
        do throws(JournalError) {
            try allocate(through: end + UInt64(count), in: file)
            // The new name survives power loss only once the directory is flushed; a journal
            // that is never flushed (`.written`) does not promise that of its records either.
            if options.durability == .synchronized {
                do {
                    try FileSystem.synchronizeDirectory(directory.path)
                } catch {
                    throw JournalError.system(error)
                }
            }
        } catch {
            // Not started: the next commit tries again from scratch.
            try? FileSystem.removeFile(path)
            (writer, writerBase, allocatedEnd) = previous
            throw error
        }
        // Give back the old segment's unused zeros; readers find its end either way.
        if let old = previous.0 { try? old.truncate(to: end - previous.1) }
        writer = file
        return file
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
        do {
            if options.durability == .synchronized {
                try file.writeZeros(count: Int(target - allocatedEnd), at: allocatedEnd - writerBase)
            } else {
                try file.allocate(count: Int(target - allocatedEnd), at: allocatedEnd - writerBase)
            }
            if synchronize, options.durability == .synchronized { try file.synchronizeData() }
            allocatedEnd = target
        } catch {
            allocatedEnd = writerBase + ((try? file.size) ?? (allocatedEnd - writerBase))
            throw .system(error)
        }
    }
}
