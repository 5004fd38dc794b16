/// The board as a simulator drives it: the same stations, hands, queues and auto moves as
/// the REPL's, on a clock the simulator owns, keeping nothing per ticket once it is done.
///
/// These are the board's one set of moves, reporting only the starts (`StartRecorder`):
/// a simulator makes no `BoardChange` it would throw away.
extension Board {
    /// An empty board in auto mode for a simulator: stations start the oldest waiting
    /// part as soon as a hand is free and finish it after its service time. It keeps no
    /// history (no recall, no order-to-ready lists) and marks no ticket `warn` or `late`,
    /// so memory stays flat however many tickets pass and no time goes to what nobody sees.
    public init(simulating stations: [Station], settings: BoardSettings = BoardSettings()) {
        self.init(stations: stations, settings: BoardSettings(warn: settings.warn, late: settings.late, auto: true))
        keepsHistory = false
    }

    /// Makes a ticket of one line at `time` (milliseconds since 1970), as
    /// `add(_:item:consumed:lineTotals:service:at:changes:)` makes it with nothing consumed
    /// or priced, and appends the parts started by then to `starts`, in order.
    ///
    /// - Returns: the new ticket's number.
    @discardableResult
    package mutating func add(_ line: TicketLine, item: Int, service: Int64, at time: Int64, starts: inout [TicketStart]) -> Int {
        var recorder = StartRecorder()
        swap(&recorder.starts, &starts)
        defer { swap(&recorder.starts, &starts) }
        return add(line, item: item, service: service, at: Timestamp(millisecondsSince1970: time), changes: &recorder).number
    }

    /// Fires what is due by `time`, then hands the ticket over if it is ready: it is
    /// picked up and leaves the board.
    ///
    /// - Returns: `false`, with nothing handed over, when the ticket is not ready by then.
    @discardableResult
    public mutating func collect(_ number: Int, at time: Timestamp, changes: inout [BoardChange]) -> Bool {
        collect(number, at: time, recording: &changes)
    }

    /// `collect(_:at:changes:)` at `time` (milliseconds since 1970), appending the parts
    /// started to `starts`.
    @discardableResult
    package mutating func collect(_ number: Int, at time: Int64, starts: inout [TicketStart]) -> Bool {
        var recorder = StartRecorder()
        swap(&recorder.starts, &starts)
        defer { swap(&recorder.starts, &starts) }
        return collect(number, at: Timestamp(millisecondsSince1970: time), recording: &recorder)
    }

    private mutating func collect(_ number: Int, at time: Timestamp, recording changes: inout some BoardChangeRecorder) -> Bool {
        advance(to: time, recording: &changes)
        defer { pruneSchedule() }
        guard state(of: number) == .ready else { return false }
        pickUp(number, changes: &changes)
        return true
    }

    /// Takes a queued ticket off the board at once, without first firing what is due:
    /// a simulator's customer gave up, and the simulator's own clock has already decided
    /// that this comes before anything else at the same time.
    ///
    /// - Returns: `false`, with nothing changed, when the ticket is not queued.
    @discardableResult
    public mutating func withdrawQueued(_ number: Int, changes: inout [BoardChange]) -> Bool {
        guard state(of: number) == .queued else { return false }
        cancel(number, changes: &changes)
        pruneSchedule()
        return true
    }
}
