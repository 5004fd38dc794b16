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

    public func write(bytes: some Collection<UInt8>) {
        state.withLock { state in
            state.buffer.append(contentsOf: bytes)
            if state.buffer.count >= limit { drain(&state) }
        }
    }

    /// Writes out everything buffered. Returns `false` once any write has failed.
    @discardableResult
    public func flush() -> Bool {
        state.withLock { state in
            drain(&state)
            return state.failure == nil
        }
    }

    /// The `errno` of the first failed write, if any.
    public var failure: Int32? { state.withLock { $0.failure } }

    private func drain(_ state: inout State) {
        defer { state.buffer.removeAll(keepingCapacity: true) }
        guard state.failure == nil, !state.buffer.isEmpty else { return }
        state.failure = state.buffer.withUnsafeBytes { raw -> Int32? in
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
