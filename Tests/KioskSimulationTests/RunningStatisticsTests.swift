import KioskSimulation
import Testing

@Suite struct RunningStatisticsTests {
    @Test func meanVarianceMinimumAndMaximumOfKnownValues() {
        let statistics = RunningStatistics([2, 4, 4, 4, 5, 5, 7, 9])
        #expect(statistics.count == 8)
        #expect(statistics.mean == 5)
        #expect(statistics.variance == 32.0 / 7)
        #expect(statistics.minimum == 2)
        #expect(statistics.maximum == 9)
    }

    @Test func aLargeOffsetDoesNotCostPrecision() {
        // The naive sum of squares loses every digit here; Welford's update keeps them.
        let statistics = RunningStatistics([1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16])
        #expect(statistics.mean == 1e9 + 10)
        #expect(statistics.variance == 30)
    }

    @Test func emptyAndSingleValues() {
        #expect(RunningStatistics().variance == 0)
        #expect(RunningStatistics([3]).variance == 0)
        #expect(RunningStatistics([3]).mean == 3)
    }
}
