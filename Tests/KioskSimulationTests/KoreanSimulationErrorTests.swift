import KioskCore
import KioskSimulation
import KioskText
import Testing

/// Why a simulation cannot run, in the operator's language, with the same figures.
@Suite struct KoreanSimulationErrorTests {
    @Test func everySimulationErrorInKorean() {
        let cases: [(SimulationError, String)] = [
            (.noStations, "시뮬레이션에는 스테이션이 적어도 하나 있어야 합니다"),
            (.staffOutOfRange(station: "bar", staff: 0), "스테이션 'bar'의 직원 수 0: 1에서 1,000 사이여야 합니다"),
            (.itemCountMismatch(menu: 7, profiles: 6), "메뉴의 품목은 7개인데 시뮬레이션에 주어진 것은 6개입니다"),
            (.unknownStation(item: "딸기우유", station: 3), "'딸기우유'를 만드는 스테이션 3이 없습니다"),
            (.nothingPopular, "모든 품목의 인기도가 0이라 아무 손님도 주문하지 않습니다"),
            (.customersOutOfRange(0), "손님 0명은 범위를 벗어납니다: 1에서 1,000,000,000까지"),
            (.replicationsOutOfRange(1001), "반복 1001회는 범위를 벗어납니다: 1에서 1,000까지"),
            (.order(item: "Mango Juice", .empty), "kiosk가 'Mango Juice' 주문을 검토할 수 없었습니다: 주문이 비어 있습니다"),
        ]
        for (error, korean) in cases {
            #expect(Localization.$speaking.withValue(.korean) { error.message } == korean)
        }
        #expect(SimulationError.staffOutOfRange(station: "bar", staff: 0).message == "station 'bar' has 0 staff: it needs 1 to 1,000")
        #expect(SimulationError.order(item: "Mango Juice", .totalTooLarge).message
            == "the kiosk could not consider an order of 'Mango Juice': the sales total would pass what the ledger can hold")
    }
}
