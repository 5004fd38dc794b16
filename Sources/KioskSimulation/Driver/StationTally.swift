/// What one station did during a run, kept as it happens.
struct StationTally: Sendable {
    let name: String
    let staff: Int
    var served = 0
    var left = 0
    /// Served customers whose ticket did not start the moment it was made.
    var waited = 0
    /// Tickets queued now, and the most ever.
    var waiting = 0
    var longestQueue = 0
    /// Milliseconds of preparation started, summed over servers.
    var busy: Int64 = 0
    var waitInQueue = LogHistogram()
    var timeInSystem = LogHistogram()
    var waitStatistics = RunningStatistics()
    var systemStatistics = RunningStatistics()

    init(name: String, staff: Int) {
        self.name = name
        self.staff = staff
    }

    /// A served customer: `wait` from order to start, `total` from order to ready.
    mutating func recordServed(wait: Int64, total: Int64) {
        served += 1
        if wait > 0 { waited += 1 }
        waitInQueue.record(wait)
        timeInSystem.record(total)
        waitStatistics.add(Double(wait))
        systemStatistics.add(Double(total))
    }

    /// One more ticket queued; the longest queue follows.
    mutating func enqueue() {
        waiting += 1
        longestQueue = max(longestQueue, waiting)
    }
}
