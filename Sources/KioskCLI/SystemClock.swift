import KioskCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The system's clock and time zone, for the parts of kiosk that meet the world.
enum SystemClock {
    @Sendable static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(millisecondsSince1970: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }

    /// The local time's offset from UTC, in seconds, at `time`.
    @Sendable static func utcOffset(at time: Timestamp) -> Int {
        var seconds = time_t(time.millisecondsSince1970 / 1000)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
