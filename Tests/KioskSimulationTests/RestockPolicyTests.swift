import KioskSimulation
import Testing

@Suite struct RestockPolicyTests {
    @Test func policiesAreReadAndWrittenBack() {
        #expect(RestockPolicy.parse("none") == RestockPolicy.none)
        #expect(RestockPolicy.parse("low") == .low(leadMilliseconds: 0))
        #expect(RestockPolicy.parse("low:30m") == .low(leadMilliseconds: 1_800_000))
        #expect(RestockPolicy.parse("every 2h") == .every(milliseconds: 7_200_000))
        #expect(RestockPolicy.parse("every:30m") == .every(milliseconds: 1_800_000))
        #expect(RestockPolicy.parse("sometimes") == nil)
        #expect(RestockPolicy.parse("low:soon") == nil)
        #expect(RestockPolicy.low(leadMilliseconds: 5_400_000).description == "low:90m")
        #expect(RestockPolicy.every(milliseconds: 7_200_000).description == "every 2h")
    }
}
