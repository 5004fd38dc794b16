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

    /// Reads `2026-11-21T15:08:30.589Z`, as `iso8601` writes it, or without the
    /// milliseconds; `nil` for anything else.
    public init?(iso8601 text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 24 || digits.count == 20, digits.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let digit = digits[index]
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(digit - UInt8(ascii: "0"))
            }
            return value
        }
        func separator(_ index: Int, _ character: Unicode.Scalar) -> Bool { digits[index] == UInt8(ascii: character) }
        guard separator(4, "-"), separator(7, "-"), separator(10, "T"), separator(13, ":"), separator(16, ":"),
              digits.count == 20 || separator(19, "."),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              let millisecond = digits.count == 24 ? number(20..<23) : 0,
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        // Days from civil, after Howard Hinnant.
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        self.init(millisecondsSince1970: ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond)
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
