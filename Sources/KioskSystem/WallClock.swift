import Glibc
import Synchronization

/// The system's clock and time zone: what the parts of kiosk that meet the world read.
/// The core never does; it is given the time.
public enum WallClock {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public static func millisecondsSince1970() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// Whole seconds since 1970-01-01T00:00:00Z.
    public static func secondsSince1970() -> Int64 {
        millisecondsSince1970() / 1000
    }

    /// The local time's offset from UTC, in seconds, at a moment (it changes with summer
    /// time); 0 when the system cannot say.
    public static func utcOffset(atSecondsSince1970 seconds: Int64) -> Int {
        if let last = lastOffset.withLock({ $0 }), last.seconds == seconds { return last.offset }
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        let offset = Int(parts.tm_gmtoff)
        lastOffset.withLock { $0 = (seconds, offset) }
        return offset
    }

    /// The offset asked for last: a batch's promises round to the minute, so most orders
    /// ask about the same second, and the time zone does not change under a running kiosk.
    private static let lastOffset = Mutex<(seconds: Int64, offset: Int)?>(nil)
}
