import KioskSimulation
import Testing

@Suite struct TimeWeightedCountTests {
    @Test func theAreaIsTheSumOfLevelTimesDuration() {
        var count = TimeWeightedCount()
        count.change(by: 2, at: 1_000) // 0 for 1 s
        count.change(by: -1, at: 4_000) // 2 for 3 s
        count.change(by: -1, at: 10_000) // 1 for 6 s
        #expect(count.area == 12_000)
        #expect(count.average(over: 12_000) == 1)
        #expect(count.peak == 2)
        #expect(count.level == 0)
    }

    @Test func hoursSplitTheAreaAtTheirBoundaries() {
        let hour = TimeWeightedCount.hour
        var count = TimeWeightedCount(byHour: true)
        count.change(by: 3, at: hour / 2) // 3 from 0:30
        count.change(by: -2, at: 2 * hour + hour / 4) // 1 from 2:15
        count.advance(to: 3 * hour)
        #expect(count.hours.map(\.area) == [3 * Double(hour) / 2, 3 * Double(hour), 3 * Double(hour) / 4 + Double(hour) * 3 / 4, 0])
        #expect(count.hours.map(\.peak) == [3, 3, 3, 1])
        #expect(count.area == count.hours.map(\.area).reduce(0, +))
    }
}
