import KioskCore

/// What the kiosk does by itself — the board's auto starts and finishes, warn and late
/// marks, and held orders voided when their hold ends — journaled as records of their own,
/// before the command that follows or between commands.
extension Session {
    /// What the kiosk did by itself up to now — the board's auto starts and finishes, warn
    /// and late marks, held orders whose hold ended — appended as a record of its own in the
    /// open transaction, before the command that follows. Returns its events, and the time it read (none when nothing
    /// is scheduled).
    func tickBoard() -> (events: [Event], time: Timestamp?) {
        guard let due = kiosk.nextScheduledChange else { return ([], nil) }
        let now = clock()
        guard due <= now else { return ([], now) }
        kiosk.advance(to: now, emitting: &events)
        guard !events.isEmpty else { return ([], now) }
        let ticked = events
        if let store, let first = ticked.first {
            store.journal.append(time: first.time, source: kiosk.source, facts: [], events: ticked)
        }
        events.removeAll(keepingCapacity: true)
        return (ticked, now)
    }

    /// On the wall clock, between commands: journals and commits what the kiosk did by
    /// itself by now (the board's auto moves and late marks, holds that ended), and hands its
    /// events to the sinks. Returns them, or the error if the commit failed; nothing when nothing was due.
    public func tick() -> TickResult {
        guard let due = kiosk.nextScheduledChange, due <= clock() else { return TickResult(events: [], error: nil) }
        if let failure = openTransaction() { return TickResult(events: [], error: failure) }
        events.removeAll(keepingCapacity: true)
        let ticked = tickBoard().events
        transaction.include(ticked)
        if let failure = commit() { return TickResult(events: [], error: failure) }
        return TickResult(events: ticked, error: nil)
    }
}

/// What a tick of the board between commands did: its events, or why they were not kept.
public struct TickResult: Sendable {
    public let events: [Event]
    public let error: CommandError?
}
