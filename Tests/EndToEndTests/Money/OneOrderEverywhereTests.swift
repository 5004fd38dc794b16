import Foundation
import KioskTestSupport
import KioskText
import Testing

/// One priced order, and its totals the same wherever they are shown: `POST /orders`'s
/// answer, its event on the stream's record, the REPL's `--json` price of the same lines,
/// its receipt over HTTP and at the prompt, and the report's day.
@Suite struct OneOrderEverywhereTests {
    static let menu = """
    kiosk "Corner Café" currency "KRW"
    ingredient cup stock 100
    item "Latte" price 4500 needs cup 1 tag drinks
    item "Croissant" price 3500 needs cup 1 tag food
    item "Muffin" price 3000 needs cup 1 tag food
    tax "부가세" 10% included
    tax "City" 1% added on tag food rounding up
    discount "House" 10% on tag drinks
    discount "Set saver" 1000 off order minimum 10000

    """

    /// The amounts of a `price` object: subtotal, each discount and tax, net, total and
    /// each line's total.
    static func amounts(_ price: [String: Any]?) -> [String] {
        guard let price else { return [] }
        func parts(_ key: String) -> [String] {
            (price[key] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "") \($0["amount"] ?? "")" }
        }
        let lines = (price["lines"] as? [[String: Any]] ?? []).map { "\($0["total"] ?? "")" }
        return ["\(price["subtotal"] ?? "")"] + parts("discounts") + parts("taxes") + ["\(price["net"] ?? "")", "\(price["total"] ?? "")"] + lines
    }

    @Test func theTotalsAreTheSameInTheAnswerTheEventTheREPLTheReceiptAndTheReport() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("cafe.kiosk", OneOrderEverywhereTests.menu)
        let state = scratch.path("state")
        let server = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"])
        let body = #"{"lines":[{"item":"Latte","quantity":2},{"item":"Croissant"},{"item":"Muffin"}]}"#
        let answer = try server.request("POST", "/api/v1/orders", body: body)
        #expect(answer.status == 201)
        let result = answer.json?["result"] as? [String: Any]
        let price = result?["price"] as? [String: Any]
        let expected = OneOrderEverywhereTests.amounts(price)
        // 2 × 4,500 less House 900; 15,600 reaches the minimum: Set saver 1,000 spread.
        #expect(expected.first == "15500" && expected.contains("House 900") && expected.contains("Set saver 1000"))
        let events = answer.json?["events"] as? [[String: Any]] ?? []
        let made = events.first { $0["type"] as? String == "order.succeeded" }
        #expect(OneOrderEverywhereTests.amounts((made?["data"] as? [String: Any])?["price"] as? [String: Any]) == expected)
        let sequence = try #require(made?["seq"] as? Int)
        let receipt = try server.request("GET", "/api/v1/orders/\(sequence)/receipt", operator: true)
        #expect(receipt.status == 200)
        #expect(OneOrderEverywhereTests.amounts((receipt.json?["result"] as? [String: Any])?["price"] as? [String: Any]) == expected)
        #expect(try server.request("GET", "/api/v1/orders/99999/receipt", operator: true).status == 404)
        #expect(server.stop() == 0)

        // At the prompt, on the same state: the same lines priced, the receipt, the report.
        let prompt = try KioskProcess("--menu", menu, "--state", state, "--json", "-c", "price 2 latte, croissant, muffin; receipt \(sequence); report").run()
        let objects = prompt.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == 3)
        let results = objects.map { $0["result"] as? [String: Any] }
        #expect(OneOrderEverywhereTests.amounts(results.first??["price"] as? [String: Any]) == expected)
        #expect(OneOrderEverywhereTests.amounts(results.dropFirst().first??["price"] as? [String: Any]) == expected)
        let day = (results.last??["days"] as? [[String: Any]])?.first
        #expect(day?["orders"] as? Int == 1)
        #expect("\(day?["total"] ?? "")" == "\(price?["total"] ?? "")")
        #expect("\(day?["gross"] ?? "")" == "\(price?["subtotal"] ?? "")")
        #expect("\(day?["net"] ?? "")" == "\(price?["net"] ?? "")")
        #expect("\(results.last??["revenue"] ?? "")" == "\(price?["total"] ?? "")")
        // The receipt as a person reads it: 공급가액, 부가세 and 합계 in Korean, adding up.
        let korean = try KioskProcess("--menu", menu, "--state", state, "--lang", "ko", "-c", "receipt \(sequence)").run()
        #expect(korean.stdout.contains("공급가액"))
        #expect(korean.stdout.contains("합계"))
    }
}
