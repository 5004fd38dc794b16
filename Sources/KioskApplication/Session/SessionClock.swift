import KioskCore
import Synchronization

/// The time a session runs on: the wall clock, or a virtual clock that stands still
/// except when `wait` moves it (`--clock virtual`), so scripts and training runs see
/// exactly the times they ask for.
///
/// A class with a lock: the session reads it on its own thread, and sinks or tests may
/// read it from others.
public final class SessionClock: Sendable {
    private let wall: (@Sendable () -> Timestamp)?
    private let virtualNow: Mutex<Timestamp>

    /// The wall clock, read through `now`.
    public init(wall now: @escaping @Sendable () -> Timestamp) {
        wall = now
        virtualNow = Mutex(Timestamp(millisecondsSince1970: 0))
    }

    /// A virtual clock standing at `start` until `advance(by:)` moves it.
    public init(virtualAt start: Timestamp) {
        wall = nil
        virtualNow = Mutex(start)
    }

    /// Whether time stands still between `wait`s.
    public var isVirtual: Bool { wall == nil }

    /// The time now.
    public func now() -> Timestamp {
        if let wall { return wall() }
        return virtualNow.withLock { $0 }
    }

    /// Moves a virtual clock on by `milliseconds` (stopping at the largest time) and
    /// returns the new time; `nil` on the wall clock, which no one moves.
    @discardableResult
    public func advance(by milliseconds: Int64) -> Timestamp? {
        guard wall == nil else { return nil }
        return virtualNow.withLock { now in
            now = now.adding(milliseconds: max(0, milliseconds))
            return now
        }
    }
}
