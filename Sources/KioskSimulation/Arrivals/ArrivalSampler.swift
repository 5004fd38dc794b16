import KioskCore

/// Draws arrival times of a piecewise-constant Poisson process exactly, by inversion of
/// its cumulative rate: one exponential draw per arrival, spent across the pieces it spans.
///
/// The exact time is kept as a double and each arrival is rounded to the millisecond, so
/// rounding never accumulates.
struct ArrivalSampler: Sendable {
    /// Where each piece starts, in milliseconds since opening; the first starts at 0.
    private let starts: [Double]
    /// Customers per millisecond in each piece.
    private let rates: [Double]
    private var piece = 0
    private var now: Double = 0

    /// The latest time an arrival may have; past it the process is taken to have ended.
    static let horizon: Double = 0x1p52

    init(arrivals: Arrivals, opening: Int64) {
        switch arrivals {
        case .constant(let rate):
            starts = [0]
            rates = [rate.perMillisecond]
        case .profile(let pieces):
            var starts: [Double] = [0]
            // Before its first time, a profile has no customers.
            var rates: [Double] = [0]
            for piece in pieces {
                let start = Double(piece.start - opening)
                if start <= 0 {
                    rates[0] = piece.rate.perMillisecond
                } else {
                    starts.append(start)
                    rates.append(piece.rate.perMillisecond)
                }
            }
            self.starts = starts
            self.rates = rates
        }
    }

    /// The next arrival in milliseconds since opening, or `nil` when no more come (the
    /// last rate is zero).
    mutating func next(using generator: inout Xoshiro256StarStar) -> Int64? {
        var hazard = generator.nextExponential()
        while true {
            let rate = rates[piece]
            let end = piece + 1 < starts.count ? starts[piece + 1] : .infinity
            if rate > 0 {
                let candidate = now + hazard / rate
                if candidate < end || end == .infinity {
                    guard candidate < ArrivalSampler.horizon else { return nil }
                    now = candidate
                    return PortableMath.roundedToInteger(now)
                }
                hazard = max(0, hazard - rate * (end - now))
            } else if end == .infinity {
                return nil
            }
            now = end
            piece += 1
        }
    }
}
