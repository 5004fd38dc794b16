import KioskSimulation
import Testing

@Suite struct StudentTTests {
    @Test func smallDegreesOfFreedomFromTheTable() {
        // Values of the 0.975 quantile as any statistics table gives them.
        #expect(StudentT.quantile975(degreesOfFreedom: 1) == 12.706204736)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 4) - 2.776445) < 1e-6)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 9) - 2.262157) < 1e-6)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 30) - 2.042272) < 1e-6)
    }

    @Test func largeDegreesOfFreedomFromTheExpansionApproachTheNormal() {
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 31) - 2.039513446) < 1e-7)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 60) - 2.000297822) < 1e-7)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 999) - 1.962341461) < 1e-7)
        #expect(StudentT.quantile975(degreesOfFreedom: 1_000_000) > 1.959963)
    }
}
