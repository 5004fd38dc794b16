/// Quantiles of Student's t distribution, for confidence intervals over few replications,
/// where the normal distribution's 1.96 would claim too much.
public enum StudentT {
    /// The 0.975 quantile with `degreesOfFreedom` ≥ 1: the factor of a two-sided 95 %
    /// interval. Exact to 9 decimals up to 30 degrees of freedom (a table); above, the
    /// Cornish–Fisher expansion in 1/degrees to the fourth order, within 3·10⁻⁸.
    public static func quantile975(degreesOfFreedom degrees: Int) -> Double {
        precondition(degrees >= 1, "Student's t needs at least one degree of freedom")
        if degrees <= table975.count { return table975[degrees - 1] }
        let z = 1.959963984540054
        let z2 = z * z
        let z3 = z2 * z
        let z5 = z3 * z2
        let z7 = z5 * z2
        let z9 = z7 * z2
        let g1 = (z3 + z) / 4
        let g2 = (5 * z5 + 16 * z3 + 3 * z) / 96
        let g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384
        let g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160
        let v = Double(degrees)
        return z + (g1 + (g2 + (g3 + g4 / v) / v) / v) / v
    }

    private static let table975: [Double] = [
        12.706204736, 4.302652730, 3.182446305, 2.776445105, 2.570581836,
        2.446911851, 2.364624252, 2.306004135, 2.262157163, 2.228138852,
        2.200985160, 2.178812830, 2.160368656, 2.144786688, 2.131449546,
        2.119905299, 2.109815578, 2.100922040, 2.093024054, 2.085963447,
        2.079613845, 2.073873068, 2.068657610, 2.063898562, 2.059538553,
        2.055529439, 2.051830516, 2.048407142, 2.045229642, 2.042272456,
    ]
}
