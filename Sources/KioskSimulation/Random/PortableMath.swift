/// Mathematics that gives the same bits on every machine.
///
/// The platform's `log` differs between C libraries in the last bit for some inputs; one
/// such bit would change a seeded run's exponential draws, hence its whole report. This one
/// is built only from correctly rounded IEEE 754 operations, evaluated in a fixed order.
enum PortableMath {
    /// The natural logarithm (within 1 ulp), by the algorithm of fdlibm's `log` (Sun
    /// Microsystems, 1993).
    ///
    /// x = 2^k · (1 + f) with 1 + f in [√2/2, √2); with s = f / (2 + f),
    /// ln(1 + f) = f − f²/2 + s·(f²/2 + R(s²)), R a minimax polynomial, and ln 2 split in
    /// two parts so that k·ln2hi is exact.
    static func log(_ input: Double) -> Double {
        var x = input
        var bits = x.bitPattern
        var hx = Int32(truncatingIfNeeded: bits >> 32)
        let lx = UInt32(truncatingIfNeeded: bits)
        var k: Int32 = 0
        if hx < 0x0010_0000 { // below 2^-1022: zero, negative or subnormal
            if (hx & 0x7FFF_FFFF) == 0 && lx == 0 { return -.infinity }
            if hx < 0 { return .nan }
            k -= 54
            x *= 0x1p54
            bits = x.bitPattern
            hx = Int32(truncatingIfNeeded: bits >> 32)
        }
        if hx >= 0x7FF0_0000 { return x + x }
        k += (hx >> 20) - 1023
        hx &= 0x000F_FFFF
        let i = (hx &+ 0x95F64) & 0x0010_0000
        // Scale x to [√2/2, √2): exponent 0, or −1 when the significand is past √2.
        let high = UInt64(UInt32(bitPattern: hx | (i ^ 0x3FF0_0000)))
        x = Double(bitPattern: high << 32 | (bits & 0xFFFF_FFFF))
        k += i >> 20
        let f = x - 1.0
        let dk = Double(k)
        if (0x000F_FFFF & (2 &+ hx)) < 3 { // |f| < 2^-20
            if f == 0 { return k == 0 ? 0 : dk * ln2Hi + dk * ln2Lo }
            let r = f * f * (0.5 - 0.33333333333333333 * f)
            return k == 0 ? f - r : dk * ln2Hi - ((r - dk * ln2Lo) - f)
        }
        let s = f / (2.0 + f)
        let z = s * s
        let w = z * z
        let t1 = w * (lg2 + w * (lg4 + w * lg6))
        let t2 = z * (lg1 + w * (lg3 + w * (lg5 + w * lg7)))
        let r = t2 + t1
        if ((hx &- 0x6147A) | (0x6B851 &- hx)) > 0 {
            let hfsq = 0.5 * f * f
            return k == 0 ? f - (hfsq - s * (hfsq + r)) : dk * ln2Hi - ((hfsq - (s * (hfsq + r) + dk * ln2Lo)) - f)
        }
        return k == 0 ? f - s * (f - r) : dk * ln2Hi - ((s * (f - r) - dk * ln2Lo) - f)
    }

    /// `x` rounded to the nearest whole number, halves away from zero — what
    /// `Int64(x.rounded())` gives — for `x` in `0..<2^52`, without a call into the C
    /// library: the whole part by truncation, then the fraction (exact, as a double's
    /// fraction always is) against one half.
    @inline(__always)
    static func roundedToInteger(_ x: Double) -> Int64 {
        let whole = Int64(x)
        return x - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    private static let ln2Hi = 6.93147180369123816490e-01 // 0x3FE62E42_FEE00000
    private static let ln2Lo = 1.90821492927058770002e-10 // 0x3DEA39EF_35793C76
    private static let lg1 = 6.666666666666735130e-01 // 0x3FE55555_55555593
    private static let lg2 = 3.999999999940941908e-01 // 0x3FD99999_9997FA04
    private static let lg3 = 2.857142874366239149e-01 // 0x3FD24924_94229359
    private static let lg4 = 2.222219843214978396e-01 // 0x3FCC71C5_1D8E78AF
    private static let lg5 = 1.818357216161805012e-01 // 0x3FC74664_96CB03DE
    private static let lg6 = 1.531383769920937332e-01 // 0x3FC39A09_D078C69F
    private static let lg7 = 1.479819860511658591e-01 // 0x3FC2F112_DF3E5244
}
