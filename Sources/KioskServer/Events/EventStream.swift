import KioskCore
import KioskJournal
import Synchronization

/// One client's `GET /events`: the bytes waiting for it, and where it is in the journal.
///
/// The hub's thread adds frames (`id: SEQ` and the event's CloudEvents JSON); the daemon's
/// thread takes them as the connection can send. Its bytes are bounded: a client that
/// does not read is cut off with a final comment (it reconnects with `Last-Event-ID` and
/// misses nothing), so a slow reader never grows the server's memory.
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

    private struct Buffer {
        var bytes: [UInt8] = []
        /// Where the daemon's thread is in `bytes`.
        var sent = 0
        var suspended = false
        /// Nothing more will be added: the end follows once `bytes` are sent.
        var ending = false
        var closed = false
        var resume: (@Sendable () -> Void)?

        var pending: Int { bytes.count - sent }
    }

    private let buffer = Mutex(Buffer())
    /// Bytes waiting for the client at most before it is cut off.
    let limit: Int

    init(types: EventTypes, after: UInt64, limit: Int, greeting: [UInt8]) {
        self.types = types
        lastSequence = after
        self.limit = limit
        buffer.withLock { $0.bytes = greeting }
    }

    // MARK: The daemon's side

    public func attach(resume: @escaping @Sendable () -> Void) {
        buffer.withLock { $0.resume = resume }
    }

    public func read(into target: UnsafeMutableRawBufferPointer, suspend: () -> Void) -> Int? {
        buffer.withLock { buffer in
            let count = min(buffer.pending, target.count)
            guard count > 0 else {
                if buffer.ending { return nil }
                suspend()
                buffer.suspended = true
                return 0
            }
            buffer.bytes.withUnsafeBytes { bytes in
                guard let source = bytes.baseAddress, let destination = target.baseAddress else { return }
                destination.copyMemory(from: source + buffer.sent, byteCount: count)
            }
            buffer.sent += count
            if buffer.sent == buffer.bytes.count {
                buffer.bytes.removeAll(keepingCapacity: buffer.bytes.capacity <= 64 * 1024)
                buffer.sent = 0
            }
            return count
        }
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
            buffer.bytes += bytes
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
            buffer.bytes.removeSubrange(EventStream.frameEnd(in: buffer.bytes, from: buffer.sent)...)
            buffer.bytes += farewell
            buffer.ending = true
            return wake(&buffer)
        }
        resume?()
    }

    /// Ends the stream after what is waiting and `farewell` (the server stopping).
    func end(farewell: [UInt8]) {
        let resume = buffer.withLock { buffer -> (@Sendable () -> Void)? in
            guard !buffer.ending, !buffer.closed else { return nil }
            buffer.bytes += farewell
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
