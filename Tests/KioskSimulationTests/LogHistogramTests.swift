import KioskCore
import KioskSimulation
import Testing

@Suite struct LogHistogramTests {
    @Test func quantilesAreWithinOnePercentOfTheExactOnes() throws {
        var generator = Xoshiro256StarStar(seed: 9)
        var histogram = LogHistogram()
        var values: [Int64] = []
        for _ in 0..<50_000 {
            // Exponential waits with a 2-minute mean, in milliseconds, and some zeros.
            let value = generator.nextUnitDouble() < 0.2 ? 0 : Int64(generator.nextExponential() * 120_000)
            values.append(value)
            histogram.record(value)
        }
        values.sort()
        for q in [0.1, 0.5, 0.9, 0.99] {
            let exact = Double(values[Int((q * Double(values.count)).rounded(.up)) - 1])
            let estimate = try #require(histogram.quantile(q))
            #expect(abs(estimate - exact) <= exact * 0.01, "q \(q): \(estimate) against \(exact)")
        }
        #expect(histogram.quantile(1) == Double(values[values.count - 1]))
        #expect(histogram.count == 50_000)
    }

    @Test func smallValuesAreExact() {
        var histogram = LogHistogram()
        for value in [5, 1, 3, 2, 4] as [Int64] { histogram.record(value) }
        #expect(histogram.quantile(0.5) == 3)
        #expect(histogram.quantile(0.9) == 5)
        #expect(histogram.quantile(0) == 1)
        #expect(LogHistogram().quantile(0.5) == nil)
    }

    @Test func mergingIsRecordingBoth() {
        var a = LogHistogram()
        var b = LogHistogram()
        var both = LogHistogram()
        for value in stride(from: 0 as Int64, to: 10_000_000, by: 7_919) {
            if value % 2 == 0 { a.record(value) } else { b.record(value) }
            both.record(value)
        }
        a.merge(b)
        #expect(a == both)
    }

    @Test func aWeekInMillisecondsStaysWithinTheBound() throws {
        var histogram = LogHistogram()
        let week: Int64 = 7 * 86_400_000
        histogram.record(week)
        histogram.record(week - 1)
        let estimate = try #require(histogram.quantile(0.5))
        #expect(abs(estimate - Double(week - 1)) <= Double(week) * LogHistogram.relativeError)
    }
}
