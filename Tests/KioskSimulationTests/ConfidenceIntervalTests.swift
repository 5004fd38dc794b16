import KioskSimulation
import Testing

@Suite struct ConfidenceIntervalTests {
    @Test func confidenceIntervalsUseTNotTheNormal() {
        let interval = ConfidenceInterval(values: [10, 12, 14])
        // s = 2, R = 3: 4.302652730 · 2 / √3.
        #expect(interval.mean == 12)
        #expect(abs(interval.halfWidth - 4.302652730 * 2 / 3.0.squareRoot()) < 1e-12)
        #expect(ConfidenceInterval(values: [5]).halfWidth == 0)
    }
}
