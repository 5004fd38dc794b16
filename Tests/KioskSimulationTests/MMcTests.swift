import KioskSimulation
import Testing

@Suite struct MMcTests {
    // Reference values from the classical formula, a^c/c! · c/(c − a) over the sum of
    // a^k/k!, computed in exact rational arithmetic.

    @Test func threeServersAtEightyPercent() throws {
        let queue = try #require(MMc(arrivalRate: 2.4, serviceRate: 1, servers: 3))
        #expect(abs(queue.probabilityOfWaiting - 0.647191011235955) < 1e-14)
        #expect(abs(queue.meanWaitInQueue - 1.0786516853932584) < 1e-13)
        #expect(abs(queue.meanTimeInSystem - 2.0786516853932584) < 1e-13)
        #expect(abs(queue.utilisation - 0.8) < 1e-15)
    }

    @Test func oneServerIsMM1() throws {
        let c1 = try #require(MMc(arrivalRate: 50, serviceRate: 60, servers: 1))
        let m1 = try #require(MM1(arrivalRate: 50, serviceRate: 60))
        #expect(abs(c1.probabilityOfWaiting - m1.utilisation) < 1e-15)
        #expect(abs(c1.meanWaitInQueue - m1.meanWaitInQueue) < 1e-15)
    }

    @Test func manyServersStayAccurate() throws {
        // a^c/c! is 10^17 and beyond here; the recurrence never forms it.
        let fifty = try #require(MMc(arrivalRate: 45, serviceRate: 1, servers: 50))
        #expect(abs(fifty.probabilityOfWaiting - 0.3638644672069884) < 1e-13)
        #expect(abs(fifty.meanWaitInQueue - 0.07277289344139767) < 1e-14)
        let hundred = try #require(MMc(arrivalRate: 95, serviceRate: 1, servers: 100))
        #expect(abs(hundred.probabilityOfWaiting - 0.5064568539130206) < 1e-12)
    }

    @Test func noSteadyStateAtCapacity() {
        #expect(MMc(arrivalRate: 3, serviceRate: 1, servers: 3) == nil)
        #expect(MMc(arrivalRate: 1, serviceRate: 1, servers: 0) == nil)
    }
}
