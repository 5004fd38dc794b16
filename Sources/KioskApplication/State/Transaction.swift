import KioskCore
import KioskJournal
import KioskSinks

/// The one owner of a transaction: it opens one (the journal's lock, and what other
/// processes appended meanwhile), commits it durably, and only then hands its events to
/// the foreground sinks. Sessions, runners, the server's command thread and the simulator
/// go through it; none of them repeats the sequence.
///
/// Without a store there is nothing to make durable: a commit hands the events over at
/// once.
public final class Transaction {
    /// When the foreground sinks (the console) get a command's events.
    public enum Publishing: Sendable, Equatable {
        /// After the commit that made them durable: what a sink shows is on disk.
        case afterCommit
        /// As each command runs, in order with what the command itself shows, for a caller
        /// that holds everything written until the commit and cuts it if the commit fails
        /// (a batch's group).
        case asCommandsRunIntoHeldOutput
    }

    public let store: StateStore?
    public let dispatcher: Dispatcher
    /// The batch runner chooses `asCommandsRunIntoHeldOutput`; everyone else keeps the default.
    public var publishing: Publishing = .afterCommit
    /// Whether one is open: its commands' records wait for the commit.
    public private(set) var isOpen = false
    /// The events of the open transaction's commands, waiting for the commit.
    private var waiting: [Event] = []

    public init(store: StateStore?, dispatcher: Dispatcher) {
        self.store = store
        self.dispatcher = dispatcher
    }

    /// Opens a transaction when there is a store and none is open: takes the journal's lock
    /// and returns what others appended since this process last looked, which the caller
    /// folds before it decides anything. `nil` when nothing was opened.
    public func open() throws(JournalError) -> Journal.CatchUp? {
        guard let store, !isOpen else { return nil }
        let caughtUp = try store.journal.begin()
        isOpen = true
        return caughtUp
    }

    /// The events a command of the open transaction caused (or a batch of them): handed to
    /// the foreground sinks as `publishing` says.
    public func include(_ events: [Event]) {
        guard !events.isEmpty, dispatcher.hasForegroundSinks else { return }
        switch publishing {
        case .afterCommit: waiting += events
        case .asCommandsRunIntoHeldOutput: dispatcher.publish(events)
        }
    }

    /// Makes everything appended since `open` durable as the store promises, then hands the
    /// waiting events to the foreground sinks; returns the journal's position after it
    /// (`nil` without a store). On failure nothing of the transaction happened: the store's
    /// fold forgets what it took, no sink sees its events, and the error says why.
    @discardableResult
    public func commit() throws(JournalError) -> UInt64? {
        defer { waiting.removeAll(keepingCapacity: true) }
        guard let store else {
            dispatcher.publish(waiting)
            return nil
        }
        // Events with a store but no transaction were never appended: nothing to publish.
        guard isOpen else { return nil }
        isOpen = false
        let position: UInt64
        do throws(JournalError) {
            position = try store.journal.commit()
        } catch {
            store.abandonAppended()
            throw error
        }
        store.keepAppended()
        dispatcher.publish(waiting)
        return position
    }

    /// For a run that goes on after its journal failed (the simulator, whose farewell says
    /// what was not kept): the foreground sinks see the events all the same.
    public func publishUnkept(_ events: [Event]) {
        dispatcher.publish(events)
    }
}
