import KioskCore
import KioskJournal

/// One reader of an `EventFeed`: the events after a sequence number, of some types, as the
/// bytes of a Server-Sent Events stream. Read from one thread at a time.
public final class EventSubscription: @unchecked Sendable {
    /// What a read gave.
    public enum Read: Sendable, Equatable {
        /// This many bytes were written into the buffer.
        case bytes(Int)
        /// Nothing new yet: read again after the feed's next news.
        case waiting
        /// The client reads more slowly than events come: its events left the window. End
        /// the stream with `farewell`.
        case tooSlow
    }

    private let feed: EventFeed
    public let types: EventTypes
    /// The sequence number of the last event passed: written, or left out by `types`. What
    /// a client that reconnects gives as `Last-Event-ID`.
    public private(set) var after: UInt64
    /// Reads the journal itself while the events wanted are older than the window.
    private var journalReader: JournalReader?
    private var decoder = RecordDecoder()
    /// The part of a frame that did not fit in the last buffer.
    private var pending: [UInt8] = []
    private var pendingStart = 0

    init(feed: EventFeed, after: UInt64, types: EventTypes, fromJournal: Bool) {
        self.feed = feed
        self.after = after
        self.types = types
        // Small reads: hundreds of subscribers may be catching up at once.
        if fromJournal { journalReader = feed.journal.scanner(from: feed.journal.startPosition, chunk: 16 << 10) }
    }

    /// The last words of a stream cut off for reading too slowly: an SSE comment, which a
    /// client ignores, saying where to resume.
    public var farewell: [UInt8] {
        Array(": too slow: the stream fell too far behind; reconnect with Last-Event-ID: \(after)\n\n".utf8)
    }

    /// Writes the next events into `buffer`, as much as fits.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Read {
        var written = drainPending(into: buffer)
        while written < buffer.count {
            let bytes: [UInt8]
            if journalReader != nil {
                bytes = readJournal()
            } else {
                let slice = feed.frames(after: after, types: types, room: buffer.count - written)
                if slice.tooSlow { return written > 0 ? .bytes(written) : .tooSlow }
                after = slice.passed
                bytes = slice.bytes
            }
            if bytes.isEmpty {
                if journalReader != nil { continue }
                break
            }
            written += copy(bytes, into: buffer, at: written)
        }
        return written > 0 ? .bytes(written) : .waiting
    }

    /// The frames of the next record before the window, or none once the reader has reached
    /// the window (then reading goes on there).
    private func readJournal() -> [UInt8] {
        guard let reader = journalReader else { return [] }
        let window = feed.windowStart
        var events: [Event] = []
        let after = self.after
        guard reader.nextEvents(upTo: window.position, decoder: &decoder, into: &events, where: { $0.sequence > after }) != nil else {
            // At the window — or at a record that cannot be read, or in a segment removed
            // since: the window is where the events go on.
            var bytes: [UInt8] = []
            if window.sequenceBefore > self.after + 1, reader.position < window.position {
                bytes = EventSubscription.gap(from: self.after + 1, to: window.sequenceBefore)
            }
            self.after = max(self.after, window.sequenceBefore)
            journalReader = nil
            return bytes
        }
        var bytes: [UInt8] = []
        if let first = events.first, first.sequence > self.after + 1 {
            bytes = EventSubscription.gap(from: self.after + 1, to: first.sequence - 1)
        }
        for event in events {
            if types.contains(event.type) { bytes += EventFeed.frame(of: event) }
            self.after = event.sequence
        }
        return bytes
    }

    /// A comment for events the journal no longer holds (compacted into a snapshot).
    private static func gap(from first: UInt64, to last: UInt64) -> [UInt8] {
        Array(": events \(first) to \(last) are no longer in the journal\n\n".utf8)
    }

    private func drainPending(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard pendingStart < pending.count else { return 0 }
        let count = min(buffer.count, pending.count - pendingStart)
        pending.withUnsafeBytes { source in
            guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
            to.copyMemory(from: from + pendingStart, byteCount: count)
        }
        pendingStart += count
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
        }
        return count
    }

    /// Copies what fits of `bytes` at `offset`; keeps the rest for the next read.
    private func copy(_ bytes: [UInt8], into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        let count = min(bytes.count, buffer.count - offset)
        bytes.withUnsafeBytes { source in
            guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
            (to + offset).copyMemory(from: from, byteCount: count)
        }
        if count < bytes.count {
            pending = Array(bytes[count...])
            pendingStart = 0
        }
        return count
    }
}
