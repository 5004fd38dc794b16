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
    /// Milliseconds summed exactly, for exact means: cheaper per customer than a running
    /// mean's division, and never off by rounding.
    var waitTotal: Int64 = 0
    var systemTotal: Int64 = 0

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
        waitTotal += wait
        systemTotal += total
    }

    var meanWait: Double { served > 0 ? Double(waitTotal) / Double(served) : 0 }
    var meanTimeInSystem: Double { served > 0 ? Double(systemTotal) / Double(served) : 0 }

    /// One more ticket queued; the longest queue follows.
    mutating func enqueue() {
        waiting += 1
        longestQueue = max(longestQueue, waiting)
    }
}
