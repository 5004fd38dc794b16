import KioskCore

extension Simulation {
    /// The report of the day so far; the whole day's once `run` has returned `true`.
    public func report() -> RunReport {
        let end = reportEnd
        var waiting = self.waiting
        waiting.advance(to: end)
        var allWaits = LogHistogram()
        var allSystem = LogHistogram()
        for station in stations {
            allWaits.merge(station.waitInQueue)
            allSystem.merge(station.timeInSystem)
        }
        let servedCount = Double(max(served, 1))
        let meanWait = Double(stations.reduce(0) { $0 + $1.waitTotal }) / servedCount
        let meanSystem = Double(stations.reduce(0) { $0 + $1.systemTotal }) / servedCount
        var report = RunReport(
            replication: replication, duration: end, arrived: arrived, served: served, refused: refused, left: left,
            stations: stations.map { stationReport($0, end: end) },
            waitInQueue: Simulation.times(allWaits, mean: meanWait),
            timeInSystem: Simulation.times(allSystem, mean: meanSystem),
            ingredients: ingredientReports(),
            littlesLaw: RunReport.LittlesLaw(
                averageInSystem: end > 0 ? areaInSystem(at: end) / Double(end) : 0,
                arrivalsPerHour: end > 0 ? Double(admitted) / Double(end) * 3_600_000 : 0,
                meanTimeInSystem: admitted > 0 ? sojourn / Double(admitted) : 0
            ),
            hours: hourReports(waiting, end: end)
        )
        report.optionsOut = optionsOut()
        if configuration.checkout != nil { report.checkout = checkoutReport(end: end) }
        return report
    }

    private func checkoutReport(end: Int64) -> RunReport.Checkout {
        let tally = checkoutTally
        // Hundredths summed in 128 bits; a day's takings fit an `Int` many times over.
        func money(_ hundredths: Int128) -> Money { Money(hundredths: Int(clamping: hundredths)) }
        return RunReport.Checkout(
            cardPayments: tally.cardPayments, cashPayments: tally.cashPayments, declines: tally.declines, unpaid: tally.unpaid,
            cardRevenue: money(tally.cardRevenue), cashRevenue: money(tally.cashRevenue), cashRounding: money(tally.cashRounding),
            reader: stationReport(reader.tally, end: end)
        )
    }

    /// Each option that needs an ingredient an order was first short of, and when: the
    /// first first, then by menu order. An option needs what it adds or substitutes, and,
    /// in a group that takes exactly one, what another option of it replaces or removes
    /// (whole milk needs the milk oat milk replaces).
    private func optionsOut() -> [RunReport.OptionOut] {
        var out: [RunReport.OptionOut] = []
        let menu = kiosk.menu
        for item in menu.items {
            for group in item.choices?.groups ?? [] {
                let takenOut = group.minimum == 1 && group.maximum == 1 ? group.options.map { Set($0.changes.compactMap(\.takesOut)) } : []
                for (index, option) in group.options.enumerated() {
                    var needs = option.adds.map(\.ingredient) + option.changes.compactMap(\.bringsIn)
                    for (other, ingredients) in takenOut.enumerated() where other != index {
                        needs += ingredients.filter { ingredient in !option.changes.contains { $0.ingredient == ingredient } }.sorted()
                    }
                    guard let first = needs.compactMap({ ingredient in stock.firstShort[ingredient].map { (ingredient, $0) } }).min(by: { $0.1 < $1.1 }) else { continue }
                    out.append(RunReport.OptionOut(item: item.name, option: option.name, ingredient: menu.ingredients[first.0].name, time: first.1))
                }
            }
        }
        return out.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The last departure, or closing time if later; where the day has got to, mid-run.
    private var reportEnd: Int64 {
        guard isFinished else { return now }
        if case .duration(let closing) = configuration.stop { return max(lastCustomerEvent, closing) }
        return lastCustomerEvent
    }

    private func stationReport(_ station: StationTally, end: Int64) -> RunReport.Station {
        let capacity = Double(station.staff) * Double(end)
        return RunReport.Station(
            name: station.name, staff: station.staff, served: station.served, left: station.left,
            utilisation: capacity > 0 ? Double(station.busy) / capacity : 0,
            probabilityOfWaiting: station.served > 0 ? Double(station.waited) / Double(station.served) : 0,
            waitInQueue: Simulation.times(station.waitInQueue, mean: station.meanWait),
            timeInSystem: Simulation.times(station.timeInSystem, mean: station.meanTimeInSystem),
            longestQueue: station.longestQueue
        )
    }

    private static func times(_ histogram: LogHistogram, mean: Double) -> RunReport.Times {
        guard histogram.count > 0, let median = histogram.quantile(0.5), let p90 = histogram.quantile(0.9) else { return .empty }
        return RunReport.Times(count: Int(histogram.count), mean: mean, median: median, p90: p90, maximum: Double(histogram.maximum))
    }

    private func ingredientReports() -> [RunReport.Ingredient] {
        let sufficient = stock.sufficientStartingStock()
        let demand = stock.demand
        let used = stock.used
        return kiosk.menu.ingredients.indices.map { index in
            RunReport.Ingredient(
                name: kiosk.menu.ingredients[index].name, startingStock: stock.starting[index], demand: demand[index],
                used: used[index], firstShort: stock.firstShort[index], lostOrders: stock.lost[index],
                restocks: stock.restocks[index], sufficientStartingStock: sufficient[index]
            )
        }
    }

    private func hourReports(_ waiting: TimeWeightedCount, end: Int64) -> [RunReport.Hour] {
        let hour = TimeWeightedCount.hour
        let count = min(Int((end + hour - 1) / hour), TimeWeightedCount.maximumHours)
        let slices = waiting.hours // built on each access: once here, not once per hour
        return (0..<count).map { index in
            let start = Int64(index) * hour
            // The last hour kept takes the rest of the run.
            let length = index == TimeWeightedCount.maximumHours - 1 ? end - start : min(hour, end - start)
            let slice = index < slices.count ? slices[index] : TimeWeightedCount.Hour()
            return RunReport.Hour(
                start: start, arrivals: index < arrivalsByHour.count ? arrivalsByHour[index] : 0,
                averageWaiting: length > 0 ? slice.area / Double(length) : 0, peakWaiting: slice.peak
            )
        }
    }
}
