import KioskCore

/// The card readers at the checkout: one more station, whose staff are its readers and
/// whose every service takes the reader's latency. Customers who pay by card queue for a
/// free reader, first come first served; cash needs none.
///
/// It keeps its figures in a `StationTally`, as the kitchen's stations do, so the report
/// shows the readers as it shows them: utilisation, waits, the longest queue.
struct ReaderStation: Sendable {
    /// A customer waiting for a reader, and since when (milliseconds since opening).
    struct Waiting: Sendable, Equatable {
        let customer: TicketID
        let since: Int64
    }

    let readers: Int
    /// Milliseconds each payment holds a reader.
    let latency: Int64
    /// Readers taking a payment now.
    private(set) var busyReaders = 0
    private var queue = FIFOQueue<Waiting>()
    private(set) var tally: StationTally

    init(readers: Int, latency: Int64, name: String) {
        self.readers = readers
        self.latency = latency
        tally = StationTally(name: name, staff: readers)
    }

    /// Customers waiting for a reader now.
    var queued: Int { queue.count }

    /// `customer` comes to pay by card at `now`.
    ///
    /// - Returns: whether a reader takes them at once (their payment then ends at
    ///   `now + latency`); otherwise they wait in the queue.
    mutating func arrive(_ customer: TicketID, at now: Int64) -> Bool {
        guard busyReaders < readers else {
            queue.append(Waiting(customer: customer, since: now))
            tally.enqueue()
            return false
        }
        busyReaders += 1
        start(waitedSince: now, at: now)
        return true
    }

    /// A reader finishes a payment at `now`, and takes the next customer waiting.
    ///
    /// - Returns: that customer, whose payment ends at `now + latency`; `nil` when nobody
    ///   waits, and the reader is free.
    mutating func finish(at now: Int64) -> TicketID? {
        guard let next = queue.removeFirst() else {
            busyReaders = max(0, busyReaders - 1)
            return nil
        }
        tally.waiting -= 1
        start(waitedSince: next.since, at: now)
        return next.customer
    }

    /// A payment starts on a reader: its wait and its time at the checkout are known now,
    /// since every payment takes the latency.
    private mutating func start(waitedSince since: Int64, at now: Int64) {
        tally.busy += latency
        tally.recordServed(wait: now - since, total: now - since + latency)
    }
}

