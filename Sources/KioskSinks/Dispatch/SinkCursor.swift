import KioskCore
import KioskJournal
import Synchronization

/// The sink's durable cursor — how far it has delivered, kept beside the journal — and the
/// lock on it that says which process delivers for the sink.
///
/// One process at a time holds the lock. Another kiosk on the same state leaves the sink
/// alone and takes over when the holder lets go, so two processes never race to deliver
/// the same events, and an exiting kiosk hands the sink on instead of abandoning it.
final class SinkCursor: Sendable {
    private let file: CursorFile
    private let journal: Journal
    private let status: RunnerStatus
    private let stop: StopSignal
    /// The kiosk's clock, for the cursor's `seen`: a cursor nobody sees for long is forgotten.
    private let clock: (@Sendable () -> Timestamp)?
    /// Whether this process holds the lock, and where the cursor stands: read by `sinks`
    /// from another thread.
    private let state: Mutex<(held: Bool, mark: CursorFile.Mark?)>

    /// Opens the sink's cursor, `nil` if it cannot be, and takes its lock at once when no
    /// other process holds it: the caller's thread fixes the starting point, so a sink new
    /// to the journal starts where the journal is now, before any command.
    init?(
        sink name: String, journal: Journal, newMark: () -> CursorFile.Mark, status: RunnerStatus, stop: StopSignal,
        clock: (@Sendable () -> Timestamp)?
    ) {
        guard let file = try? CursorFile.open(sink: name, in: journal.directory) else { return nil }
        self.file = file
        self.journal = journal
        self.status = status
        self.stop = stop
        self.clock = clock
        guard file.tryLock() else {
            state = Mutex((held: false, mark: nil))
            return
        }
        var mark = (try? file.read()) ?? nil
        if mark == nil {
            let fresh = newMark()
            try? file.write(fresh)
            mark = fresh
        }
        if let clock { file.markSeen(at: clock()) }
        state = Mutex((held: true, mark: mark))
    }

    /// Where the sink has delivered up to, if this process delivered for it (`nil` when
    /// another process held the sink all along).
    var mark: CursorFile.Mark? { state.withLock { $0.mark } }

    /// Takes the lock, waiting while another process holds it; returns whether this
    /// process delivers for the sink. Once shutdown has begun it tries for a second more —
    /// a holder that is exiting too leaves the newest events to this process — and then
    /// gives up: a holder still running delivers them.
    func acquire() -> Bool {
        if state.withLock({ $0.held }) { return true }
        status.update { $0.deliversHere = false }
        var giveUp: ContinuousClock.Instant?
        while true {
            if file.tryLock() {
                let found = (try? file.read()) ?? nil
                let fresh = found ?? CursorFile.Mark(position: journal.endPosition, sequence: 0)
                if found == nil { try? file.write(fresh) }
                if let clock { file.markSeen(at: clock()) }
                state.withLock { $0 = (held: true, mark: fresh) }
                status.update { $0.deliversHere = true }
                return true
            }
            if stop.isStopping {
                giveUp = giveUp ?? ContinuousClock.now.advanced(by: .seconds(1))
                if let giveUp, ContinuousClock.now >= giveUp { return false }
            }
            let pause = stop.isStopping ? SinkRunner.pollInterval / 5 : SinkRunner.pollInterval * 4
            guard stop.sleep(until: ContinuousClock.now.advanced(by: pause)) else { return false }
        }
    }

    /// Moves the cursor to `mark`, which must not pass an event not yet delivered.
    func save(_ mark: CursorFile.Mark) {
        state.withLock { $0.mark = mark }
        status.update { $0.deliveredUpTo = max($0.deliveredUpTo, mark.sequence) }
        do throws(JournalError) {
            try file.write(mark)
        } catch {
            status.update { $0.lastError = RunnerWords.cursorUnwritable(error.message) }
        }
    }

    /// Lets go of the lock, so that another kiosk on the state may deliver for the sink.
    func release() {
        state.withLock { state in
            if state.held {
                if let clock { file.markSeen(at: clock()) }
                file.unlock()
            }
            state.held = false
        }
    }
}
