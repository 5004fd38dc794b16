import KioskCore
import KioskJournal
import Synchronization

/// One client's `GET /events`: the bytes waiting for it, and where it is in the journal.
///
/// The hub's thread adds frames (`id: SEQ` and the event's CloudEvents JSON); the daemon's
/// thread takes them as the connection can send. What waits is a list of chunks the hub
/// made once and shares between streams that want the same frames (copy-on-write arrays:
/// 500 streams of the same events hold one copy), bounded per stream: a client that stays
/// too full is cut off with a final comment (it reconnects with `Last-Event-ID` and misses
/// nothing), so a slow reader never grows the server's memory.
public final class EventStream: HTTPStream, @unchecked Sendable {
    /// The types this stream sends.
    let types: EventTypes

    // The hub's thread alone reads and writes these.
    /// The sequence number of the last event handed to this stream (sent or skipped).
    var lastSequence: UInt64
    /// While the stream catches up from the journal (it asked for events older than the
    /// hub keeps), its reader; `nil` once it is live.
    var catchUp: JournalReader?
    /// When something was last added: a comment follows after a quiet while.
    var lastWrite = ContinuousClock.now
    /// Whether it has not had everything the hub has read (it had no room): it wakes the
    /// hub once it has room again. Set by the hub, read by the daemon's thread.
    var behind: Bool {
        get { buffer.withLock { $0.behind } }
        set { buffer.withLock { $0.behind = newValue } }
    }
    /// Wakes the hub (set by the hub when it adopts the stream).
    var wakeHub: (@Sendable () -> Void)?

    private struct Buffer {
        /// The chunks waiting, the first `first` of them already sent.
        var chunks: [[UInt8]] = []
        var first = 0
        /// How much of `chunks[first]` was sent.
        var offset = 0
        /// Bytes waiting.
        var pending = 0
        var suspended = false
        /// Nothing more will be added: the end follows once what waits is sent.
        var ending = false
        var closed = false
        var behind = false
        var resume: (@Sendable () -> Void)?

        mutating func append(_ chunk: [UInt8]) {
            guard !chunk.isEmpty else { return }
            chunks.append(chunk)
            pending += chunk.count
        }
    }

    private let buffer = Mutex(Buffer())
    /// Bytes waiting for the client at most; the hub adds no more than that.
    let limit: Int

    init(types: EventTypes, after: UInt64, limit: Int, greeting: [UInt8]) {
        self.types = types
        lastSequence = after
        self.limit = limit
        buffer.withLock { $0.append(greeting) }
    }

    // MARK: The daemon's side

    public func attach(resume: @escaping @Sendable () -> Void) {
        buffer.withLock { $0.resume = resume }
    }

    public func read(upTo limit: Int, suspend: () -> Void, copy: (ArraySlice<UInt8>) -> Void) -> Int? {
        var wake = false
        defer { if wake { wakeHub?() } }
        return buffer.withLock { buffer in
            guard buffer.pending > 0 else {
                if buffer.ending { return nil }
                suspend()
                buffer.suspended = true
                return 0
            }
            var copied = 0
            while copied < limit, buffer.first < buffer.chunks.count {
                let chunk = buffer.chunks[buffer.first]
                let count = min(chunk.count - buffer.offset, limit - copied)
                copy(chunk[buffer.offset..<buffer.offset + count])
                copied += count
                buffer.offset += count
                if buffer.offset == chunk.count {
                    buffer.first += 1
                    buffer.offset = 0
                }
            }
            buffer.pending -= copied
            if buffer.behind, buffer.pending < limit / 2 {
                // Room for what it has not had: tell the hub now, not at its next round.
                buffer.behind = false
                wake = true
            }
            if buffer.first == buffer.chunks.count {
                buffer.chunks.removeAll(keepingCapacity: true)
                buffer.first = 0
            } else if buffer.first >= 64 {
                buffer.chunks.removeFirst(buffer.first)
                buffer.first = 0
            }
            return copied
        }
    }

    public func hangUp() {
        let resume = buffer.withLock { buffer -> (@Sendable () -> Void)? in
            guard !buffer.closed else { return nil }
            buffer.chunks.removeAll()
            buffer.first = 0
            buffer.offset = 0
            buffer.pending = 0
            buffer.ending = true
            return wake(&buffer)
        }
        resume?()
    }

    public func closed() {
        buffer.withLock {
            $0.closed = true
            $0.resume = nil
        }
    }

    // MARK: The hub's side

    /// Whether the connection is gone: the hub forgets the stream.
    var isClosed: Bool { buffer.withLock { $0.closed } }

    /// Bytes it can take before reaching its limit.
    var room: Int { buffer.withLock { limit - $0.pending } }

    /// Bytes waiting for the client.
    var pending: Int { buffer.withLock { $0.pending } }

    /// Frames read from the journal while catching up that did not fit yet, with the
    /// sequence number of the last event that batch read.
    var waiting: [(sequence: UInt64, bytes: [UInt8])] = []
    var waitingUpTo: UInt64 = 0
    /// Since when it has been too full to take more: a client that stays so for long is
    /// too slow, and is cut off.
    var fullSince: ContinuousClock.Instant?

    /// Adds bytes that fit (the hub checks `room`). Returns `false` once the stream takes
    /// nothing more.
    @discardableResult
    func add(_ bytes: [UInt8]) -> Bool {
        let (resume, open) = buffer.withLock { buffer -> ((@Sendable () -> Void)?, Bool) in
            guard !buffer.ending, !buffer.closed else { return (nil, false) }
            buffer.append(bytes)
            return (wake(&buffer), true)
        }
        resume?()
        lastWrite = .now
        return open
    }

    /// Cuts a client too slow to read off: what is waiting is kept up to the end of the
    /// frame being sent, then `farewell`, then the end — whole frames only, so the last
    /// `id:` it got is where it resumes.
    func cut(farewell: [UInt8]) {
        let resume = buffer.withLock { buffer -> (@Sendable () -> Void)? in
            guard !buffer.ending, !buffer.closed else { return nil }
            // Chunks hold whole frames: keep the one being sent up to its frame's end.
            if buffer.first < buffer.chunks.count {
                let current = buffer.chunks[buffer.first]
                let end = buffer.offset == 0 ? 0 : EventStream.frameEnd(in: current, from: buffer.offset)
                buffer.chunks.removeSubrange(buffer.first...)
                buffer.pending = 0
                if end > buffer.offset {
                    buffer.chunks.append(Array(current[..<end]))
                    buffer.pending = end - buffer.offset
                } else {
                    buffer.offset = 0
                }
            }
            buffer.append(farewell)
            buffer.ending = true
            return wake(&buffer)
        }
        resume?()
    }

    /// Ends the stream after what is waiting and `farewell` (the server stopping).
    func end(farewell: [UInt8]) {
        let resume = buffer.withLock { buffer -> (@Sendable () -> Void)? in
            guard !buffer.ending, !buffer.closed else { return nil }
            buffer.append(farewell)
            buffer.ending = true
            return wake(&buffer)
        }
        resume?()
    }

    /// The resume to call, if the connection is parked: once, outside the lock.
    private func wake(_ buffer: inout Buffer) -> (@Sendable () -> Void)? {
        guard buffer.suspended else { return nil }
        buffer.suspended = false
        return buffer.resume
    }

    /// Where the frame the client is in the middle of ends (frames end with a blank line):
    /// `from` itself when it starts a frame.
    static func frameEnd(in bytes: [UInt8], from start: Int) -> Int {
        if start == 0 || (start >= 2 && bytes[start - 2] == 0x0A && bytes[start - 1] == 0x0A) { return start }
        var index = max(start, 1)
        while index < bytes.count {
            if bytes[index - 1] == 0x0A && bytes[index] == 0x0A { return index + 1 }
            index += 1
        }
        return bytes.count
    }
}
