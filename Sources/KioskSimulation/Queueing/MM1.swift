/// The M/M/1 queue in steady state: Poisson arrivals at rate λ, one server with
/// exponential service at rate μ, first come first served.
///
/// Rates are per any one unit of time; times come out in that unit.
public struct MM1: Sendable, Equatable {
    public let arrivalRate: Double
    public let serviceRate: Double

    /// `nil` unless 0 < λ < μ: the queue has no steady state otherwise.
    public init?(arrivalRate lambda: Double, serviceRate mu: Double) {
        guard lambda > 0, mu > 0, lambda < mu else { return nil }
        arrivalRate = lambda
        serviceRate = mu
    }

    /// ρ = λ/μ, the server's busy fraction and the probability of waiting.
    public var utilisation: Double { arrivalRate / serviceRate }
    /// Wq = ρ / (μ − λ).
    public var meanWaitInQueue: Double { utilisation / (serviceRate - arrivalRate) }
    /// W = 1 / (μ − λ).
    public var meanTimeInSystem: Double { 1 / (serviceRate - arrivalRate) }
    /// L = ρ / (1 − ρ) = λW.
    public var meanNumberInSystem: Double { utilisation / (1 - utilisation) }
    /// Lq = ρ² / (1 − ρ) = λWq.
    public var meanNumberInQueue: Double { utilisation * utilisation / (1 - utilisation) }
}
