import KioskText

/// The report as text for a terminal: the same bytes for the same seed and inputs.
public enum ReportText {
    public static func render(_ report: SimulationReport) -> String {
        var lines = header(report)
        if let summary = report.summary {
            lines += [""] + replicationLines(summary, report)
        } else if let run = report.runs.first {
            lines += runLines(run, report.configuration)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func header(_ report: SimulationReport) -> [String] {
        let configuration = report.configuration
        let stop = switch configuration.stop {
        case .duration(let milliseconds): DurationText.format(milliseconds)
        case .customers(let count): "\(TextFormat.grouped(count)) customers"
        }
        let patience = switch configuration.patience {
        case .unlimited: "unlimited"
        case .fixed(let milliseconds): DurationText.format(milliseconds)
        case .exponential(let mean): "exponential, mean \(DurationText.format(mean))"
        }
        var settings = [
            "\(stop) from \(TextFormat.clock(configuration.opening))", "arrivals \(configuration.arrivals)",
            "service \(configuration.service.rawValue)", "patience \(patience)", "restock \(configuration.restock)",
        ]
        if report.runs.count > 1 { settings.append("\(report.runs.count) replications") }
        return ["kiosk simulate: \(report.menu), seed \(configuration.seed)", settings.joined(separator: " · ")]
    }

    // MARK: One run

    private static func runLines(_ run: RunReport, _ configuration: SimulationConfiguration) -> [String] {
        var customers = "Customers: \(TextFormat.grouped(run.arrived)) arrived, \(TextFormat.grouped(run.served)) served, "
            + "\(TextFormat.grouped(run.refused)) refused (out of stock), \(TextFormat.grouped(run.left)) left (out of patience)"
        // Only a run stopped early (Ctrl-C under --pace) ends with customers inside.
        let inside = run.arrived - run.served - run.refused - run.left
        if inside > 0 { customers += ", \(TextFormat.grouped(inside)) still inside (stopped early)" }
        var lines = ["", customers, ""]
        var stations = TextTable.report(["station", "staff", "served", "left", "utilisation", "waited", "longest queue"])
        for station in run.stations {
            stations.add([
                station.name, "\(station.staff)", TextFormat.grouped(station.served), TextFormat.grouped(station.left),
                TextFormat.percent(station.utilisation), TextFormat.percent(station.probabilityOfWaiting), "\(station.longestQueue)",
            ])
        }
        lines += stations.lines + [""]
        lines += timesTable("wait in queue", run.stations.map { ($0.name, $0.waitInQueue) }, all: run.waitInQueue) + [""]
        lines += timesTable("time in system", run.stations.map { ($0.name, $0.timeInSystem) }, all: run.timeInSystem) + [""]
        lines += stockLines(run, opening: configuration.opening) + [""]
        let little = run.littlesLaw
        lines.append(
            "Little's law: L = \(TextFormat.fixed(little.averageInSystem, 2)) customers in the system on average; "
                + "λ·W = \(TextFormat.fixed(little.arrivalsPerHour, 1))/h × \(TextFormat.duration(little.meanTimeInSystem)) "
                + "= \(TextFormat.fixed(little.product, 2))"
        )
        // A day that ends before its first customer (`--customers` with no arrivals) has no hours.
        if !run.hours.isEmpty { lines += [""] + chart(run.hours, opening: configuration.opening) }
        return lines
    }

    private static func timesTable(_ title: String, _ rows: [(String, RunReport.Times)], all: RunReport.Times) -> [String] {
        var table = TextTable.report([title, "mean", "median", "p90", "max"])
        for (name, times) in rows + (rows.count > 1 ? [("all stations", all)] : []) {
            guard times.count > 0 else {
                table.add([name, "—", "—", "—", "—"])
                continue
            }
            table.add([name] + [times.mean, times.median, times.p90, times.maximum].map(TextFormat.duration))
        }
        return table.lines
    }

    private static func stockLines(_ run: RunReport, opening: Int64) -> [String] {
        var table = TextTable.report(["ingredient", "start", "demand", "used", "first short", "lost orders", "restocks", "enough"])
        for ingredient in run.ingredients {
            table.add([
                ingredient.name, TextFormat.grouped(ingredient.startingStock), TextFormat.grouped(ingredient.demand),
                TextFormat.grouped(ingredient.used), ingredient.firstShort.map { TextFormat.time(opening + $0) } ?? "—",
                TextFormat.grouped(ingredient.lostOrders), TextFormat.grouped(ingredient.restocks),
                TextFormat.grouped(ingredient.sufficientStartingStock),
            ])
        }
        return table.lines + ["enough: the starting stock that would have avoided every stock-out of this run."]
    }

    /// A bar per hour of the average number of customers waiting, scaled to the busiest hour.
    private static func chart(_ hours: [RunReport.Hour], opening: Int64) -> [String] {
        let width = 40.0
        let busiest = hours.map(\.averageWaiting).max() ?? 0
        var lines = ["Customers waiting each hour: average (peak)"]
        for hour in hours {
            let length = busiest > 0 ? Int((hour.averageWaiting / busiest * width).rounded(.up)) : 0
            let bar = String(repeating: "#", count: length) + String(repeating: " ", count: Int(width) - length)
            lines.append("\(TextFormat.clock(opening + hour.start)) |\(bar) \(TextFormat.fixed(hour.averageWaiting, 2)) (\(hour.peakWaiting))")
        }
        return lines
    }

    // MARK: Replications

    private static func replicationLines(_ summary: ReplicationSummary, _ report: SimulationReport) -> [String] {
        var lines = ["Across \(summary.replications) replications: mean ± half-width of the 95 % confidence interval", ""]
        var table = TextTable(alignments: [.left, .right, .right, .right])
        func count(_ name: String, _ interval: ConfidenceInterval) {
            table.add([name, TextFormat.fixed(interval.mean, 1), "±", TextFormat.fixed(interval.halfWidth, 1)])
        }
        func time(_ name: String, _ interval: ConfidenceInterval) {
            table.add([name, TextFormat.duration(interval.mean), "±", TextFormat.duration(interval.halfWidth)])
        }
        func share(_ name: String, _ interval: ConfidenceInterval) {
            table.add([name, TextFormat.percent(interval.mean), "±", TextFormat.percent(interval.halfWidth)])
        }
        count("arrived", summary.arrived)
        count("served", summary.served)
        count("refused", summary.refused)
        count("left", summary.left)
        time("wait in queue, mean", summary.meanWaitInQueue)
        time("wait in queue, p90", summary.p90WaitInQueue)
        time("time in system, mean", summary.meanTimeInSystem)
        table.add(["in the system on average", TextFormat.fixed(summary.averageInSystem.mean, 2), "±", TextFormat.fixed(summary.averageInSystem.halfWidth, 2)])
        for station in summary.stations {
            share("\(station.name): utilisation", station.utilisation)
            share("\(station.name): waited", station.probabilityOfWaiting)
            time("\(station.name): wait in queue, mean", station.meanWaitInQueue)
        }
        lines += table.lines + [""]
        var stock = TextTable.report(["ingredient", "start", "enough"])
        for (index, ingredient) in (report.runs.first?.ingredients ?? []).enumerated() {
            stock.add([ingredient.name, TextFormat.grouped(ingredient.startingStock), TextFormat.grouped(summary.sufficientStartingStock[index])])
        }
        return lines + stock.lines + ["enough: the starting stock that would have avoided every stock-out of every replication."]
    }
}
