import Foundation
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
}
