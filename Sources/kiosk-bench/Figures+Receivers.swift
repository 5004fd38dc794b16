import Foundation
import KioskTestSupport

/// Order throughput with a webhook sink whose receiver is slow or down, next to the same
/// orders with no sinks.
extension Figures {
    /// A receiver that is down: connections are refused at once, so `kiosk-http` never
    /// waits on an open connection. What is left of the gap is what the sink costs the
    /// order path itself — the journal record each command writes; the slow receiver's
    /// figure minus this one is what waiting on an open connection costs besides.
    func deadReceiver() throws -> Figure {
        // Bound but not listening: the port refuses connections and no other program takes it.
        let server = try TestHTTPServer(keepsRequests: false, listening: false)
        defer { server.stop() }
        let (plain, withSink, ratio) = try pairedThroughput(sink: "webhook url \"\(server.url)\"")
        return Figure(
            name: "order throughput, webhook receiver down", value: withSink, unit: "orders/s",
            baselineName: "no sinks: \(Int(plain)) orders/s", baseline: plain,
            ratio: ratio, budget: "for information", holds: nil,
            meaning: "what a webhook sink costs the order path with no connection open: the journal record per command"
        )
    }

    /// Orders per second without sinks and with `sink`, and the median of the paired ratios.
    ///
    /// 300,000 orders, like the other batch figures' hundreds of thousands: in a much
    /// shorter run the sink run's start-up and the scheduler's noise move the ratio.
    func pairedThroughput(sink: String) throws -> (plain: Double, withSink: Double, ratio: Double) {
        let count = quick ? 100_000 : 300_000
        let (menu, orders) = try orderFiles(count)
        let expectedBytes = count * "Mango Juice is ready. Enjoy!\n".utf8.count
        var plain: [Double] = []
        var withSink: [Double] = []
        var ratios: [Double] = []
        // Paired, back to back: this machine's speed drifts more between minutes than
        // between two runs, so each pair gives its own ratio and the median of those counts
        // (of eleven pairs: with fewer, the median moves from one run to the next).
        for round in 0..<(runs > 3 ? 12 : 3) {
            let p = try timeToOutput([kiosk, "--menu", menu, "-f", orders], bytes: expectedBytes)
            // Each run leaves the events the receiver had no time for in its journal, which
            // the next would deliver first. Start afresh: that is not the receiver's cost.
            try? FileManager.default.removeItem(atPath: scratch + "/state")
            let s = try timeToOutput([kiosk, "--menu", menu, "-f", orders, "--flush-timeout", "1s", "--sink", sink], bytes: expectedBytes)
            guard round > 0 else { continue }
            plain.append(p)
            withSink.append(s)
            ratios.append(p / s)
        }
        return (Double(count) / Measure.median(plain), Double(count) / Measure.median(withSink), Measure.median(ratios))
    }
}
