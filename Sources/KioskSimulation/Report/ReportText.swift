import KioskCore
import KioskText

/// The report as text for a terminal: the same bytes for the same seed and inputs. Words
/// are in the operator's language; numbers, times and durations keep their formats, and
/// the tables align by display cells.
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
        case .customers(let count): tr("{count} customers", ["count": TextFormat.grouped(count)])
        }
        let patience = switch configuration.patience {
        case .unlimited: tr("unlimited")
        case .fixed(let milliseconds): DurationText.format(milliseconds)
        case .exponential(let mean): tr("exponential, mean {mean}", ["mean": DurationText.format(mean)])
        }
        var settings = [
            tr("{length} from {time}", ["length": stop, "time": TextFormat.clock(configuration.opening)]),
            tr("arrivals {arrivals}", ["arrivals": configuration.arrivals]),
            tr("service {service}", ["service": configuration.service.rawValue]), tr("patience {patience}", ["patience": patience]),
            tr("restock {restock}", ["restock": configuration.restock]),
        ]
        if let checkout = configuration.checkout {
            settings.append(tr(
                "card {share} (declines {rate}) · readers {count} × {latency}",
                ["share": checkout.cardShare, "rate": checkout.declineRate, "count": checkout.readers, "latency": DurationText.format(checkout.latencyMilliseconds)]
            ))
        }
        if report.runs.count > 1 { settings.append(tr("{count} replications", ["count": report.runs.count])) }
        return [tr("kiosk simulate: {menu}, seed {seed}", ["menu": report.menu, "seed": configuration.seed]), settings.joined(separator: " · ")]
    }

    // MARK: One run

    private static func runLines(_ run: RunReport, _ configuration: SimulationConfiguration) -> [String] {
        var customers = tr(
            "Customers: {arrived} arrived, {served} served, {refused} refused (out of stock), {left} left (out of patience)",
            [
                "arrived": TextFormat.grouped(run.arrived), "served": TextFormat.grouped(run.served), "refused": TextFormat.grouped(run.refused),
                "left": TextFormat.grouped(run.left),
            ]
        )
        // Only a run stopped early (Ctrl-C under --pace) ends with customers inside.
        let inside = run.arrived - run.served - run.refused - run.left
        if inside > 0 { customers += tr(", {count} still inside (stopped early)", ["count": TextFormat.grouped(inside)]) }
        var lines = ["", customers, ""]
        var stations = TextTable.report([tr("station"), tr("staff"), tr("served"), tr("left"), tr("utilisation"), tr("waited"), tr("longest queue")])
        for station in run.stations {
            stations.add([
                station.name, "\(station.staff)", TextFormat.grouped(station.served), TextFormat.grouped(station.left),
                TextFormat.percent(station.utilisation), TextFormat.percent(station.probabilityOfWaiting), "\(station.longestQueue)",
            ])
        }
        lines += stations.lines + [""]
        lines += timesTable(tr("wait in queue"), run.stations.map { ($0.name, $0.waitInQueue) }, all: run.waitInQueue) + [""]
        lines += timesTable(tr("time in system"), run.stations.map { ($0.name, $0.timeInSystem) }, all: run.timeInSystem) + [""]
        if let checkout = run.checkout { lines += checkoutLines(checkout) + [""] }
        lines += stockLines(run, opening: configuration.opening) + [""]
        let little = run.littlesLaw
        lines.append(
            tr(
                "Little's law: L = {average} customers in the system on average; λ·W = {rate}/h × {time} = {product}",
                [
                    "average": TextFormat.fixed(little.averageInSystem, 2), "rate": TextFormat.fixed(little.arrivalsPerHour, 1),
                    "time": TextFormat.duration(little.meanTimeInSystem), "product": TextFormat.fixed(little.product, 2),
                ]
            )
        )
        // A day that ends before its first customer (`--customers` with no arrivals) has no hours.
        if !run.hours.isEmpty { lines += [""] + chart(run.hours, opening: configuration.opening) }
        return lines
    }

    private static func timesTable(_ title: String, _ rows: [(String, RunReport.Times)], all: RunReport.Times) -> [String] {
        var table = TextTable.report([title, tr("mean"), tr("median"), tr("p90"), tr("max")])
        for (name, times) in rows + (rows.count > 1 ? [(tr("all stations"), all)] : []) {
            guard times.count > 0 else {
                table.add([name, "—", "—", "—", "—"])
                continue
            }
            table.add([name] + [times.mean, times.median, times.p90, times.maximum].map(TextFormat.duration))
        }
        return table.lines
    }

    /// Payments by tender, the declined cards, revenue by tender, and the card readers as
    /// a station: their utilisation and the wait for one.
    private static func checkoutLines(_ checkout: RunReport.Checkout) -> [String] {
        var payments = tr(
            "Payments: {payments}, {card} by card and {cash} in cash ({declined} after a declined card)",
            [
                "payments": TextFormat.grouped(checkout.payments), "card": TextFormat.grouped(checkout.cardPayments),
                "cash": TextFormat.grouped(checkout.cashPayments), "declined": TextFormat.grouped(checkout.declines),
            ]
        )
        if checkout.unpaid > 0 { payments += tr("; {count} with nothing to pay", ["count": TextFormat.grouped(checkout.unpaid)]) }
        let amounts = [checkout.cardRevenue, checkout.cashRevenue, checkout.revenue, checkout.cashRounding]
        let cents = amounts.contains { $0.hundredths % 100 != 0 }
        var tenders = TextTable.report([tr("tender"), tr("payments"), tr("revenue"), tr("rounding")])
        tenders.add([tr("card"), TextFormat.grouped(checkout.cardPayments), checkout.cardRevenue.grouped(cents: cents), "—"])
        tenders.add([
            tr("cash"), TextFormat.grouped(checkout.cashPayments), checkout.cashRevenue.grouped(cents: cents), checkout.cashRounding.grouped(cents: cents),
        ])
        tenders.add([tr("all"), TextFormat.grouped(checkout.payments), checkout.revenue.grouped(cents: cents), checkout.cashRounding.grouped(cents: cents)])
        let reader = checkout.reader
        // Every column a number: the first is the readers' count, not a name.
        var readers = TextTable([
            tr("card readers"), tr("served"), tr("utilisation"), tr("waited"), tr("longest queue"), tr("wait mean"), tr("wait p90"), tr("wait max"),
        ].map { ($0, .right) })
        let waits = reader.waitInQueue.count > 0 ? [reader.waitInQueue.mean, reader.waitInQueue.p90, reader.waitInQueue.maximum].map(TextFormat.duration) : ["—", "—", "—"]
        readers.add([
            "\(reader.staff)", TextFormat.grouped(reader.served), TextFormat.percent(reader.utilisation), TextFormat.percent(reader.probabilityOfWaiting),
            "\(reader.longestQueue)",
        ] + waits)
        return [payments, ""] + tenders.lines + [""] + readers.lines
    }

    private static func stockLines(_ run: RunReport, opening: Int64) -> [String] {
        var table = TextTable.report([
            tr("ingredient"), tr("start"), tr("demand"), tr("used"), tr("first short"), tr("lost orders"), tr("restocks"), tr("enough"),
        ])
        for ingredient in run.ingredients {
            table.add([
                ingredient.name, TextFormat.grouped(ingredient.startingStock), TextFormat.grouped(ingredient.demand),
                TextFormat.grouped(ingredient.used), ingredient.firstShort.map { TextFormat.time(opening + $0) } ?? "—",
                TextFormat.grouped(ingredient.lostOrders), TextFormat.grouped(ingredient.restocks),
                TextFormat.grouped(ingredient.sufficientStartingStock),
            ])
        }
        var lines = table.lines + [tr("enough: the starting stock that would have avoided every stock-out of this run.")]
        let out = run.optionsOut.map { out in
            tr("{option} of {item} ({ingredient}) at {time}", [
                "option": out.option, "item": out.item, "ingredient": out.ingredient, "time": TextFormat.time(opening + out.time),
            ])
        }
        if let first = out.first { lines.append(tr("First option out: {option}.", ["option": first])) }
        if out.count > 1 { lines.append(tr("Then: {options}.", ["options": out.dropFirst().joined(separator: "; ")])) }
        return lines
    }

    /// A bar per hour of the average number of customers waiting, scaled to the busiest hour.
    private static func chart(_ hours: [RunReport.Hour], opening: Int64) -> [String] {
        let width = 40.0
        let busiest = hours.map(\.averageWaiting).max() ?? 0
        var lines = [tr("Customers waiting each hour: average (peak)")]
        for hour in hours {
            let length = busiest > 0 ? Int((hour.averageWaiting / busiest * width).rounded(.up)) : 0
            let bar = String(repeating: "#", count: length) + String(repeating: " ", count: Int(width) - length)
            lines.append("\(TextFormat.clock(opening + hour.start)) |\(bar) \(TextFormat.fixed(hour.averageWaiting, 2)) (\(hour.peakWaiting))")
        }
        return lines
    }

    // MARK: Replications

    private static func replicationLines(_ summary: ReplicationSummary, _ report: SimulationReport) -> [String] {
        // The level is a value, so that no translation reads "% c" as a C format.
        let across = tr(
            "Across {count} replications: mean ± half-width of the {level} confidence interval", ["count": summary.replications, "level": "95 %"]
        )
        var lines = [across, ""]
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
        count(tr("arrived"), summary.arrived)
        count(tr("served"), summary.served)
        count(tr("refused"), summary.refused)
        count(tr("left"), summary.left)
        time(tr("wait in queue, mean"), summary.meanWaitInQueue)
        time(tr("wait in queue, p90"), summary.p90WaitInQueue)
        time(tr("time in system, mean"), summary.meanTimeInSystem)
        table.add([tr("in the system on average"), TextFormat.fixed(summary.averageInSystem.mean, 2), "±", TextFormat.fixed(summary.averageInSystem.halfWidth, 2)])
        for station in summary.stations {
            share(tr("{station}: utilisation", ["station": station.name]), station.utilisation)
            share(tr("{station}: waited", ["station": station.name]), station.probabilityOfWaiting)
            time(tr("{station}: wait in queue, mean", ["station": station.name]), station.meanWaitInQueue)
        }
        if let checkout = summary.checkout {
            count(tr("paid by card"), checkout.cardPayments)
            count(tr("paid in cash"), checkout.cashPayments)
            count(tr("declined cards"), checkout.declines)
            table.add([tr("revenue"), TextFormat.fixed(checkout.revenue.mean / 100, 2), "±", TextFormat.fixed(checkout.revenue.halfWidth / 100, 2)])
            share(tr("card readers: utilisation"), checkout.readerUtilisation)
            time(tr("card readers: wait, mean"), checkout.readerMeanWait)
        }
        lines += table.lines + [""]
        var stock = TextTable.report([tr("ingredient"), tr("start"), tr("enough")])
        for (index, ingredient) in (report.runs.first?.ingredients ?? []).enumerated() {
            stock.add([ingredient.name, TextFormat.grouped(ingredient.startingStock), TextFormat.grouped(summary.sufficientStartingStock[index])])
        }
        return lines + stock.lines + [tr("enough: the starting stock that would have avoided every stock-out of every replication.")]
    }
}
