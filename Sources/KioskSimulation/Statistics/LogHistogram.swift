/// A histogram of non-negative integers (milliseconds) in logarithmic buckets, HDR-style,
/// for quantiles within 1 % without keeping every value.
///
/// Values below 128 have a bucket each. Above, each power of two [2^e, 2^(e+1)) is cut into
/// 64 equal buckets, so a bucket is at most 1/64 of its smallest value wide and its
/// midpoint is within 1/128 (0.8 %) of every value in it. Buckets are added as larger
/// values arrive: about 2,000 cover a week in milliseconds.
public struct LogHistogram: Sendable, Equatable {
    private var counts: [UInt64] = []
    public private(set) var count: UInt64 = 0
    public private(set) var minimum: Int64 = .max
    public private(set) var maximum: Int64 = .min

    /// How far a reported quantile may be from the true value, relative to it.
    public static let relativeError = 1.0 / 128

    public init() {}

    /// Records `value`; negative values count as 0.
    public mutating func record(_ value: Int64) {
        let value = max(0, value)
        let index = LogHistogram.bucket(of: UInt64(value))
        if index >= counts.count {
            counts.append(contentsOf: repeatElement(0, count: index + 1 - counts.count))
        }
        counts[index] += 1
        count += 1
        minimum = min(minimum, value)
        maximum = max(maximum, value)
    }

    /// Adds every value of `other`.
    public mutating func merge(_ other: LogHistogram) {
        if other.counts.count > counts.count {
            counts.append(contentsOf: repeatElement(0, count: other.counts.count - counts.count))
        }
        for (index, n) in other.counts.enumerated() { counts[index] += n }
        count += other.count
        minimum = min(minimum, other.minimum)
        maximum = max(maximum, other.maximum)
    }

    /// The `q`-quantile by nearest rank (the smallest value with at least q·count values
    /// at or below it), as its bucket's midpoint clamped to the minimum and maximum (the
    /// first and last ranks are those, exactly); `nil` when empty.
    public func quantile(_ q: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = max(1, min(count, UInt64((q * Double(count)).rounded(.up))))
        // The extremes are known exactly.
        if rank == 1 { return Double(minimum) }
        if rank == count { return Double(maximum) }
        var seen: UInt64 = 0
        for (index, n) in counts.enumerated() {
            seen += n
            if seen >= rank {
                let (low, width) = LogHistogram.range(of: index)
                let middle = Double(low) + Double(width - 1) / 2
                return min(max(middle, Double(minimum)), Double(maximum))
            }
        }
        return Double(maximum)
    }

    static func bucket(of value: UInt64) -> Int {
        guard value >= 128 else { return Int(value) }
        let exponent = 63 - value.leadingZeroBitCount // ≥ 7
        let sub = Int(value >> UInt64(exponent - 6)) // [64, 128)
        return 128 + (exponent - 7) * 64 + (sub - 64)
    }

    /// The smallest value of bucket `index` and how many values it holds.
    static func range(of index: Int) -> (low: UInt64, width: UInt64) {
        guard index >= 128 else { return (UInt64(index), 1) }
        let exponent = (index - 128) / 64 + 7
        let sub = UInt64((index - 128) % 64 + 64)
        let shift = UInt64(exponent - 6)
        return (sub << shift, 1 << shift)
    }
}
