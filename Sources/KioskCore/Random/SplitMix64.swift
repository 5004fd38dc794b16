/// SplitMix64 (Steele, Lea and Flood, 2014): turns one 64-bit seed into a well-mixed
/// sequence, used to fill the state of `Xoshiro256StarStar`.
///
/// Its output function is a bijection of a state that changes every step, so four
/// consecutive outputs are never all zero: any seed, 0 included, gives xoshiro a valid state.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
