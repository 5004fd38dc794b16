import Foundation
import KioskTestSupport
import Testing

/// `kiosk simulate` on a menu with a `checkout`, as the built binary runs it: customers pay
/// by card at the readers or in cash, and the report says how.
@Suite struct SimulateCheckoutTests {
    static let menu = """
        kiosk "Stand" currency "USD"
        ingredient cup stock 100000
        station counter staff 2
        item "Tea" price 2.10 needs cup 1 prep 1m station counter
        item "Scone" price 3.03 needs cup 1 prep 2m station counter
        checkout reader latency 20s cash rounding 5
        simulate { arrivals 08:00 50/h }

        """

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func customersPayByTenderAndQueueAtTheReaders() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("stand.kiosk", Self.menu)
        let options = ["simulate", "--menu", path, "--hours", "3", "--seed", "11", "--card-share", "70%", "--decline-rate", "10%", "--readers", "1"]
        let text = try KioskProcess(arguments: options).run()
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("\nPayments: "))
        #expect(text.stdout.contains("\ncard readers  served  utilisation  waited  longest queue  wait mean  wait p90  wait max\n"))
        let again = try KioskProcess(arguments: options).run()
        #expect(again.stdout == text.stdout)

        let result = try KioskProcess(arguments: options + ["--json"]).run()
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        let configuration = try #require(report["configuration"] as? [String: Any])
        let settings = try #require(configuration["checkout"] as? [String: Any])
        #expect(settings["cardShare"] as? Double == 70)
        #expect(settings["declineRate"] as? Double == 10)
        #expect(settings["readerLatencySeconds"] as? Double == 20)
        let run = try #require((report["runs"] as? [[String: Any]])?.first)
        let served = try #require(run["served"] as? Int)
        let checkout = try #require(run["checkout"] as? [String: Any])
        let tenders = try #require(checkout["tenders"] as? [String: [String: Any]])
        let cardPayments = try #require(tenders["card"]?["payments"] as? Int)
        let cashPayments = try #require(tenders["cash"]?["payments"] as? Int)
        let declines = try #require(checkout["declines"] as? Int)
        #expect(served > 100)
        #expect(checkout["payments"] as? Int == served)
        #expect(cardPayments + cashPayments == served)
        #expect(cardPayments > cashPayments)
        let reader = try #require(checkout["reader"] as? [String: Any])
        #expect(reader["served"] as? Int == cardPayments + declines)
        let utilisation = try #require(reader["utilisation"] as? Double)
        #expect(utilisation > 0 && utilisation < 1)
        // Revenue by tender adds up to the whole, to the cent.
        let card = try #require(tenders["card"]?["revenue"] as? Double)
        let cash = try #require(tenders["cash"]?["revenue"] as? Double)
        let revenue = try #require(checkout["revenue"] as? Double)
        #expect(abs(card + cash - revenue) < 0.005)
    }

    @Test func checkoutOptionsAreCheckedAndNeedACheckout() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("stand.kiosk", Self.menu)
        for (option, value) in [("--card-share", "101%"), ("--decline-rate", "x"), ("--readers", "0"), ("--readers", "99999999999999999999")] {
            let result = try KioskProcess(arguments: ["simulate", "--menu", path, option, value]).run()
            #expect(result.status == 64, "\(option) \(value)")
            #expect(result.stderr.contains(option), "\(result.stderr)")
            #expect(result.stdout == "")
        }
        // The bundled Juice Maker has no checkout: nobody pays, and the option says so.
        let plain = try KioskProcess(arguments: ["simulate", "--hours", "1", "--seed", "1", "--card-share", "50%"]).run()
        #expect(plain.status == 65)
        #expect(plain.stderr == "kiosk simulate: '--card-share' needs a menu with a checkout statement: without one, customers pay nothing\n")
    }
}
