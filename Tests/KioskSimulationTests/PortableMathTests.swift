import Foundation
import KioskCore
@testable import KioskSimulation
import Testing

@Suite struct PortableMathTests {
    @Test func logAgreesWithTheCLibraryWithinOneUlp() {
        var generator = Xoshiro256StarStar(seed: 1)
        var inputs: [Double] = [1, 2, 0.5, 10, 1e-300, 1e300, 0x1p-53, 1 - 0x1p-53, 1 + 0x1p-52, 0.7071067811865476, 1.4142135623730951]
        for _ in 0..<100_000 { inputs.append(1 - generator.nextUnitDouble()) }
        for _ in 0..<10_000 { inputs.append(generator.nextUnitDouble() * 1e6 + 1e-9) }
        for x in inputs {
            let ours = PortableMath.log(x)
            let theirs = Foundation.log(x)
            #expect(abs(ours - theirs) <= theirs.ulp, "log(\(x)): \(ours) against \(theirs)")
        }
    }

    @Test func logOfSpecialValues() {
        #expect(PortableMath.log(1) == 0)
        #expect(PortableMath.log(0) == -.infinity)
        #expect(PortableMath.log(-1).isNaN)
        #expect(PortableMath.log(.infinity) == .infinity)
        #expect(abs(PortableMath.log(0x1p-1074) - (-744.4400719213812)) < 1e-12)
    }

    @Test func logOfKnownInputsIsBitExact() {
        // Golden bits, so a change to the algorithm (or a compiler fusing its operations)
        // that would change seeded runs is caught.
        #expect(PortableMath.log(0.5).bitPattern == 0xBFE6_2E42_FEFA_39EF)
        #expect(PortableMath.log(0.1).bitPattern == 0xC002_6BB1_BBB5_5515)
        #expect(PortableMath.log(0.999).bitPattern == 0xBF50_6467_0D97_9B73)
    }

    @Test func roundingToAnIntegerAgreesWithTheStandardLibrary() {
        let edges: [Double] = [
            0, 0.5, 1.5, 2.5, 0.49999999999999994, 0.5000000000000001, 1, 3.4999999999999996, 123_456.5,
            4_503_599_627_370_495.5, 0x1p52 - 1, 0x1p51 + 0.5, .leastNonzeroMagnitude,
        ]
        for x in edges { #expect(PortableMath.roundedToInteger(x) == Int64(x.rounded()), "\(x)") }
        var generator = Xoshiro256StarStar(seed: 17)
        for _ in 0..<100_000 {
            // Exponentials scaled across the magnitudes service times and arrivals take.
            let x = generator.nextExponential() * Double(1 << generator.nextInt(below: 40))
            guard PortableMath.roundedToInteger(x) == Int64(x.rounded()) else {
                Issue.record("\(x) rounds to \(PortableMath.roundedToInteger(x)), not \(Int64(x.rounded()))")
                return
            }
        }
    }
}
