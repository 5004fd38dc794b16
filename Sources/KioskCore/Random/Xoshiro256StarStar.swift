/// xoshiro256** 1.0 (Blackman and Vigna, 2018): every random number the simulator uses,
/// and the random bits of the event ids (`UUIDv7Generator`).
///
/// Seeded through `SplitMix64`, so one seed gives the same sequence on every machine and
/// with every Swift release. Draw through the samplers of `KioskSimulation` (`nextUnitDouble`,
/// `nextExponential`, `nextInt(below:)`, `WeightedChoice`), never the standard library's
/// `random(in:using:)`: those may change their algorithm between releases, which would
/// change a seeded run. `jump()` and `longJump()` move 2^128 and 2^192 steps ahead, which
/// is how `RandomStreams` makes streams that never overlap.
// Inlinable: the simulator draws in another module, on its hottest path.
@frozen
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable, Equatable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
    }

    @inlinable @inline(__always)
    public mutating func next() -> UInt64 {
        let result = Xoshiro256StarStar.rotate(s1 &* 5, left: 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Xoshiro256StarStar.rotate(s3, left: 45)
        return result
    }

    /// Moves 2^128 steps ahead: 2^128 non-overlapping streams from one state.
    public mutating func jump() {
        apply(jumpPolynomial: (0x180E_C6D3_3CFD_0ABA, 0xD5A6_1266_F0C9_392C, 0xA958_2618_E03F_C9AA, 0x39AB_DC45_29B1_661C))
    }

    /// Moves 2^192 steps ahead: 2^64 starting points, each with room for 2^64 `jump()`s.
    public mutating func longJump() {
        apply(jumpPolynomial: (0x76E1_5D3E_FEFD_CBBF, 0xC500_4E44_1C52_2FB3, 0x7771_0069_854E_E241, 0x3910_9BB0_2ACB_E635))
    }

    /// The published jump: the state after 2^k steps is a sum (xor) of the states along the
    /// way, chosen by the bits of the characteristic polynomial's power.
    private mutating func apply(jumpPolynomial words: (UInt64, UInt64, UInt64, UInt64)) {
        var sum: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for word in [words.0, words.1, words.2, words.3] {
            for bit in 0..<64 {
                if word & (1 << UInt64(bit)) != 0 {
                    sum.0 ^= s0
                    sum.1 ^= s1
                    sum.2 ^= s2
                    sum.3 ^= s3
                }
                _ = next()
            }
        }
        (s0, s1, s2, s3) = sum
    }

    @inlinable @inline(__always)
    static func rotate(_ value: UInt64, left k: UInt64) -> UInt64 { (value << k) | (value >> (64 - k)) }
}
