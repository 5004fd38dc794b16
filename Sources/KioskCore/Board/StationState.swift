/// One station's side of the board: its waiting parts in order, its busy hands, and when
/// each hand would be free once everything given to it is done.
struct StationState: Sendable {
    /// The tickets with a part waiting here, by number, in order: a ticket has at most one
    /// part per station. Entries whose part has since started or left stay until they
    /// reach the front, where they are skipped: removal from the middle costs nothing.
    var queue = FIFOQueue<Int>()
    /// Parts queued here, not counting skipped entries.
    var queued = 0
    /// Parts preparing here: hands in use.
    var busy = 0
    /// A preparing part here and when it is expected to be done (milliseconds). A ticket
    /// has at most one part per station.
    struct InProgress: Sendable, Hashable {
        let ticket: Int
        let done: Int64
    }

    /// The parts preparing here, in no particular order: as many as the hands, unless
    /// someone started more by hand, so a list is cheaper than hashing.
    var inProgress: [InProgress] = []
    /// The projection promises are made from: for each hand, when it is free after the
    /// work already given out. Milliseconds.
    var projection = BinaryHeap<Int64>()
    /// Order-to-ready and order-to-pickup times of the tickets with a part here, and how
    /// many of them went late.
    var toReady: [Int64] = []
    var toPickup: [Int64] = []
    var late = 0

    /// Queues ticket `number`'s part of `prep` milliseconds, made at `time`, and returns
    /// when it will be done: on the hand free first, after what was given out before it.
    mutating func enqueue(_ number: Int, prep: Int64, at time: Int64, staff: Int) -> Int64 {
        if queued == 0 { resetProjection(at: time, staff: staff) }
        let free = projection.min ?? time
        let (done, overflow) = max(time, free).addingReportingOverflow(prep)
        let finish = overflow ? Int64.max : done
        projection.replaceMin(with: finish)
        queue.append(number)
        queued += 1
        return finish
    }

    /// With nothing waiting, the projection is what the station is doing: each busy hand
    /// free when its part is expected to be done (now, if overdue), the rest free now.
    /// This also forgets what cancelled and withdrawn tickets would have taken.
    mutating func resetProjection(at time: Int64, staff: Int) {
        if inProgress.count <= staff {
            // In ascending order: the free hands (now), then the busy ones by when they are
            // free, each put in place among those before it (there are a few).
            let inProgress = self.inProgress
            projection.assignAscending(count: staff, placeholder: time) { hands in
                let free = staff - inProgress.count
                for index in 0..<free { hands[index] = time }
                var filled = free
                for part in inProgress {
                    let done = max(time, part.done)
                    var index = filled
                    while index > free, hands[index - 1] > done {
                        hands[index] = hands[index - 1]
                        index -= 1
                    }
                    hands[index] = done
                    filled += 1
                }
            }
            return
        }
        // More parts than hands (started by hand): the hands free last are the busy ones.
        projection.removeAll()
        for done in inProgress.map(\.done).sorted(by: >).prefix(staff) { projection.push(max(time, done)) }
    }

    mutating func removeInProgress(_ ticket: Int) {
        guard let index = inProgress.firstIndex(where: { $0.ticket == ticket }) else { return }
        inProgress.swapAt(index, inProgress.count - 1)
        inProgress.removeLast()
    }

    /// The preparing parts in ticket order, for comparing stations.
    var inProgressByTicket: [InProgress] {
        inProgress.sorted { $0.ticket < $1.ticket }
    }
}

/// A change the board will make by itself at `time`, unless what it concerns has moved
/// on by then: entries are never removed early, only skipped when they come up.
struct ScheduledChange: Sendable, Hashable, Comparable {
    enum Kind: Sendable, Hashable {
        /// In auto mode: the station is done with part `part` of the ticket.
        case partDone(part: Int)
        case warn
        case late
    }

    /// Milliseconds.
    let time: Int64
    let sequence: UInt64
    let ticket: Int
    let kind: Kind

    /// In time order; at the same time parts finish first, so a ticket ready exactly at
    /// its `late` age is not late; then in the order they were scheduled.
    static func < (lhs: ScheduledChange, rhs: ScheduledChange) -> Bool {
        (lhs.time, lhs.rank, lhs.sequence) < (rhs.time, rhs.rank, rhs.sequence)
    }

    private var rank: Int {
        if case .partDone = kind { 0 } else { 1 }
    }
}
