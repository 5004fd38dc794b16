import KioskApplication
import KioskCore
import KioskJournal
import KioskSinks
import KioskSystem

/// Where a simulated day's events go when `--sinks` or `--sink` asks for them: through
/// the same journal and runners as a session's, so every sink sees them as it sees the
/// REPL's, with their simulated times.
///
/// Events are committed in groups (`groupSize`, and whenever the simulation waits for
/// real time under `--pace`), so a day of a million events costs a few thousand commits.
///
/// The simulation's kiosk numbers its events from 1, each replication again. Here they are
/// numbered on from the journal's last `seq` instead — a state or private journal that
/// already holds events, from the REPL or an earlier simulation, goes on, never repeats —
/// and given ids drawn from the seed and that number, so a run repeated with the same
/// seed into the same journal sends no id a receiver has seen.
final class SimulationSinks {
    static let groupSize = 512

    let dispatcher: Dispatcher
    let store: StateStore?
    /// Opens, commits, then hands each group to the foreground sinks.
    private let transaction: Transaction
    private let source: String
    private var pending: [Event] = []
    /// The last `seq` the journal holds, as far as this run knows: what it found at opening,
    /// what others appended since, and what it appended itself.
    private var lastSequence: UInt64
    private var ids: UUIDv7Generator
    /// The first commit that failed: the run goes on, and the farewell says so.
    private(set) var failure: JournalError?

    init(dispatcher: Dispatcher, store: StateStore?, source: String, lastSequence: UInt64, seed: UInt64) {
        self.dispatcher = dispatcher
        self.store = store
        transaction = Transaction(store: store, dispatcher: dispatcher)
        self.source = source
        self.lastSequence = lastSequence
        // Odd multiplier: distinct journal ends give distinct streams for one seed.
        ids = UUIDv7Generator(seed: seed ^ (lastSequence &* 0x9E37_79B9_7F4A_7C15))
    }

    func take(_ event: Event) {
        pending.append(event)
        if pending.count >= SimulationSinks.groupSize { flush() }
    }

    /// Commits the events taken since the last flush, then hands them to the foreground
    /// sinks. After a commit failed, the run goes on without the journal: the sinks still
    /// see the day, and the farewell says what was not kept.
    func flush() {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        guard failure == nil else {
            renumber()
            transaction.publishUnkept(pending)
            return
        }
        var numbered = false
        do throws(JournalError) {
            if let caughtUp = try transaction.open() { lastSequence = max(lastSequence, SimulationSinks.lastSequence(in: caughtUp)) }
            renumber()
            numbered = true
            store?.journal.append(time: pending[pending.count - 1].time, source: source, facts: [], events: pending)
            transaction.include(pending)
            try transaction.commit()
        } catch {
            failure = error
            if !numbered { renumber() }
            transaction.publishUnkept(pending)
        }
    }

    /// Numbers the pending events on from `lastSequence`, with fresh ids, and moves it on.
    private func renumber() {
        for index in pending.indices {
            let event = pending[index]
            lastSequence += 1
            pending[index] = Event(
                id: ids.next(at: event.time), sequence: lastSequence, time: event.time, source: event.source, payload: event.payload,
                template: event.template
            )
        }
    }

    /// The highest `seq` among what others appended since this run last looked.
    static func lastSequence(in caughtUp: Journal.CatchUp) -> UInt64 {
        var last: UInt64 = 0
        let records: [JournalRecord]
        switch caughtUp {
        case .records(let appended): records = appended
        case .reload(let snapshot, let appended):
            last = snapshot.kiosk.sequence
            records = appended
        }
        for record in records {
            for case .event(let event) in record.entries { last = max(last, event.sequence) }
        }
        return last
    }
}
