import KioskCore
import KioskSimulation
import Testing

@Suite struct RandomStreamsTests {
    @Test func eachPurposeHasItsOwnStreamAJumpApart() {
        var streams = RandomStreams(seed: 42)
        var base = Xoshiro256StarStar(seed: 42)
        #expect(streams.arrivals.next() == base.next())
        base = Xoshiro256StarStar(seed: 42)
        base.jump()
        #expect(streams.items.next() == base.next())
        base.jump()
        let draws = [streams.service.next(), streams.patience.next(), streams.ids.next()]
        #expect(Set(draws).count == 3)
    }

    @Test func replicationsAreALongJumpApart() {
        var first = RandomStreams(seed: 42, replication: 0)
        var second = RandomStreams(seed: 42, replication: 1)
        var block = Xoshiro256StarStar(seed: 42)
        block.longJump()
        #expect(second.arrivals.next() == block.next())
        #expect(first.arrivals.next() != second.arrivals.next())
    }
}
