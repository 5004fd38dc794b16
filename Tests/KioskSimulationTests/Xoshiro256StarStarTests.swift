import KioskCore
import KioskSimulation
import Testing

@Suite struct Xoshiro256StarStarTests {
    // Golden values from the reference C code of xoshiro256** and splitmix64, compiled
    // separately: any change to the generator, its seeding or its jumps shows here.
    @Test func seed42GivesTheReferenceSequence() {
        var generator = Xoshiro256StarStar(seed: 42)
        let first = (0..<5).map { _ in generator.next() }
        #expect(first == [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1, 0xECB8_AD47_03B3_60A1, 0xFDE6_DC7F_E2EC_5E64])
    }

    @Test func seedZeroIsAValidSeed() {
        var generator = Xoshiro256StarStar(seed: 0)
        #expect([generator.next(), generator.next()] == [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A])
    }

    @Test func splitMixGivesTheReferenceSequence() {
        var mixer = SplitMix64(seed: 42)
        #expect([mixer.next(), mixer.next(), mixer.next()] == [0xBDD7_3226_2FEB_6E95, 0x28EF_E333_B266_F103, 0x4752_6757_130F_9F52])
    }

    @Test func jumpsLandWhereTheReferenceLands() {
        var jumped = Xoshiro256StarStar(seed: 42)
        jumped.jump()
        #expect([jumped.next(), jumped.next()] == [0x5008_6EF8_3CBF_4F4A, 0xBA28_5EC2_1347_D703])
        var longJumped = Xoshiro256StarStar(seed: 42)
        longJumped.longJump()
        #expect([longJumped.next(), longJumped.next()] == [0xA0A4_CB77_19D4_9439, 0xA999_7044_10EF_D911])
    }

    @Test func unitDoublesAreTheTop53BitsTimesTwoToTheMinus53() {
        var generator = Xoshiro256StarStar(seed: 42)
        var reference = Xoshiro256StarStar(seed: 42)
        for _ in 0..<100 {
            let value = generator.nextUnitDouble()
            #expect(value == Double(reference.next() >> 11) / 9_007_199_254_740_992)
            #expect(value >= 0 && value < 1)
        }
    }

    @Test func exponentialDrawsAreMinusTheLogOfOneMinusU() {
        var generator = Xoshiro256StarStar(seed: 7)
        var statistics = RunningStatistics()
        for _ in 0..<200_000 { statistics.add(generator.nextExponential()) }
        // Mean 1 and variance 1: the standard error of the mean is 1/√200,000 ≈ 0.0022.
        #expect(abs(statistics.mean - 1) < 0.01)
        #expect(abs(statistics.variance - 1) < 0.03)
        #expect(statistics.minimum >= 0 && statistics.maximum < 37)
    }

    @Test func boundedIntegersAreUnbiasedAndInRange() {
        var generator = Xoshiro256StarStar(seed: 3)
        var counts = [0, 0, 0]
        for _ in 0..<300_000 { counts[Int(generator.nextInt(below: 3))] += 1 }
        // Each count is binomial(300,000, 1/3): standard deviation 258.
        for count in counts { #expect(abs(count - 100_000) < 1_300) }
        #expect(generator.nextInt(below: 1) == 0)
        #expect(generator.nextInt(below: .max) < .max)
    }
}
