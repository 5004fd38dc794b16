import KioskApplication
import KioskCore
import KioskTestSupport
import KioskText

/// Receipts made the real way — a menu, a session on a fixed clock, `order` and `pay` —
/// for the golden files and the printer sink's tests.
enum ReceiptSamples {
    /// A juice bar with a board (its receipts have a ticket) and a checkout.
    static let juiceBar = menu("juice-bar.kiosk")

    /// A café in dollars: a discount on drinks, a sales tax on food, cash rounding to 0.05.
    static let corner = menu("corner.kiosk")

    /// Korean names, a ticket, a VAT in the price; 똠 is not in KS X 1001 (it prints `?`).
    static let korean = menu("korean.kiosk")

    /// A menu of Golden/, beside the receipts it makes.
    static func menu(_ name: String) -> String {
        (try? Repository.text("Tests/KioskSinksTests/Printer/Golden/" + name)) ?? ""
    }

    struct Sample: Sendable, CustomStringConvertible {
        let name: String
        let layout: @Sendable () throws -> ReceiptLayout
        var description: String { name }
    }

    static let all: [Sample] = [
        Sample(name: "plain") { try receipt(juiceBar, ["order mango juice 2, kiwi juice", "pay card"]) },
        Sample(name: "discount-tax-tip") {
            try receipt(corner, ["order coffee 2, strawberry banana smoothie with extra mango, scone", "pay card 4242424242424242 tip 15%"])
        },
        Sample(name: "cash-change") { try receipt(corner, ["order coffee, scone", "pay cash 20"]) },
        Sample(name: "korean") {
            try Localization.$speaking.withValue(.korean) {
                try receipt(korean, ["order 딸기쥬스 2, 똠양 스무디", "pay cash 20000"], utcOffset: 9 * 3600)
            }
        },
        Sample(name: "z-report") {
            try zReport(corner, [
                "drawer open 100", "order coffee 2", "pay cash 10", "order scone", "pay card", "drawer in 20 change",
                "drawer out 12.50 milk", "drawer count 115.40",
            ], kiosk: "Corner Cafe", operatorName: "Ana")
        },
        Sample(name: "z-report-korean") {
            try Localization.$speaking.withValue(.korean) {
                try zReport(korean, ["drawer open 50000", "order 딸기쥬스", "pay cash 10000", "order 딸기쥬스", "pay card", "drawer count 54000"], kiosk: "쥬스 바", operatorName: "김민지")
            }
        },
    ]

    enum Failure: Error {
        case noEvent(String)
    }

    /// The events of `lines` run on `menu` by `operatorName`, each line required to succeed.
    static func events(_ menu: String, _ lines: [String], operatorName: String? = nil) throws -> [Event] {
        let harness = try SessionHarness(menu: menu, time: SessionClock(virtualAt: SessionHarness.fixedTime))
        harness.session.operatorName = operatorName
        var events: [Event] = []
        for line in lines {
            let result = try harness.run(line)
            if let error = result.error { throw Failure.noEvent("\(line): \(error)") }
            events += result.events
        }
        return events
    }

    /// The receipt of the last order paid by `lines`.
    static func receipt(_ menu: String, _ lines: [String], utcOffset: Int = 0) throws -> ReceiptLayout {
        let paid = try events(menu, lines).compactMap { event -> OrderReceipt? in
            if case .orderPaid(let receipt) = event.payload { receipt } else { nil }
        }
        guard let receipt = paid.last else { throw Failure.noEvent("order.paid") }
        return ReceiptLayout(receipt, time: receipt.time.civil(offsetSeconds: utcOffset))
    }

    /// The Z report that closes the day `lines` made, taken by `operatorName`.
    static func zReport(_ menu: String, _ lines: [String], kiosk: String, operatorName: String) throws -> ReceiptLayout {
        let closed = try events(menu, lines + ["report z"], operatorName: operatorName).compactMap { event -> (DrawerChanged, Timestamp)? in
            if case .drawer(let day) = event.payload, day.kind == .closed { (day, event.time) } else { nil }
        }
        guard let (day, time) = closed.last else { throw Failure.noEvent("drawer.closed") }
        return ReceiptLayout(zReport: day, kiosk: kiosk, time: time.civil())
    }
}
