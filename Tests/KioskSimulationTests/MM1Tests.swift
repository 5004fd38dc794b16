import KioskSimulation
import Testing

@Suite struct MM1Tests {
    @Test func fiftyAnHourAtSixtyAnHour() throws {
        let queue = try #require(MM1(arrivalRate: 50, serviceRate: 60))
        #expect(abs(queue.utilisation - 5.0 / 6) < 1e-15)
        #expect(abs(queue.meanWaitInQueue * 60 - 5) < 1e-12) // minutes
        #expect(abs(queue.meanTimeInSystem * 60 - 6) < 1e-12)
        #expect(abs(queue.meanNumberInSystem - 5) < 1e-12)
        #expect(abs(queue.meanNumberInQueue - 25.0 / 6) < 1e-12)
        // Little's law holds between the formulas.
        #expect(abs(queue.meanNumberInSystem - 50 * queue.meanTimeInSystem) < 1e-12)
    }

    @Test func noSteadyStateAtOrPastCapacity() {
        #expect(MM1(arrivalRate: 60, serviceRate: 60) == nil)
        #expect(MM1(arrivalRate: 0, serviceRate: 60) == nil)
    }
}
