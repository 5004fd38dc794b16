import KioskCore
import KioskText

/// The report as one JSON object, for programs: the same bytes for the same seed and
/// inputs. Times are seconds with millisecond decimals; times of day are `HH:MM:SS.mmm`.
public enum ReportJSON {
    public static func render(_ report: SimulationReport) -> String {
        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        json.field("menu", report.menu)
        json.key("seed")
        json.raw(Array(String(report.configuration.seed).utf8))
        configuration(report.configuration, into: &json)
        json.key("runs")
        json.beginArray()
        for run in report.runs { self.run(run, opening: report.configuration.opening, into: &json) }
        json.endArray()
        json.key("summary")
        if let summary = report.summary { self.summary(summary, report, into: &json) } else { json.null() }
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    private static func configuration(_ configuration: SimulationConfiguration, into json: inout JSONWriter) {
        json.key("configuration")
        json.beginObject()
        json.field("opening", TextFormat.clock(configuration.opening))
        switch configuration.stop {
        case .duration(let milliseconds): seconds("durationSeconds", Double(milliseconds), into: &json)
        case .customers(let count): json.field("customers", count)
        }
        json.field("arrivals", configuration.arrivals.description)
        json.field("service", configuration.service.rawValue)
        json.key("patience")
        switch configuration.patience {
        case .unlimited: json.null()
        case .fixed(let milliseconds): json.string(DurationText.format(milliseconds))
        case .exponential(let mean): json.string("exponential \(DurationText.format(mean))")
        }
        json.field("restock", configuration.restock.description)
        json.array("stations", objects: configuration.stations) { json, station in
            json.field("name", station.name)
            json.field("staff", station.staff)
        }
        if let checkout = configuration.checkout {
            json.key("checkout")
            json.beginObject()
            json.key("cardShare")
            json.raw(Array(percent(checkout.cardShare).utf8))
            json.key("declineRate")
            json.raw(Array(percent(checkout.declineRate).utf8))
            json.field("readers", checkout.readers)
            seconds("readerLatencySeconds", Double(checkout.latencyMilliseconds), into: &json)
            json.key("cashStep")
            json.raw(Array(Money(hundredths: checkout.cashStep).description.utf8))
            json.endObject()
        }
        json.endObject()
    }

    private static func run(_ run: RunReport, opening: Int64, into json: inout JSONWriter) {
        json.beginObject()
        json.field("replication", run.replication + 1)
        seconds("durationSeconds", Double(run.duration), into: &json)
        json.field("arrived", run.arrived)
        json.field("served", run.served)
        json.field("refused", run.refused)
        json.field("left", run.left)
        json.array("stations", objects: run.stations) { json, station in
            json.field("name", station.name)
            json.field("staff", station.staff)
            json.field("served", station.served)
            json.field("left", station.left)
            number("utilisation", station.utilisation, 4, into: &json)
            number("probabilityOfWaiting", station.probabilityOfWaiting, 4, into: &json)
            times("waitInQueue", station.waitInQueue, into: &json)
            times("timeInSystem", station.timeInSystem, into: &json)
            json.field("longestQueue", station.longestQueue)
        }
        times("waitInQueue", run.waitInQueue, into: &json)
        times("timeInSystem", run.timeInSystem, into: &json)
        json.array("ingredients", objects: run.ingredients) { json, ingredient in
            json.field("name", ingredient.name)
            json.field("startingStock", ingredient.startingStock)
            json.field("demand", ingredient.demand)
            json.field("used", ingredient.used)
            json.key("firstShort")
            if let first = ingredient.firstShort { json.string(TextFormat.preciseClock(opening + first)) } else { json.null() }
            json.field("lostOrders", ingredient.lostOrders)
            json.field("restocks", ingredient.restocks)
            json.field("sufficientStartingStock", ingredient.sufficientStartingStock)
        }
        if !run.optionsOut.isEmpty {
            json.array("optionsOut", objects: run.optionsOut) { json, out in
                json.field("item", out.item)
                json.field("option", out.option)
                json.field("ingredient", out.ingredient)
                json.key("at")
                json.string(TextFormat.preciseClock(opening + out.time))
            }
        }
        if let checkout = run.checkout { self.checkout(checkout, into: &json) }
        json.key("littlesLaw")
        json.beginObject()
        number("averageInSystem", run.littlesLaw.averageInSystem, 4, into: &json)
        number("arrivalsPerHour", run.littlesLaw.arrivalsPerHour, 4, into: &json)
        seconds("meanTimeInSystemSeconds", run.littlesLaw.meanTimeInSystem, into: &json)
        number("lambdaW", run.littlesLaw.product, 4, into: &json)
        json.endObject()
        json.array("hours", objects: run.hours) { json, hour in
            json.field("start", TextFormat.clock(opening + hour.start))
            json.field("arrivals", hour.arrivals)
            number("averageWaiting", hour.averageWaiting, 4, into: &json)
            json.field("peakWaiting", hour.peakWaiting)
        }
        json.endObject()
    }

    /// Payments and revenue by tender (amounts as JSON numbers, as the kiosk's), the
    /// declines, and the readers as a station.
    private static func checkout(_ checkout: RunReport.Checkout, into json: inout JSONWriter) {
        json.key("checkout")
        json.beginObject()
        json.field("payments", checkout.payments)
        json.field("declines", checkout.declines)
        json.field("unpaid", checkout.unpaid)
        json.key("tenders")
        json.beginObject()
        for (name, payments, revenue) in [("card", checkout.cardPayments, checkout.cardRevenue), ("cash", checkout.cashPayments, checkout.cashRevenue)] {
            json.key(string: name)
            json.beginObject()
            json.field("payments", payments)
            json.key("revenue")
            json.raw(Array(revenue.description.utf8))
            if name == "cash" {
                json.key("rounding")
                json.raw(Array(checkout.cashRounding.description.utf8))
            }
            json.endObject()
        }
        json.endObject()
        json.key("revenue")
        json.raw(Array(checkout.revenue.description.utf8))
        let reader = checkout.reader
        json.key("reader")
        json.beginObject()
        json.field("readers", reader.staff)
        json.field("served", reader.served)
        number("utilisation", reader.utilisation, 4, into: &json)
        number("probabilityOfWaiting", reader.probabilityOfWaiting, 4, into: &json)
        times("waitInQueue", reader.waitInQueue, into: &json)
        json.field("longestQueue", reader.longestQueue)
        json.endObject()
        json.endObject()
    }

    /// A rate as a JSON number of percent: `60`, `12.5`.
    private static func percent(_ rate: Rate) -> String {
        String(rate.description.dropLast())
    }

    private static func summary(_ summary: ReplicationSummary, _ report: SimulationReport, into json: inout JSONWriter) {
        json.beginObject()
        json.field("replications", summary.replications)
        interval("arrived", summary.arrived, 4, into: &json)
        interval("served", summary.served, 4, into: &json)
        interval("refused", summary.refused, 4, into: &json)
        interval("left", summary.left, 4, into: &json)
        interval("waitInQueueMeanSeconds", summary.meanWaitInQueue, 3, scale: 1000, into: &json)
        interval("waitInQueueP90Seconds", summary.p90WaitInQueue, 3, scale: 1000, into: &json)
        interval("timeInSystemMeanSeconds", summary.meanTimeInSystem, 3, scale: 1000, into: &json)
        interval("averageInSystem", summary.averageInSystem, 4, into: &json)
        json.array("stations", objects: summary.stations) { json, station in
            json.field("name", station.name)
            interval("utilisation", station.utilisation, 4, into: &json)
            interval("probabilityOfWaiting", station.probabilityOfWaiting, 4, into: &json)
            interval("waitInQueueMeanSeconds", station.meanWaitInQueue, 3, scale: 1000, into: &json)
        }
        if let checkout = summary.checkout {
            json.key("checkout")
            json.beginObject()
            interval("cardPayments", checkout.cardPayments, 4, into: &json)
            interval("cashPayments", checkout.cashPayments, 4, into: &json)
            interval("declines", checkout.declines, 4, into: &json)
            interval("revenue", checkout.revenue, 2, scale: 100, into: &json)
            interval("readerUtilisation", checkout.readerUtilisation, 4, into: &json)
            interval("readerWaitMeanSeconds", checkout.readerMeanWait, 3, scale: 1000, into: &json)
            json.endObject()
        }
        json.key("sufficientStartingStock")
        json.beginObject()
        for (index, ingredient) in (report.runs.first?.ingredients ?? []).enumerated() {
            json.key(string: ingredient.name)
            json.number(summary.sufficientStartingStock[index])
        }
        json.endObject()
        json.endObject()
    }

    private static func times(_ name: StaticString, _ times: RunReport.Times, into json: inout JSONWriter) {
        json.key(name)
        json.beginObject()
        json.field("count", times.count)
        seconds("meanSeconds", times.mean, into: &json)
        seconds("medianSeconds", times.median, into: &json)
        seconds("p90Seconds", times.p90, into: &json)
        seconds("maxSeconds", times.maximum, into: &json)
        json.endObject()
    }

    private static func interval(_ name: StaticString, _ interval: ConfidenceInterval, _ places: Int, scale: Double = 1, into json: inout JSONWriter) {
        json.key(name)
        json.beginObject()
        number("mean", interval.mean / scale, places, into: &json)
        number("halfWidth", interval.halfWidth / scale, places, into: &json)
        json.endObject()
    }

    /// Milliseconds written as seconds with three decimals.
    private static func seconds(_ name: StaticString, _ milliseconds: Double, into json: inout JSONWriter) {
        number(name, milliseconds / 1000, 3, into: &json)
    }

    /// A fixed-point number, or `null` when it is not finite.
    private static func number(_ name: StaticString, _ value: Double, _ places: Int, into json: inout JSONWriter) {
        json.key(name)
        if value.isFinite { json.raw(Array(TextFormat.fixed(value, places).utf8)) } else { json.null() }
    }
}
