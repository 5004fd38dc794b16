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
final class SimulationSinks {
    static let groupSize = 512

    let dispatcher: Dispatcher
    let store: StateStore?
    private let source: String
    private var pending: [Event] = []
    /// The first commit that failed: the run goes on, and the farewell says so.
    private(set) var failure: JournalError?

    init(dispatcher: Dispatcher, store: StateStore?, source: String) {
        self.dispatcher = dispatcher
        self.store = store
        self.source = source
    }

    func take(_ event: Event) {
        pending.append(event)
        if pending.count >= SimulationSinks.groupSize { flush() }
    }

    /// Commits the events taken since the last flush, then hands them to the foreground sinks.
    func flush() {
        guard let last = pending.last else { return }
        if let store, failure == nil {
            do throws(JournalError) {
                _ = try store.journal.begin()
                store.journal.append(time: last.time, source: source, facts: [], events: pending)
                try store.journal.commit()
            } catch {
                failure = error
            }
        }
        dispatcher.publish(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
