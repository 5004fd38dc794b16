import KioskCore
import KioskJournal

/// The sink's durable cursor — how far it has delivered, kept beside the journal — and the
/// lock on it that says which process delivers for the sink.
///
/// One process at a time holds the lock. Another kiosk on the same state leaves the sink
/// alone and takes over when the holder lets go, so two processes never race to deliver
/// the same events, and an exiting kiosk hands the sink on instead of abandoning it.
///
/// Made on the session's thread, then used by the runner's thread alone; where the cursor
/// stands is published in the runner's `RunnerControl` for `sinks` to read.
final class SinkCursor {
    private let file: CursorFile
    private let journal: Journal
    private let status: RunnerStatus
    private let control: RunnerControl
    /// The kiosk's clock, for the cursor's `seen`: a cursor nobody sees for long is forgotten.
    private let clock: (@Sendable () -> Timestamp)?
    /// Whether this process holds the lock.
    private var held = false

    /// Opens the sink's cursor, `nil` if it cannot be, and takes its lock at once when no
    /// other process holds it: the caller's thread fixes the starting point, so a sink new
    /// to the journal starts where the journal is now, before any command.
    init?(
        sink name: String, journal: Journal, newMark: () -> CursorFile.Mark, status: RunnerStatus, control: RunnerControl,
        clock: (@Sendable () -> Timestamp)?
    ) {
        guard let file = try? CursorFile.open(sink: name, in: journal.directory) else { return nil }
        self.file = file
        self.journal = journal
        self.status = status
        self.control = control
        self.clock = clock
        guard file.tryLock() else { return }
        held = true
        var mark = (try? file.read()) ?? nil
        if mark == nil {
            let fresh = newMark()
            try? file.write(fresh)
            mark = fresh
        }
        if let clock { file.markSeen(at: clock()) }
        control.mark = mark
    }

    /// Takes the lock, waiting while another process holds it; returns where the cursor
    /// stands, or `nil` when this process does not deliver for the sink. Once shutdown has
    /// begun it tries for a second more — a holder that is exiting too leaves the newest
    /// events to this process — and then gives up: a holder still running delivers them.
    func acquire() -> CursorFile.Mark? {
        if held { return control.mark }
        status.update { $0.deliversHere = false }
        var giveUp: ContinuousClock.Instant?
        while true {
            if file.tryLock() {
                let found = (try? file.read()) ?? nil
                let fresh = found ?? CursorFile.Mark(position: journal.endPosition, sequence: 0)
                if found == nil { try? file.write(fresh) }
                if let clock { file.markSeen(at: clock()) }
                held = true
                control.mark = fresh
                status.update { $0.deliversHere = true }
                return fresh
            }
            if control.isStopping {
                giveUp = giveUp ?? ContinuousClock.now.advanced(by: .seconds(1))
                if let giveUp, ContinuousClock.now >= giveUp { return nil }
            }
            let pause = control.isStopping ? SinkRunner.pollInterval / 5 : SinkRunner.pollInterval * 4
            guard control.sleep(until: ContinuousClock.now.advanced(by: pause)) else { return nil }
        }
    }

    /// Moves the cursor to `mark`, which must not pass an event not yet delivered.
    func save(_ mark: CursorFile.Mark) {
        control.mark = mark
        status.update { $0.deliveredUpTo = max($0.deliveredUpTo, mark.sequence) }
        do throws(JournalError) {
            try file.write(mark)
        } catch {
            status.update { $0.lastError = RunnerWords.cursorUnwritable(error.message) }
        }
    }

    /// Lets go of the lock, so that another kiosk on the state may deliver for the sink.
    func release() {
        guard held else { return }
        if let clock { file.markSeen(at: clock()) }
        file.unlock()
        held = false
    }
}
