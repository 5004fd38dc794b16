/// The calendar fields of a moment, in UTC or shifted by an offset for local times.
public struct CivilTime: Sendable, Hashable {
    public let year, month, day, hour, minute, second, millisecond: Int

    /// The fields of `millisecondsSince1970`, shifted by `offsetSeconds` (a time zone's
    /// offset from UTC). A shift past the ends of time stops there.
    public init(millisecondsSince1970: Int64, offsetSeconds: Int = 0) {
        let (shifted, overflow) = millisecondsSince1970.addingReportingOverflow(Int64(offsetSeconds).multipliedReportingOverflow(by: 1000).partialValue)
        let ms = overflow ? (offsetSeconds < 0 ? Int64.min : Int64.max) : shifted
        let (days, msOfDay) = CivilTime.floorDivide(ms, by: 86_400_000)
        // Howard Hinnant's civil-from-days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        year = Int(yoe + era * 400 + (month <= 2 ? 1 : 0))
        self.month = Int(month)
        self.day = Int(day)
        hour = Int(msOfDay / 3_600_000)
        minute = Int(msOfDay / 60_000 % 60)
        second = Int(msOfDay / 1000 % 60)
        millisecond = Int(msOfDay % 1000)
    }

    /// The moment these fields name in UTC, in milliseconds since 1970; `nil` for fields
    /// out of range (a 13th month, a 61st second).
    public static func milliseconds(
        year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64, millisecond: Int64
    ) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day), (0..<24).contains(hour), (0..<60).contains(minute),
              (0..<60).contains(second), (0..<1000).contains(millisecond), (0...9999).contains(year) else { return nil }
        // Days from civil, after Howard Hinnant.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
    }

    /// `2026-11-21`.
    public var date: String { "\(CivilTime.pad(year, 4))-\(CivilTime.pad(month, 2))-\(CivilTime.pad(day, 2))" }
    /// `15:08:30`.
    public var timeOfDay: String { CivilTime.twoDigits(hour, minute, second) }
    /// `15:08`.
    public var hourAndMinute: String { CivilTime.twoDigits(hour, minute) }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Fields of two digits each, joined by `:`, written straight into the string (a clock
    /// time is printed with every order on a board): `third` is the seconds, when shown.
    private static func twoDigits(_ first: Int, _ second: Int, _ third: Int? = nil) -> String {
        let inRange = (0..<100).contains(first) && (0..<100).contains(second) && third.map { (0..<100).contains($0) } != false
        guard inRange else { return ([first, second] + (third.map { [$0] } ?? [])).map { pad($0, 2) }.joined(separator: ":") }
        return String(unsafeUninitializedCapacity: third == nil ? 5 : 8) { bytes in
            func put(_ field: Int, at offset: Int) {
                if offset > 0 { bytes[offset - 1] = UInt8(ascii: ":") }
                bytes[offset] = UInt8(ascii: "0") + UInt8(field / 10)
                bytes[offset + 1] = UInt8(ascii: "0") + UInt8(field % 10)
            }
            put(first, at: 0)
            put(second, at: 3)
            guard let third else { return 5 }
            put(third, at: 6)
            return 8
        }
    }

    private static func floorDivide(_ value: Int64, by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var q = value / divisor
        var r = value % divisor
        if r < 0 {
            q -= 1
            r += divisor
        }
        return (q, r)
    }
}
