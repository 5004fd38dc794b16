import KioskCore
import KioskJournal
import KioskSystem
import KioskText

/// The journal's events as a live feed for any number of readers — the HTTP event
/// stream's subscribers.
///
/// One thread follows the journal, as a sink's reader does: what this process commits, and
/// what every other process on the state appends (found when it looks again, a quarter of a
/// second at most after the news). Each event is encoded once, as the Server-Sent Events
/// frame of its CloudEvents JSON (`id:` is its sequence number), and kept in a window of
/// the newest frames bounded in bytes. Readers never make the feed hold more:
///
/// - a subscription that asks for events older than the window reads them from the journal
///   itself, a record at a time, until it reaches the window;
/// - a subscription that reads from the window and falls out of it — its client reads more
///   slowly than events come — is cut off (`Read.tooSlow`), to reconnect from where it was.
///
/// Subscriptions are read from any thread, one thread at a time each; `onNews` is called on
/// the feed's thread after new frames are in the window, so a server can wake the
/// connections waiting for them.
public final class EventFeed: @unchecked Sendable {
    /// The window's default size: about ten thousand events of a few hundred bytes.
    public static let defaultWindowBytes = 4 << 20

    let journal: Journal
    private let windowBytes: Int
    private let state = Condition()
    // Guarded by `state`.
    private var window = FrameWindow()
    private var stopping = false
    private var running = false
    private var newsHandler: (@Sendable () -> Void)?

    /// A feed of what is appended to `journal` from `position` on — the end of what the
    /// caller has folded — whose last event before that has sequence number `sequence`.
    public init(journal: Journal, from position: UInt64, after sequence: UInt64, windowBytes: Int = EventFeed.defaultWindowBytes) {
        self.journal = journal
        self.windowBytes = max(windowBytes, 64 << 10)
        window.start(at: position, after: sequence)
    }

    /// Called on the feed's thread each time new frames are in the window.
    public func onNews(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { newsHandler = handler }
    }

    /// Starts following the journal.
    public func start() {
        let start = state.withLock { () -> Bool in
            guard !running else { return false }
            running = true
            return true
        }
        guard start else { return }
        WorkerThread.start(name: "kiosk-feed") { [self] in follow() }
    }

    /// Stops following; waits until the thread has stopped.
    public func stop() {
        state.withLock {
            stopping = true
            state.broadcast()
        }
        journal.wakeReaders()
        state.withLock {
            while running { state.wait() }
        }
    }

    /// The sequence number of the newest event in the feed.
    public var newestSequence: UInt64 {
        state.withLock { window.lastSequence }
    }

    /// A subscription to the events of `types` after sequence number `after` (`nil`: from
    /// now on).
    public func subscribe(after: UInt64?, types: EventTypes = .all) -> EventSubscription {
        let (start, disk) = state.withLock { () -> (UInt64, Bool) in
            let start = min(after ?? window.lastSequence, window.lastSequence)
            return (start, start < window.sequenceBeforeFirst)
        }
        return EventSubscription(feed: self, after: start, types: types, fromJournal: disk)
    }

    // MARK: Following

    private func follow() {
        defer {
            state.withLock {
                running = false
                state.broadcast()
            }
        }
        let reader = journal.scanner(from: state.withLock { window.endPosition })
        var decoder = RecordDecoder()
        var events: [Event] = []
        while !state.withLock({ stopping }) {
            var frames: [FrameWindow.Frame] = []
            while frames.count < 4096 {
                events.removeAll(keepingCapacity: true)
                guard let position = reader.nextEvents(upTo: journal.endPosition, decoder: &decoder, into: &events, where: { _ in true }) else { break }
                for event in events { frames.append(FrameWindow.Frame(sequence: event.sequence, type: event.type, position: position, bytes: EventFeed.frame(of: event))) }
            }
            let end = reader.position
            if frames.isEmpty {
                state.withLock { window.reached(end) }
                waitForNews(after: end)
                continue
            }
            let handler = state.withLock { () -> (@Sendable () -> Void)? in
                window.append(frames, reaching: end, limit: windowBytes)
                state.broadcast()
                return newsHandler
            }
            handler?()
        }
    }

    /// Waits for this process's next commit, or a quarter of a second, then looks for what
    /// other processes appended.
    private func waitForNews(after position: UInt64) {
        let end = journal.waitForNews(after: position, until: ContinuousClock.now.advanced(by: .milliseconds(250)))
        if end <= position, !state.withLock({ stopping }) { journal.refresh() }
    }

    // MARK: For subscriptions

    /// Copies the frames after `sequence` that `types` accepts, in order, while they fit in
    /// `room` bytes (a frame that does not fit whole is left for the next call, unless it is
    /// the first). Returns the bytes and the sequence number of the last event passed.
    func frames(after sequence: UInt64, types: EventTypes, room: Int) -> FrameWindow.Slice {
        state.withLock { window.frames(after: sequence, types: types, room: room) }
    }

    /// Where the window's first frame's record starts, and the sequence number before it.
    var windowStart: (position: UInt64, sequenceBefore: UInt64) {
        state.withLock { (window.firstPosition, window.sequenceBeforeFirst) }
    }

    /// The Server-Sent Events frame of an event: its sequence number as the id, its
    /// CloudEvents JSON (one line: JSON escapes every line break in a string) as the data.
    static func frame(of event: Event) -> [UInt8] {
        var frame = Array("id: \(event.sequence)\ndata: ".utf8)
        frame.reserveCapacity(frame.count + 512)
        frame.append(contentsOf: event.json)
        frame.append(contentsOf: [0x0A, 0x0A])
        return frame
    }
}
