/// Count, mean, variance, minimum and maximum of a stream of values, in constant memory
/// (Welford's update, which stays accurate when the mean is large beside the spread).
public struct RunningStatistics: Sendable, Equatable {
    public private(set) var count = 0
    public private(set) var mean: Double = 0
    /// The sum of squared differences from the running mean.
    private var squares: Double = 0
    /// `+∞` while empty.
    public private(set) var minimum: Double = .infinity
    /// `−∞` while empty.
    public private(set) var maximum: Double = -.infinity

    public init() {}

    public init(_ values: some Sequence<Double>) {
        for value in values { add(value) }
    }

    public mutating func add(_ value: Double) {
        count += 1
        let delta = value - mean
        mean += delta / Double(count)
        squares += delta * (value - mean)
        minimum = min(minimum, value)
        maximum = max(maximum, value)
    }

    /// The sample variance (divided by count − 1); 0 below two values.
    public var variance: Double { count > 1 ? squares / Double(count - 1) : 0 }

    public var standardDeviation: Double { variance.squareRoot() }
}
