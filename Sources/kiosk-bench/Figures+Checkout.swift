import Foundation
import KioskTestSupport

/// The checkout's figures: an order and its cash payment in conversation against orders
/// alone, orders and card payments over HTTP against SQLite, and the Z report of a day of
/// a million paid orders.
extension Figures {
    /// A stand that takes money: one item at 5,000 won, the reader answering at once.
    static let checkoutMenu = """
        kiosk "Bench Stand" currency "KRW"
        ingredient mango stock 1000000000
        item "Mango Juice" price 5000 needs mango 1
        checkout pay later reader latency 0ms

        """

    /// The stand's menu as a file; `taxed`, with a VAT in its price, so that every payment
    /// also folds its share of the order's tax into the drawer's day by tax rate.
    private func checkoutMenuFile(taxed: Bool = false) throws -> String {
        let menu = scratch + (taxed ? "/checkout-taxed.kiosk" : "/checkout.kiosk")
        try Data((Figures.checkoutMenu + (taxed ? "tax \"VAT\" 10% included\n" : "")).utf8).write(to: URL(fileURLWithPath: menu))
        guard Measure.run([kiosk, "check", menu], environment: environment).status == 0 else {
            throw BenchError.failed("the checkout menu does not compile")
        }
        return menu
    }

    func checkout() throws -> [Figure] {
        [try durableOrderAndCash(), try ordersAndPaymentsOverHTTP(), try zReportOfAMillionOrders()]
    }

    /// Orders paid in cash through a pipe against orders alone on the same menu, in pairs:
    /// a client that writes `order mango juice` and `pay cash 5000` (the last open order) at
    /// once, and waits for both answers; kiosk keeps the two records in one commit, durable
    /// before either answer shows.
    func durableOrderAndCash() throws -> Figure {
        let menu = try checkoutMenuFile()
        let count = quick ? 300 : 1_500
        func rate(paying: Bool) throws -> Double {
            let state = scratch + "/checkout-conversation"
            try? FileManager.default.removeItem(atPath: state)
            let conversation = try Conversation([kiosk, "--state", state, "--menu", menu], environment: environment)
            defer { conversation.finish() }
            func one() throws {
                // With the payment: its message, "paid in full", and the change.
                if paying {
                    try conversation.ask("order mango juice\npay cash 5000", lines: 4)
                } else {
                    try conversation.ask("order mango juice")
                }
            }
            for _ in 0..<20 { try one() }
            let seconds = try Measure.seconds { for _ in 0..<count { try one() } }
            return Double(count) / seconds
        }
        var values: [Double] = []
        var baselines: [Double] = []
        var ratios: [Double] = []
        for round in 0..<(quick ? 2 : 4) {
            let alone = try rate(paying: false)
            let paid = try rate(paying: true)
            guard round > 0 else { continue }
            values.append(paid)
            baselines.append(alone)
            ratios.append(paid / alone)
        }
        let ratio = Measure.median(ratios)
        return Figure(
            name: "durable order + cash payment/s in conversation", value: Measure.median(values), unit: "paid orders/s",
            baselineName: "orders alone, same menu", baseline: Measure.median(baselines), ratio: ratio, budget: "≥ 0.8×",
            holds: ratio >= 0.8,
            meaning: "taking the money costs little beside taking the order: each answer is on disk before it shows"
        )
    }

    /// `POST /orders` then `POST /orders/{n}/payments` by card on an instant reader, from 32
    /// keep-alive connections, against SQLite committing one row per transaction.
    func ordersAndPaymentsOverHTTP() throws -> Figure {
        guard Measure.available("wrk") else { throw BenchError.failed("wrk is not installed (apt-get install wrk)") }
        let menu = try checkoutMenuFile()
        let script = scratch + "/order-and-pay.lua"
        // Each thread keeps the orders it was given and pays each once, before ordering again.
        try Data("""
        local unpaid = {}
        local headers = {["Content-Type"] = "application/json"}
        request = function()
          local order = table.remove(unpaid)
          if order then
            -- As the customer the order's answer gave the key to.
            local paying = {["Content-Type"] = "application/json", ["Kiosk-Payment-Key"] = order.key}
            return wrk.format("POST", "/api/v1/orders/" .. order.number .. "/payments", paying, '{"tender":"card","card":"4242424242424242"}')
          end
          return wrk.format("POST", "/api/v1/orders", headers, '{"lines":[{"item":"Mango Juice","quantity":1}]}')
        end
        response = function(status, headers, body)
          if status == 201 then
            -- An order's answer carries its number; a payment's is not an order's.
            if body:sub(1, 19) == '{"command":"order",' then
              local order = body:match('"order":(%d+)')
              local key = body:match('"paymentKey":"(%x+)"')
              if order and key then table.insert(unpaid, {number = order, key = key}) end
            end
          end
        end

        """.utf8).write(to: URL(fileURLWithPath: script))
        var rates: [Double] = []
        var sqlite: [Double] = []
        for round in 0..<(quick ? 2 : 3) {
            let state = scratch + "/serve-checkout"
            try? FileManager.default.removeItem(atPath: state)
            let server = try ServerUnderBench(kiosk: kiosk, arguments: ["--state", state, "--menu", menu], environment: environment, scratch: scratch)
            let result = try WrkResult.run(url: server.url + "/orders", connections: 32, seconds: quick ? 5 : 10, script: script)
            server.stop()
            guard result.failures == 0 else { throw BenchError.failed("\(result.failures) orders or payments were not answered 201") }
            let baseline = try sqliteRate(quick ? 500 : 2_000)
            guard round > 0 else { continue }
            rates.append(result.requestsPerSecond / 2)
            sqlite.append(baseline)
        }
        let value = Measure.median(rates)
        let baseline = Measure.median(sqlite)
        return Figure(
            name: "POST /orders + POST /payments (card), 32 connections", value: value, unit: "paid orders/s",
            baselineName: baseline.isNaN ? "sqlite3 (not installed: no ratio)" : "sqlite3 WAL synchronous=FULL, 1 INSERT per transaction",
            baseline: baseline, ratio: value / baseline, budget: "≥ 2×", holds: baseline.isNaN ? nil : value >= 2 * baseline,
            meaning: "tablets ordering and paying at once share group commits: two durable requests per order, still faster than one database row"
        )
    }

    /// `report z` on a state holding a day of 1,000,000 orders each paid in cash (100,000
    /// with `--quick`), on the stand with a VAT (the day by tax rate folded too): the time
    /// of the whole command, start-up and the journal's fold with it, and its peak memory
    /// against the same on a day of a tenth as many.
    func zReportOfAMillionOrders() throws -> Figure {
        let menu = try checkoutMenuFile(taxed: true)
        let count = quick ? 100_000 : 1_000_000
        func day(_ orders: Int) throws -> String {
            let state = scratch + "/z-\(orders)"
            try? FileManager.default.removeItem(atPath: state)
            let script = scratch + "/z-\(orders).txt"
            try Data(("drawer open 100000\n" + String(repeating: "order mango juice\npay cash 5000\n", count: orders)).utf8)
                .write(to: URL(fileURLWithPath: script))
            let run = Measure.run([kiosk, "--quiet", "--state", state, "--menu", menu, "-f", script], environment: environment)
            guard run.status == 0 else { throw BenchError.failed("the day of \(orders) paid orders did not run") }
            return state
        }
        func report(_ state: String) throws -> (seconds: Double, megabytes: Double) {
            let copy = state + "-z"
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: state, toPath: copy)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: kiosk)
            process.arguments = ["--quiet", "--state", copy, "--menu", menu, "-c", "report z"]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let started = Date()
            try process.run()
            let peak = Measure.peakMegabytes(waitingFor: process, every: 2_000)
            let seconds = Date().timeIntervalSince(started)
            guard process.terminationStatus == 0 else { throw BenchError.failed("report z exited with \(process.terminationStatus)") }
            return (seconds, peak)
        }
        let big = try day(count)
        let small = try day(count / 10)
        var times: [Double] = []
        var bigPeaks: [Double] = []
        var smallPeaks: [Double] = []
        for _ in 0..<(quick ? 1 : 3) {
            let measured = try report(big)
            times.append(measured.seconds)
            bigPeaks.append(measured.megabytes)
            smallPeaks.append(try report(small).megabytes)
        }
        let seconds = Measure.median(times)
        let memory = Measure.median(bigPeaks) / Measure.median(smallPeaks)
        return Figure(
            name: "report z over a day of \(count.formatted()) paid orders (peak memory \(String(format: "%.2f", memory))× a tenth of it)",
            value: seconds * 1000, unit: "ms", budget: .atMost(2000, shown: "< 2 s"),
            meaning: "the day's totals are kept as it goes: closing it reads no order twice, in memory that does not grow with the day"
        )
    }
}
