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

    /// The calendar fields in UTC, shifted by `offsetSeconds` for local times.
    public func civil(offsetSeconds: Int = 0) -> CivilTime {
        let ms = millisecondsSince1970 + Int64(offsetSeconds) * 1000
        let (days, msOfDay) = ms.floorDivided(by: 86_400_000)
        // Howard Hinnant's days-from-civil inverse.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return CivilTime(
            year: Int(year), month: Int(month), day: Int(day),
            hour: Int(msOfDay / 3_600_000), minute: Int(msOfDay / 60_000 % 60),
            second: Int(msOfDay / 1000 % 60), millisecond: Int(msOfDay % 1000)
        )
    }

    /// `2026-11-21T15:08:30.589Z`.
    public var iso8601: String {
        let c = civil()
        return "\(c.date)T\(c.timeOfDay).\(pad(c.millisecond, 3))Z"
    }
}

/// Calendar fields of a `Timestamp`.
public struct CivilTime: Sendable, Hashable {
    public let year, month, day, hour, minute, second, millisecond: Int

    /// `2026-11-21`.
    public var date: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }
    /// `15:08:30`.
    public var timeOfDay: String { "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))" }
}

func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension Int64 {
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var q = self / divisor
        var r = self % divisor
        if r < 0 {
            q -= 1
            r += divisor
        }
        return (q, r)
    }
}
