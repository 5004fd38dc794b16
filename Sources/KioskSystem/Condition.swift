import Glibc

/// A mutex with a condition variable: for a queue that workers wait on.
///
/// Timed waits use the monotonic clock, so changing the system time does not stretch or
/// cut them short.
public final class Condition: @unchecked Sendable {
    // Allocated once and never moved: pthread objects must keep their address.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits for a signal; the lock must be held.
    public func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Waits for a signal or until `deadline`; the lock must be held. Returns `false` when
    /// the deadline passed.
    @discardableResult
    public func wait(until deadline: ContinuousClock.Instant) -> Bool {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return false }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = left.components
        var nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var wake = timespec(tv_sec: now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000, tv_nsec: 0)
        nanoseconds %= 1_000_000_000
        wake.tv_nsec = nanoseconds
        return pthread_cond_timedwait(condition, mutex, &wake) == 0
    }

    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }
}

/// Counts workers down; `wait` returns when all have left.
public final class DispatchGroupLite: @unchecked Sendable {
    private let condition = Condition()
    private var remaining: Int

    public init(count: Int) {
        remaining = count
    }

    public func leave() {
        condition.withLock {
            remaining -= 1
            condition.broadcast()
        }
    }

    public func wait() {
        condition.withLock {
            while remaining > 0 { condition.wait() }
        }
    }
}
