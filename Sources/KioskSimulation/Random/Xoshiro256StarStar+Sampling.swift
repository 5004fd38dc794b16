import KioskCore

/// The samplers: exact, and the same bits on every machine.
///
/// Only IEEE 754 operations that are correctly rounded (+, −, ×, ÷) and `PortableMath.log`
/// are used, never the platform's `libm`, so a seed gives the same draws everywhere.
extension Xoshiro256StarStar {
    /// A double in [0, 1): the top 53 bits of the next number times 2^-53, so every value
    /// is a multiple of 2^-53 and each is equally likely.
    @inline(__always)
    public mutating func nextUnitDouble() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// An exponential variate with mean 1, by inversion: −ln(1 − U).
    ///
    /// 1 − U lies in (0, 1] and is exact, so the logarithm is finite: the largest value is
    /// 53·ln 2 ≈ 36.7.
    @inline(__always)
    public mutating func nextExponential() -> Double {
        -PortableMath.log(1 - nextUnitDouble())
    }

    /// A uniform integer in `0..<bound`, without bias (Lemire's multiply-and-reject).
    ///
    /// - Precondition: `bound > 0`.
    public mutating func nextInt(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "an empty range has no random member")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            // 2^64 mod bound: the low products below it are the surplus that would bias.
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }
}
