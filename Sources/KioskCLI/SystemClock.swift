import KioskCore
import KioskSystem

/// The system's clock and time zone as the core's `Timestamp`s.
enum SystemClock {
    @Sendable static func now() -> Timestamp {
        Timestamp(millisecondsSince1970: WallClock.millisecondsSince1970())
    }

    /// The local time's offset from UTC, in seconds, at `time`.
    @Sendable static func utcOffset(at time: Timestamp) -> Int {
        WallClock.utcOffset(atSecondsSince1970: time.millisecondsSince1970 / 1000)
    }
}
