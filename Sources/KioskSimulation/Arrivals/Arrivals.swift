import KioskCore
import KioskText

/// When customers arrive: a Poisson process at a constant rate, or at a rate that changes
/// at given times of day (piecewise constant).
///
/// Written `120/h`, or `07:00 180/h, 09:00 60/h, 11:30 240/h`: each rate holds from its
/// time until the next one's, and the last holds to the end of the run. A profile's day
/// opens at its first time; a constant rate's at the configuration's opening time.
public enum Arrivals: Sendable, Hashable, CustomStringConvertible {
    case constant(ArrivalRate)
    case profile([Piece])

    /// One rate of a profile, from `start` on: the menu's own kind of step.
    public typealias Piece = SimulateSettings.Step

    /// What a menu's `simulate { arrivals … }` says.
    public init(_ menuArrivals: SimulateSettings.Arrivals) {
        switch menuArrivals {
        case .constant(let rate): self = .constant(rate)
        case .timesOfDay(let steps): self = .profile(steps)
        }
    }

    public static func parse(_ text: String) throws(ArrivalsError) -> Arrivals {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        guard parts.count > 1 || !(parts.first ?? "").isEmpty else { throw .empty }
        if parts.count == 1, !parts[0].contains(" "), !parts[0].contains(":") {
            return .constant(try ArrivalRate.parse(parts[0]))
        }
        var pieces: [Piece] = []
        var previous = ""
        for part in parts {
            let fields = part.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2 else { throw fields.count == 1 ? .missingTime(part) : .malformedRate(part) }
            guard let start = Arrivals.timeOfDay(String(fields[0])) else { throw .malformedTime(String(fields[0])) }
            if let last = pieces.last, start <= last.start { throw .timesNotIncreasing(earlier: previous, later: String(fields[0])) }
            pieces.append(Piece(start: start, rate: try ArrivalRate.parse(String(fields[1]))))
            previous = String(fields[0])
        }
        return .profile(pieces)
    }

    /// `HH:MM` (or `H:MM`) from 00:00 to 23:59, in milliseconds since midnight.
    static func timeOfDay(_ text: String) -> Int64? {
        TimeOfDay.milliseconds(parsing: text)
    }

    /// The first time of a profile, in milliseconds since midnight.
    public var firstTime: Int64? {
        if case .profile(let pieces) = self { pieces.first?.start } else { nil }
    }

    /// `120/h`, or `07:00 180/h, 09:00 60/h`.
    public var description: String {
        switch self {
        case .constant(let rate): rate.description
        case .profile(let pieces): pieces.map { "\(TextFormat.clock($0.start)) \($0.rate)" }.joined(separator: ", ")
        }
    }
}
