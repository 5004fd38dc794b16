import KioskText

/// A point in time in milliseconds since 1970-01-01T00:00:00Z.
///
/// The core never reads a clock: callers pass the time of each command in.
public struct Timestamp: Sendable, Hashable, Comparable {
    public let millisecondsSince1970: Int64

    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// This time plus `milliseconds`, stopping at the largest time instead of trapping.
    public func adding(milliseconds: Int64) -> Timestamp {
        let (sum, overflow) = millisecondsSince1970.addingReportingOverflow(milliseconds)
        return Timestamp(millisecondsSince1970: overflow ? .max : sum)
    }

    /// The day of this time in a zone `offsetSeconds` from UTC, in days since 1970-01-01,
    /// and the millisecond of that day: what windows of the day and money by day are read
    /// by. A shift past the ends of time is not made.
    public func localDay(offsetSeconds: Int) -> (day: Int64, millisecond: Int64) {
        let (shifted, overflow) = millisecondsSince1970.addingReportingOverflow(Int64(offsetSeconds) * 1000)
        let milliseconds = overflow ? millisecondsSince1970 : shifted
        let day = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds + 1) / 86_400_000 - 1
        return (day, milliseconds - day * 86_400_000)
    }

    /// The calendar fields in UTC, shifted by `offsetSeconds` for local times.
    public func civil(offsetSeconds: Int = 0) -> CivilTime {
        CivilTime(millisecondsSince1970: millisecondsSince1970, offsetSeconds: offsetSeconds)
    }

    /// Reads `2026-11-21T15:08:30.589Z`, as `iso8601` writes it, or without the
    /// milliseconds; `nil` for anything else.
    public init?(iso8601 text: String) {
        guard let milliseconds = ISO8601.milliseconds(parsing: text) else { return nil }
        self.init(millisecondsSince1970: milliseconds)
    }

    /// `2026-11-21T15:08:30.589Z`.
    public var iso8601: String {
        ISO8601.string(millisecondsSince1970: millisecondsSince1970)
    }
}
