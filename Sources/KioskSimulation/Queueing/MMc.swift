/// The M/M/c queue in steady state (Erlang C): Poisson arrivals at rate λ, c servers each
/// with exponential service at rate μ, one first-come-first-served queue.
///
/// The probability of waiting comes from Erlang B's recurrence
/// B(0) = 1, B(k) = a·B(k−1) / (k + a·B(k−1)) with a = λ/μ, then
/// C = B(c) / (1 − ρ(1 − B(c))): every term stays in [0, 1], so there is no a^c/c! to
/// overflow or cancel, and c in the hundreds is as accurate as c = 1.
public struct MMc: Sendable, Equatable {
    public let arrivalRate: Double
    public let serviceRate: Double
    public let servers: Int

    /// `nil` unless λ > 0, μ > 0, c ≥ 1 and λ < cμ.
    public init?(arrivalRate lambda: Double, serviceRate mu: Double, servers c: Int) {
        guard lambda > 0, mu > 0, c >= 1, lambda < Double(c) * mu else { return nil }
        arrivalRate = lambda
        serviceRate = mu
        servers = c
    }

    /// a = λ/μ, the offered load in erlangs.
    public var offeredLoad: Double { arrivalRate / serviceRate }
    /// ρ = λ/(cμ), each server's busy fraction.
    public var utilisation: Double { offeredLoad / Double(servers) }

    /// Erlang B: the probability that all servers are busy in the loss system.
    public var erlangB: Double {
        let a = offeredLoad
        var b = 1.0
        for k in 1...servers { b = a * b / (Double(k) + a * b) }
        return b
    }

    /// Erlang C: the probability that an arriving customer waits.
    public var probabilityOfWaiting: Double {
        let b = erlangB
        return b / (1 - utilisation * (1 - b))
    }

    /// Wq = C / (cμ − λ).
    public var meanWaitInQueue: Double { probabilityOfWaiting / (Double(servers) * serviceRate - arrivalRate) }
    /// W = Wq + 1/μ.
    public var meanTimeInSystem: Double { meanWaitInQueue + 1 / serviceRate }
    /// Lq = λWq.
    public var meanNumberInQueue: Double { arrivalRate * meanWaitInQueue }
    /// L = λW.
    public var meanNumberInSystem: Double { arrivalRate * meanTimeInSystem }
}
