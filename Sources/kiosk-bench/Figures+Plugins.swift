import Foundation
import KioskCore
import KioskMenu
import KioskSinks

/// Plugin sinks: the Swift example's rate, acknowledging each event, against the log sink's
/// in the same run; and what asking plugins for their options adds to `kiosk check`.
extension Figures {
    /// The example plugin, installed in the scratch directory under `names`.
    func installExamplePlugin(as names: [String]) throws -> String {
        let built = URL(fileURLWithPath: kiosk).deletingLastPathComponent().appendingPathComponent("kiosk-plugin-example").path
        let directory = scratch + "/plugins"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in names {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
            try FileManager.default.copyItem(atPath: built, toPath: directory + "/" + name)
        }
        return directory
    }

    /// Events by the batch the sink takes, `send(batch:)` after `send(batch:)` as its runner
    /// calls it, until every one is delivered: events per second.
    func sinkRate(_ sink: any Sink, events: [Event]) throws -> Double {
        let started = ContinuousClock.now
        var next = 0
        while next < events.count {
            let end = min(next + sink.batchLimit, events.count)
            do throws(BatchFailure) {
                try sink.send(batch: events[next..<end])
            } catch {
                throw BenchError.failed("the sink failed: \(error.failure.reason)")
            }
            next = end
        }
        return Double(events.count) / (ContinuousClock.now - started).seconds
    }

    func pluginSinkRate() throws -> Figure {
        let count = quick ? 50_000 : 300_000
        let events = try Figures.events(count)
        let directory = try installExamplePlugin(as: ["example"])
        let catalog = PluginCatalog(directories: [directory], environment: environment)
        let description = try catalog.describe(name: "example", path: directory + "/example").get()
        var plugin: [Double] = []
        var log: [Double] = []
        var ratios: [Double] = []
        for round in 0..<(quick ? 3 : 6) {
            let sink = PluginSink(description: description, declaration: SinkDeclaration(kind: "example"), environment: environment)
            try sink.start()
            let p = try sinkRate(sink, events: events)
            sink.close(by: .now.advanced(by: .seconds(2)))
            let path = scratch + "/plugin-bench.jsonl"
            try? FileManager.default.removeItem(atPath: path)
            let logSink = try LogSink(path: ConfigText(path))
            let l = try sinkRate(logSink, events: events)
            logSink.close(by: .now.advanced(by: .seconds(2)))
            guard round > 0 else { continue }
            plugin.append(p)
            log.append(l)
            ratios.append(p / l)
        }
        let value = Measure.median(plugin)
        let ratio = Measure.median(ratios)
        return Figure(
            name: "events/s through a plugin sink acknowledging each (the Swift example)", value: value, unit: "events/s",
            baselineName: "the log sink", baseline: Measure.median(log), ratio: ratio,
            budget: "≥ 100,000/s and ≥ 0.5×", holds: value >= 100_000 && ratio >= 0.5,
            meaning: "a sink in another process, delivering at least once, keeps up with a busy kiosk"
        )
    }

    /// `kiosk check` of a menu with five plugin sinks (five plugins), against the same menu
    /// without them: the milliseconds the plugins' descriptions and configuring add.
    func checkWithPlugins() throws -> Figure {
        let names = (1...5).map { "example\($0)" }
        let directory = try installExamplePlugin(as: names)
        let plain = scratch + "/plugins-plain.kiosk"
        let withPlugins = scratch + "/plugins-five.kiosk"
        let menu = "kiosk \"Bench\"\ningredient mango stock 1000000000\nitem \"Mango Juice\" needs mango 1\n"
        try Data(menu.utf8).write(to: URL(fileURLWithPath: plain))
        try Data((menu + names.map { "sink \($0) { refuse \"order.failed\" }\n" }.joined()).utf8).write(to: URL(fileURLWithPath: withPlugins))
        var without: [Double] = []
        var with: [Double] = []
        for round in 0..<(runs + 1) {
            let a = Measure.run([kiosk, "check", "--plugin-path", directory, plain], environment: environment)
            let b = Measure.run([kiosk, "check", "--plugin-path", directory, withPlugins], environment: environment)
            guard a.status == 0, b.status == 0 else { throw BenchError.failed("kiosk check of the plugin menus failed") }
            guard round > 0 else { continue }
            without.append(a.seconds * 1000)
            with.append(b.seconds * 1000)
        }
        let added = Measure.median(with) - Measure.median(without)
        return Figure(
            name: "kiosk check, 5 plugin sinks: milliseconds added", value: added, unit: "ms",
            baselineName: "check without them", baseline: Measure.median(without),
            ratio: added / 100, budget: "< 100 ms", holds: added < 100,
            meaning: "asking each plugin for its options before anything runs costs little"
        )
    }

    /// `count` events of orders through a kiosk.
    static func events(_ count: Int) throws -> [Event] {
        let menu = try Menu(
            name: "Bench", ingredients: [Ingredient(name: "mango", initialStock: Menu.maximumQuantity, lowMark: 0)],
            items: [Item(name: "Mango Juice", recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        )
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        events.reserveCapacity(count)
        for _ in 0..<count {
            try kiosk.place(Order(item: 0), at: Timestamp(millisecondsSince1970: 1_795_262_400_000), emitting: &events)
        }
        return events
    }
}
