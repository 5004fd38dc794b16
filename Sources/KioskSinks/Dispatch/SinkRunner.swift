import KioskCore
import KioskRecords
import KioskJournal
import KioskSystem
import KioskText

/// One background sink reading the journal: its thread, and the loop that ties its parts
/// together.
///
/// The thread reads the records after the sink's cursor, up to what is committed, hands
/// the events the sink wants to a `DeliveryPipeline`, and that moves the cursor past them
/// once they are delivered. Memory holds one batch at most (the read-ahead), however far
/// behind the sink is: the rest waits on disk. One process at a time delivers for a sink —
/// the one holding its `SinkCursor`'s lock; the others wait to take over. The
/// `SinkSender` sends, and retries or records every failure; what other threads read or
/// signal (the stop, `sinks retry`, the cursor's place) is in its `RunnerControl`.
final class SinkRunner: @unchecked Sendable {
    let sink: any Sink
    let member: Dispatcher.Member
    let journal: Journal
    private let status: RunnerStatus
    private let control = RunnerControl()
    /// `nil` when the cursor file cannot be opened: nothing is delivered then.
    private let cursor: SinkCursor?
    private let sender: SinkSender

    /// How often a process that does not deliver for the sink tries to take it over, and
    /// how long a caught-up sink waits before looking for other processes' records.
    static let pollInterval: Duration = .milliseconds(250)

    init(sink: any Sink, member: Dispatcher.Member, journal: Journal, lastSequence: UInt64, clock: (@Sendable () -> Timestamp)?) {
        self.sink = sink
        self.member = member
        self.journal = journal
        let status = RunnerStatus(SinkStatus(kind: member.kind, name: member.name, target: sink.target, events: member.events))
        self.status = status
        // The starting point is fixed now, on the session's thread, before any command:
        // a new sink starts at the end of the journal as it is at this moment.
        cursor = SinkCursor(
            sink: member.name, journal: journal,
            newMark: {
                member.from == .start
                    ? CursorFile.Mark(position: journal.startPosition, sequence: 0)
                    : CursorFile.Mark(position: journal.endPosition, sequence: lastSequence)
            },
            status: status, control: control, clock: clock
        )
        if cursor == nil {
            status.update { $0.lastError = tr("cannot open the cursor file in {path}", ["path": journal.directory.path]) }
        }
        sender = SinkSender(sink: sink, member: member, journal: journal, status: status, control: control)
    }

    func start() {
        WorkerThread.start(name: "kiosk-\(member.kind)", background: true) { [self] in
            run()
            control.finish()
        }
    }

    // MARK: Control

    /// Failed events to send again (`sinks retry`), before anything new.
    func retry(_ events: [Event]) {
        control.queue(retries: events)
    }

    /// Delivers what the journal holds now, until `deadline`; then closes the sink.
    func stop(by deadline: ContinuousClock.Instant) {
        control.stop(by: deadline, end: journal.endPosition)
        journal.wakeReaders()
    }

    /// Waits for the thread to finish; returns whether it did by `deadline`.
    func join(until deadline: ContinuousClock.Instant) -> Bool {
        control.join(until: deadline)
    }

    /// Closes the sink, once, whoever asks first: this runner's thread after its last
    /// send, or the shutdown when that thread is still in a send past the deadline.
    ///
    /// A second caller waits for the first close to end (at most two seconds past the
    /// deadline): the shutdown must not return, and kiosk exit, while this runner's thread
    /// is between an exec program's SIGTERM and its SIGKILL — the program would outlive it.
    func close(by deadline: ContinuousClock.Instant) {
        guard control.beginClose() else {
            control.waitForClose(until: deadline.advanced(by: .seconds(2)))
            return
        }
        sink.close(by: deadline)
        control.endClose()
    }

    var currentStatus: SinkStatus {
        var current = status.value
        current.connection = sink.connectionStatus
        return current.masked(by: member.mask)
    }

    /// Where the sink has delivered up to, if this process delivered for it (`nil` when
    /// another process held the sink all along).
    var currentMark: CursorFile.Mark? { control.mark }

    // MARK: The thread

    private func run() {
        defer {
            close(by: control.deadline ?? ContinuousClock.now.advanced(by: .seconds(5)))
            // Another kiosk on the state may deliver for the sink now.
            cursor?.release()
        }
        guard let cursor, let mark = cursor.acquire() else { return }
        var delivery = DeliveryPipeline(from: mark, cursor: cursor, sender: sender)
        var reading = JournalReadAhead(
            journal: journal, from: mark.position, wanted: member.events, capacity: max(member.readAhead, sink.batchLimit)
        )
        while true {
            guard deliverRetries() else { return }
            reading.read(after: delivery.mark.sequence, upTo: min(journal.endPosition, control.end))
            if !reading.batch.isEmpty {
                guard delivery.deliver(reading.batch, at: reading.positions, readUpTo: reading.readUpTo) else { return }
                continue
            }
            guard delivery.caughtUp(readUpTo: reading.readUpTo) else { return }
            // Done once everything up to where the journal ended at the stop is read: the
            // read's limit was taken before it, and a stop that came since may reach further.
            if control.isStopping, reading.readUpTo >= control.end || control.pastDeadline { return }
            if control.isStopping { continue }
            reading.waitForNews(unless: control)
        }
    }

    /// Sends the events `sinks retry` asked for. Returns `false` when the stop deadline came.
    private func deliverRetries() -> Bool {
        while let event = control.nextRetry() {
            guard sender.redeliver(event) else { return false }
        }
        return true
    }
}

/// What a runner's parts say in the operator's language. The words live in this file
/// because the message catalog, po/kiosk.pot, names it as theirs.
enum RunnerWords {
    static func cursorUnwritable(_ reason: String) -> String {
        tr("cannot write the cursor: {reason}", ["reason": reason])
    }

    /// Why an event was recorded as failed once its sink's retries were spent.
    static func outOfRetries(_ reason: String, retries: Int) -> String {
        trn("{reason} (after {count} retry)", "{reason} (after {count} retries)", retries, ["reason": reason, "count": retries])
    }
}
