import Foundation
import KioskMenu
import KioskSinks

/// The choices' budgets: a big menu of sizes and options parses and binds near the plain one,
/// and `kiosk check --explain` bounds an item of millions of selections at once.
extension Figures {
    /// 10,000 items with 2 sizes and 3 groups of 4 options each, paired with the plain
    /// 10,000 items of `parse()`: compiled back to back, the ratio of each pair.
    func parseWithChoices() throws -> Figure {
        let plain = Array(MenuGenerator.kiosk().utf8)
        let rich = Array(MenuGenerator.kioskWithChoices().utf8)
        let compiler = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas, loader: InMemorySourceLoader(files: [:]))
        guard let compiled = compiler.compile(source: rich, path: "choices.kiosk").menu, compiled.menu.items.count == 10_000,
              compiled.menu.items.allSatisfy({ $0.choices?.groups.count == 3 && $0.choices?.sizes.count == 2 }) else {
            throw BenchError.failed("the generated menu with choices does not compile")
        }
        var ratios: [Double] = []
        var values: [Double] = []
        var baselines: [Double] = []
        for round in 0..<(runs * 2 + 2) {
            let p = Measure.seconds { _ = compiler.compile(source: plain, path: "plain.kiosk") }
            let r = Measure.seconds { _ = compiler.compile(source: rich, path: "choices.kiosk") }
            guard round >= 2 else { continue }
            values.append(r * 1000)
            baselines.append(p * 1000)
            ratios.append(r / p)
        }
        let ratio = Measure.median(ratios)
        return Figure(
            name: "parse + bind, 10,000 items with 2 sizes and 3 groups of 4 options", value: Measure.median(values), unit: "ms",
            baselineName: "the plain 10,000 items (\(plain.count / 1024) KiB; this one \(rich.count / 1024) KiB)", baseline: Measure.median(baselines),
            ratio: ratio, budget: "≤ 3×", holds: ratio <= 3,
            meaning: "a café's menu of choices starts and reloads nearly as fast as a plain one"
        )
    }

    /// A latte in two sizes with a substitution, an added line (twice at most) and a
    /// removal, and a plain croissant; stock for any run.
    static let latteMenu = """
        kiosk "Bench Cafe" currency "KRW"
        ingredient espresso stock 1000000000
        ingredient milk stock 1000000000
        ingredient oat-milk stock 1000000000
        ingredient sugar stock 1000000000
        ingredient croissant stock 1000000000
        item "Latte" {
          size small price 4000 needs espresso 1, milk 200, sugar 10
          size large price 5000 needs espresso 2, milk 300, sugar 10 default
          options "Milk" choose 1 {
            option "Whole" default
            option "Oat" price +500 replaces milk with oat-milk
          }
          options "Extras" choose 0..2 { option "Extra shot" price +500 needs espresso 1 repeat 2 }
          options "Sugar" choose 0..1 { option "No sugar" removes sugar }
        }
        item "Croissant" price 3000 needs croissant 1

        """

    /// Durable orders in conversation of a latte in a size with 3 options (a substitution,
    /// an added line and a removal) against a plain item of the same menu, in rounds that
    /// alternate the two: the ratio of each round's pair.
    func durableConversationWithChoices() throws -> Figure {
        let count = quick ? 300 : 1_500
        let menu = scratch + "/latte.kiosk"
        try Data(Figures.latteMenu.utf8).write(to: URL(fileURLWithPath: menu))
        guard Measure.run([kiosk, "check", menu], environment: environment).status == 0 else { throw BenchError.failed("the latte menu does not compile") }
        let (value, baseline, ratio) = try pairedConversationRates(
            (menu: menu, order: "order large latte +oat +extra shot +no sugar", lines: 1), against: (menu: menu, order: "order croissant"), count: count
        )
        return Figure(
            name: "durable orders/s in conversation, a latte with a size and 3 options", value: value, unit: "orders/s",
            baselineName: "a plain item of the same menu", baseline: baseline, ratio: ratio, budget: "≥ 0.9×", holds: ratio >= 0.9,
            meaning: "an order's choices cost next to nothing beside making it durable"
        )
    }

    /// `kiosk check --explain` of an item with 2,097,152 allowed selections (2 sizes, 5 groups
    /// of 4 options taking 0 to 4), against `kiosk check` of the same file: time, and memory
    /// that stays flat.
    func explainMillions() throws -> Figure {
        var menu = "ingredient bean stock 100\nitem Big {\n  size s price 100 needs bean 1 default\n  size l price 200 needs bean 2\n"
        for group in 0..<5 {
            menu += "  options G\(group) choose 0..4 {\n"
            for option in 0..<4 { menu += "    option \"O\(group)-\(option)\" price +\(option * 10)\n" }
            menu += "  }\n"
        }
        let path = scratch + "/explain.kiosk"
        try Data((menu + "}\n").utf8).write(to: URL(fileURLWithPath: path))
        var seconds: [Double] = []
        var plainSeconds: [Double] = []
        var peaks: [Double] = []
        var plainPeaks: [Double] = []
        for round in 0..<(runs + 1) {
            let plain = Measure.run([kiosk, "check", path], environment: environment)
            let explained = Measure.run([kiosk, "check", path, "--explain", "big"], environment: environment)
            guard plain.status == 0, explained.status == 0 else { throw BenchError.failed("kiosk check --explain failed") }
            guard round > 0 else { continue }
            seconds.append(explained.seconds * 1000)
            plainSeconds.append(plain.seconds * 1000)
            peaks.append(peakMegabytes([kiosk, "check", path, "--explain", "big"]))
            plainPeaks.append(peakMegabytes([kiosk, "check", path]))
        }
        let value = Measure.median(seconds)
        let baseline = Measure.median(plainSeconds)
        let (peak, plainPeak) = (Measure.median(peaks), Measure.median(plainPeaks))
        return Figure(
            name: String(format: "kiosk check --explain, an item of 2,097,152 selections (peak %.1f MB; check alone %.1f MB)", peak, plainPeak),
            value: value, unit: "ms", baselineName: "kiosk check of the same file", baseline: baseline,
            ratio: value / baseline, budget: "< 1 s, memory flat", holds: value < 1000 && !(peak > plainPeak * 1.1),
            meaning: "an item's millions of selections are counted and bounded, never listed"
        )
    }

    /// The peak memory of a short run, in MB, as GNU time reports it (`%M`, KiB): a child
    /// of this process would count the pages it shares with this one before its exec.
    /// Not a number without /usr/bin/time.
    private func peakMegabytes(_ argv: [String]) -> Double {
        let report = scratch + "/peak.txt"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time"),
              Measure.run(["/usr/bin/time", "-f", "%M", "-o", report] + argv, environment: environment).status == 0,
              let text = try? String(contentsOfFile: report, encoding: .utf8),
              let kilobytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return .nan }
        return kilobytes / 1024
    }
}
