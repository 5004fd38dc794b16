import KioskCore
@testable import KioskSimulation
import Testing

@Suite struct ArrivalSamplerTests {
    /// Counts of arrivals per piece of a profile, over `days` 24-hour runs.
    private func counts(_ text: String, opening: Int64, boundaries: [Int64], seed: UInt64) throws -> [Int] {
        var sampler = ArrivalSampler(arrivals: try Arrivals.parse(text), opening: opening)
        var generator = Xoshiro256StarStar(seed: seed)
        var counts = Array(repeating: 0, count: boundaries.count)
        var previous: Int64 = 0
        while let time = sampler.next(using: &generator), time < boundaries[boundaries.count - 1] {
            #expect(time >= previous)
            previous = time
            counts[boundaries.firstIndex { time < $0 } ?? 0] += 1
        }
        return counts
    }

    @Test func aConstantRateGivesPoissonCounts() throws {
        let hour: Int64 = 3_600_000
        let total = try counts("600/h", opening: 0, boundaries: [100 * hour], seed: 1)[0]
        // Poisson with mean 60,000: standard deviation 245.
        #expect(abs(total - 60_000) < 1_000)
    }

    @Test func aProfileGivesEachPieceItsRate() throws {
        let hour: Int64 = 3_600_000
        // Opening at 07:00: 180/h for 2 h, nothing for 1 h, then 600/h.
        let counts = try counts("07:00 180/h, 09:00 0/h, 10:00 600/h", opening: 7 * hour, boundaries: [2 * hour, 3 * hour, 13 * hour], seed: 2)
        #expect(abs(counts[0] - 360) < 80) // Poisson(360): σ = 19
        #expect(counts[1] == 0)
        #expect(abs(counts[2] - 6_000) < 320) // Poisson(6,000): σ = 77
    }

    @Test func aProfileEndingAtZeroEnds() throws {
        var sampler = ArrivalSampler(arrivals: try Arrivals.parse("08:00 60/h, 09:00 0/h"), opening: 8 * 3_600_000)
        var generator = Xoshiro256StarStar(seed: 3)
        var last: Int64 = 0
        while let time = sampler.next(using: &generator) { last = time }
        #expect(last < 3_600_000)
    }

    @Test func beforeAProfilesFirstTimeNobodyComes() throws {
        // A day that opens at 06:00 with a profile starting at 08:00.
        var sampler = ArrivalSampler(arrivals: try Arrivals.parse("08:00 600/h"), opening: 6 * 3_600_000)
        var generator = Xoshiro256StarStar(seed: 4)
        #expect((sampler.next(using: &generator) ?? 0) >= 2 * 3_600_000)
    }
}
