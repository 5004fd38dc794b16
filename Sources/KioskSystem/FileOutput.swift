import Glibc
import Synchronization

/// A buffered writer to a file descriptor (standard output or error), safe to share.
///
/// Text is collected and written with as few `write` calls as possible; `flush` writes it
/// out, in order, under one lock. A write that fails (a closed pipe, a full disk) is
/// remembered rather than thrown at every caller: check `flush()` where it matters.
public final class FileOutput: Sendable {
    public let descriptor: Int32
    /// Whether the descriptor is a terminal, read once.
    public let isTerminal: Bool
    /// Above this many buffered bytes, `write` flushes by itself.
    private let limit: Int
    private let state = Mutex(State())

    private struct State {
        var buffer: [UInt8] = []
        var failure: Int32?
        /// While held, nothing is written until `release`: a batch shows a commit's results
        /// only once they are on disk.
        var holding = false
        /// How much of the buffer `release(upTo:)` has written out while holding.
        var released = 0
    }

    public init(descriptor: Int32, limit: Int = 64 << 10) {
        self.descriptor = descriptor
        self.isTerminal = isatty(descriptor) == 1
        self.limit = limit
    }

    public static let standardOutput = FileOutput(descriptor: STDOUT_FILENO)
    public static let standardError = FileOutput(descriptor: STDERR_FILENO)

    public func write(_ text: String) {
        write(bytes: text.utf8)
    }

    /// Lets `write` append straight to what is buffered: a line made in place, with no
    /// copy of its own between.
    public func write(_ write: (inout [UInt8]) -> Void) {
        state.withLock { state in
            write(&state.buffer)
            if state.buffer.count >= limit, !state.holding { drain(&state) }
        }
    }

    public func write(bytes: some Collection<UInt8>) {
        state.withLock { state in
            state.buffer.append(contentsOf: bytes)
            if state.buffer.count >= limit, !state.holding { drain(&state) }
        }
    }

    /// Writes out everything buffered — unless held. Returns `false` once any write has
    /// failed.
    @discardableResult
    public func flush() -> Bool {
        state.withLock { state in
            if !state.holding { drain(&state) }
            return state.failure == nil
        }
    }

    // MARK: Holding

    /// Keeps everything written from now on until `release`: what was buffered before is
    /// written out first.
    public func hold() {
        state.withLock { state in
            guard !state.holding else { return }
            drain(&state)
            state.holding = true
            state.released = 0
        }
    }

    /// A position in what is held, for `cut` and `release(upTo:)`.
    public var mark: Int {
        state.withLock { $0.buffer.count }
    }

    /// Drops what was written after `mark`.
    public func cut(to mark: Int) {
        state.withLock { state in
            guard state.holding, mark >= state.released, mark < state.buffer.count else { return }
            state.buffer.removeSubrange(mark...)
        }
    }

    /// Writes out what is held up to `mark`, still holding the rest.
    public func release(upTo mark: Int) {
        state.withLock { state in
            guard state.holding, mark > state.released else { return }
            let end = min(mark, state.buffer.count)
            write(state.buffer[state.released..<end], into: &state)
            state.released = end
        }
    }

    /// Writes out everything held and stops holding.
    public func release() {
        state.withLock { state in
            guard state.holding else { return }
            if state.released < state.buffer.count { write(state.buffer[state.released...], into: &state) }
            state.buffer.removeAll(keepingCapacity: true)
            state.holding = false
            state.released = 0
        }
    }

    /// The `errno` of the first failed write, if any.
    public var failure: Int32? { state.withLock { $0.failure } }

    private func drain(_ state: inout State) {
        defer { state.buffer.removeAll(keepingCapacity: true) }
        guard !state.buffer.isEmpty else { return }
        write(state.buffer[...], into: &state)
    }

    private func write(_ bytes: ArraySlice<UInt8>, into state: inout State) {
        guard state.failure == nil, !bytes.isEmpty else { return }
        state.failure = bytes.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}
