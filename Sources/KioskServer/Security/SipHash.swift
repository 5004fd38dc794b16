/// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed hash built as a MAC for short
/// messages, 64 bits out. Swift's `Hasher` is SipHash too, but seeded anew in each
/// process; a payment key must be the same in every process on one state.
struct SipHash {
    private var v0: UInt64, v1: UInt64, v2: UInt64, v3: UInt64

    /// The 64-bit code of `message` under the 128-bit key `(k0, k1)`.
    static func code(_ message: [UInt8], key k0: UInt64, _ k1: UInt64) -> UInt64 {
        var state = SipHash(v0: 0x736f6d65_70736575 ^ k0, v1: 0x646f7261_6e646f6d ^ k1, v2: 0x6c796765_6e657261 ^ k0, v3: 0x74656462_79746573 ^ k1)
        let whole = message.count / 8 * 8
        var offset = 0
        while offset < whole {
            state.absorb(word(message, at: offset, count: 8))
            offset += 8
        }
        state.absorb(word(message, at: whole, count: message.count - whole) | UInt64(truncatingIfNeeded: message.count) << 56)
        state.v2 ^= 0xFF
        for _ in 0..<4 { state.round() }
        return state.v0 ^ state.v1 ^ state.v2 ^ state.v3
    }

    /// `count` bytes from `offset`, little-endian.
    private static func word(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        return value
    }

    private mutating func absorb(_ m: UInt64) {
        v3 ^= m
        round()
        round()
        v0 ^= m
    }

    private mutating func round() {
        v0 &+= v1; v1 = v1.rotated(13); v1 ^= v0; v0 = v0.rotated(32)
        v2 &+= v3; v3 = v3.rotated(16); v3 ^= v2
        v0 &+= v3; v3 = v3.rotated(21); v3 ^= v0
        v2 &+= v1; v1 = v1.rotated(17); v1 ^= v2; v2 = v2.rotated(32)
    }
}

extension UInt64 {
    fileprivate func rotated(_ bits: UInt64) -> UInt64 { self << bits | self >> (64 - bits) }
}
