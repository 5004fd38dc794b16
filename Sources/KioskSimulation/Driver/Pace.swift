/// Runs a simulation alongside real time, `factor` simulated seconds per real second, for
/// sinks to watch a day unfold. Pure: the caller owns the real clock and does the sleeping.
///
///     let pace = Pace(factor: 60)          // a simulated minute per real second
///     while !(try simulation.run(until: pace.simulatedLimit(afterRealMilliseconds: elapsed), observer: observer)) {
///         guard let next = simulation.nextEventTime else { break }
///         sleep until start + pace.realMilliseconds(toReach: next)
///     }
public struct Pace: Sendable, Equatable {
    public let factor: Double

    /// `nil` unless `factor` is positive and finite.
    public init?(factor: Double) {
        guard factor > 0, factor.isFinite else { return nil }
        self.factor = factor
    }

    /// How far the simulation (milliseconds since opening) may have run after
    /// `realMilliseconds` of real time.
    public func simulatedLimit(afterRealMilliseconds real: Int64) -> Int64 {
        let limit = (Double(max(0, real)) * factor).rounded(.down)
        return limit < 0x1p62 ? Int64(limit) : Int64(1) << 62
    }

    /// The real milliseconds after the start at which simulated time reaches `simulated`.
    public func realMilliseconds(toReach simulated: Int64) -> Int64 {
        let real = (Double(max(0, simulated)) / factor).rounded(.up)
        return real < 0x1p62 ? Int64(real) : Int64(1) << 62
    }
}
