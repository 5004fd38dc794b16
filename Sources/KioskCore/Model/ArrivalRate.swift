import KioskText

/// How many customers arrive per unit of time, held exactly: `count` per `milliseconds`.
///
/// Written `120/h`, `2/min` (or `2/m`) and `0.5/s`: a whole or decimal number (up to six
/// decimals), a slash, and `h`, `min`, `m` or `s`. A menu's `simulate { arrivals … }` and
/// `kiosk simulate --arrivals` read it alike.
public struct ArrivalRate: Sendable, Hashable, CustomStringConvertible {
    /// Customers per `milliseconds`, the decimal point removed: `0.5/s` is 5 per 10,000 ms.
    public let count: Int64
    public let milliseconds: Int64
    /// The rate as it is written back: the number as given, then the unit.
    public let description: String

    /// Why a text is not a rate.
    public enum Problem: Error, Sendable, Equatable {
        /// Not a number, a slash and a unit.
        case malformed
        /// More than `maximumNumber` customers per unit.
        case tooLarge
    }

    /// `count` customers an hour, written `count/h`.
    ///
    /// - Precondition: `count` is within `0...maximumNumber`.
    public init(perHour count: Int64) {
        precondition((0...ArrivalRate.maximumNumber).contains(count), "an hourly rate out of range")
        self.init(count: count, milliseconds: 3_600_000, description: "\(count)/h")
    }

    private init(count: Int64, milliseconds: Int64, description: String) {
        self.count = count
        self.milliseconds = milliseconds
        self.description = description
    }

    /// Reads `120/h`, `2/min`, `0.5/s`; spaces around it are ignored.
    public init(parsing text: String) throws(Problem) {
        let parts = text.trimmingWhitespace().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let unit = ArrivalRate.unitMilliseconds[String(parts[1])] else { throw .malformed }
        guard let number = DecimalNumber(String(parts[0]), maximumDecimals: 6) else { throw .malformed }
        guard number.units <= ArrivalRate.maximumNumber * number.scale else { throw .tooLarge }
        let canonicalUnit = parts[1] == "m" ? "min" : String(parts[1])
        self.init(count: number.units, milliseconds: number.scale * unit, description: "\(parts[0])/\(canonicalUnit)")
    }

    /// Customers per millisecond, from one correctly rounded division of two exact integers.
    public var perMillisecond: Double { Double(count) / Double(milliseconds) }
    /// Customers per hour.
    public var perHour: Double { perMillisecond * 3_600_000 }

    /// The largest number a rate may give: far more customers than any kiosk, small enough
    /// that every product stays exact.
    public static let maximumNumber: Int64 = 1_000_000_000

    /// The units a rate may have, as written after the slash.
    public static let units = ["h", "min", "m", "s"]

    private static let unitMilliseconds: [String: Int64] = ["s": 1000, "m": 60_000, "min": 60_000, "h": 3_600_000]
}
