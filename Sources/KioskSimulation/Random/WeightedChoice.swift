import KioskCore

/// Picks an index with probability proportional to an integer weight: a cumulative table
/// and a binary search over one unbiased integer draw.
///
/// Integer weights keep the choice exact: with weights 3 and 1 the first index is drawn
/// for exactly three of every four values of the underlying draw.
public struct WeightedChoice: Sendable, Equatable {
    /// `cumulative[i]` is the sum of the weights up to and including `i`.
    private let cumulative: [UInt64]

    /// - Returns: `nil` when the weights are empty, any is negative, all are zero, or their
    ///   sum passes 2^62.
    public init?(weights: [Int]) {
        var sums: [UInt64] = []
        sums.reserveCapacity(weights.count)
        var total: UInt64 = 0
        for weight in weights {
            guard weight >= 0, UInt64(weight) <= WeightedChoice.maximumTotal - total else { return nil }
            total += UInt64(weight)
            sums.append(total)
        }
        guard total > 0 else { return nil }
        cumulative = sums
    }

    /// The largest sum of weights.
    public static let maximumTotal: UInt64 = 1 << 62

    public var total: UInt64 { cumulative.last ?? 0 }

    /// The first index whose cumulative weight passes a uniform draw in `0..<total`.
    ///
    /// With a single index there is nothing to choose, and no draw is made: the generator
    /// is left as it was (a stream that only chooses loses nothing by it).
    public func pick(using generator: inout Xoshiro256StarStar) -> Int {
        guard cumulative.count > 1 else { return 0 }
        let draw = generator.nextInt(below: total)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > draw {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
