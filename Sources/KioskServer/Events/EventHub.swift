import KioskCore
import KioskRecords
import KioskJournal
import KioskSystem

/// `GET /events`: one thread that follows the journal and feeds every stream.
///
/// The thread reads each new record once — this process's commits wake it at once; what
/// other processes on the state append it finds by looking every 100 ms — makes each event
/// a frame (`id: SEQ`, `data: {CloudEvent}`) once, keeps the last frames in memory, and
/// adds each to the streams that want it. A stream that asks to resume from an older
/// event than those kept reads the journal from its start until it has caught up, a
/// little at a time, as the client takes what it was sent. A quiet stream gets a comment
/// every `keepalive`, so proxies keep it open and a dead peer shows.
final class EventHub: @unchecked Sendable {
    struct Settings: Sendable {
        /// Streams open at once at most; past it, 503.
        var maximumStreams = 1_024
        /// Bytes waiting per stream at most (a few hundred events): 1,024 streams hold 64 MiB at
        /// the very worst, and streams that want the same events share their chunks.
        var streamLimit = 64 * 1024
        var keepalive: Duration = .seconds(15)
        /// How long a stream may stay too full to take more before it is cut off.
        var slowCutoff: Duration = .seconds(30)
        /// Frames kept for streams that resume.
        var kept = 8_192
    }

    private let journal: Journal
    private let settings: Settings
    /// Guards `streams`, `joining`, `stopping` and `running`.
    private let state = Condition()
    private var streams: [EventStream] = []
    private var joining: [EventStream] = []
    private var stopping = false
    private var running = false

    // The thread's alone.
    private var reader: JournalReader
    private var decoder: RecordDecoder
    /// The frames kept, oldest first, with their sequence numbers, types, and where their
    /// records start in the journal (for a stream that falls behind to read from).
    private var frames: [(sequence: UInt64, type: EventType, position: UInt64, bytes: [UInt8])] = []
    /// The sequence number of the newest event read.
    private(set) var lastSequence: UInt64
    /// This round's chunks, by where they start and the types they hold: the bytes, and
    /// the sequence number of the last event they cover (all read, or as many as fit).
    private var batches: [Batch: (bytes: [UInt8], through: UInt64)] = [:]

    private struct Batch: Hashable {
        let after: UInt64
        let types: EventTypes
    }

    static let greeting = Array(": kiosk events; reconnect with Last-Event-ID to miss nothing\nretry: 1000\n\n".utf8)
    static let keepaliveComment = Array(": keepalive\n\n".utf8)
    static let slowFarewell = Array(": too slow: this stream is closed; reconnect with Last-Event-ID to go on\n\n".utf8)
    static let stopFarewell = Array(": the server is stopping; reconnect with Last-Event-ID to go on\n\n".utf8)

    /// A hub that starts at the journal's end, whose last event is `lastSequence`.
    init(journal: Journal, lastSequence: UInt64, settings: Settings) {
        self.journal = journal
        decoder = RecordDecoder(format: journal.options.format)
        self.settings = settings
        self.lastSequence = lastSequence
        reader = journal.scanner(from: journal.endPosition)
    }

    /// The newest sequence number a new stream can count on the hub knowing.
    var sequence: UInt64 { state.withLock { lastKnown } }
    private var lastKnown: UInt64 = 0

    func start() {
        state.withLock {
            running = true
            lastKnown = lastSequence
        }
        WorkerThread.start(name: "kiosk-events") { [self] in
            loop()
            state.withLock {
                running = false
                state.broadcast()
            }
        }
    }

    /// Wakes the thread: a stream that was behind has room again.
    func wake() {
        journal.wakeReaders()
    }

    /// A new stream: `false` when there are too many or the hub is stopping.
    func subscribe(_ stream: EventStream) -> Bool {
        stream.wakeHub = { [journal] in journal.wakeReaders() }
        let accepted = state.withLock {
            guard !stopping, streams.count + joining.count < settings.maximumStreams else { return false }
            joining.append(stream)
            return true
        }
        if accepted { journal.wakeReaders() }
        return accepted
    }

    /// Bytes waiting per stream at most.
    var streamLimit: Int { settings.streamLimit }

    /// Whether `stop` was called.
    var isStopping: Bool { state.withLock { stopping } }

    /// How many streams are open (the connections not yet closed).
    var openStreams: Int { state.withLock { streams.count + joining.count } }

    /// Ends every stream with a farewell and stops the thread; returns once every stream's
    /// connection has closed, or at `deadline`.
    func stop(deadline: ContinuousClock.Instant) {
        state.withLock { stopping = true }
        journal.wakeReaders()
        let ended = state.withLock {
            while running { if !state.wait(until: deadline) { break } }
            return !running
        }
        if !ended {
            // The thread is late (a machine short of CPU): end the streams it knows from here.
            for stream in state.withLock({ streams + joining }) { stream.end(farewell: EventHub.stopFarewell) }
        }
        while ContinuousClock.now < deadline, state.withLock({ streams.contains { !$0.isClosed } }) {
            CurrentProcess.pause(milliseconds: 5)
        }
    }

    // MARK: The thread

    /// Rounds are at least this far apart: a round wakes and writes to every stream, so
    /// orders that come close together go out together (a few milliseconds of latency for
    /// far fewer wake-ups and writes: 500 streams at 1,000 orders a second).
    static let roundInterval: Duration = .milliseconds(5)

    private func loop() {
        var lastRefresh = ContinuousClock.now
        var lastRound = ContinuousClock.now
        while true {
            let since = ContinuousClock.now - lastRound
            if since < EventHub.roundInterval {
                let rest = EventHub.roundInterval - since
                CurrentProcess.pause(milliseconds: Int(rest.components.attoseconds / 1_000_000_000_000_000) + 1)
            }
            lastRound = .now
            let (stop, newcomers) = state.withLock { () -> (Bool, [EventStream]) in
                defer { joining.removeAll() }
                return (stopping, joining)
            }
            if stop {
                // The newcomers too: taken from `joining` for this round, they are in no
                // list yet, and a stream left parked stops the daemon with an abort.
                for stream in state.withLock({ streams }) + newcomers { stream.end(farewell: EventHub.stopFarewell) }
                return
            }
            let start = reader.position
            readNewEvents()
            for stream in newcomers { adopt(stream) }
            let current = state.withLock { () -> [EventStream] in
                streams += newcomers
                streams.removeAll { $0.isClosed }
                lastKnown = lastSequence
                return streams
            }
            // Streams at the same place wanting the same types share one chunk.
            batches.removeAll(keepingCapacity: true)
            for stream in current { feed(stream) }
            if reader.position == start {
                let end = journal.waitForNews(after: reader.position, until: .now + .milliseconds(100))
                // Nothing from this process for a while: look for what others appended.
                if end <= reader.position, ContinuousClock.now - lastRefresh >= .milliseconds(100) {
                    journal.refresh()
                    lastRefresh = .now
                }
            }
        }
    }

    /// Reads what was committed since, a bounded batch at a time, into frames.
    private func readNewEvents() {
        var events: [Event] = []
        var records = 0
        let end = journal.endPosition
        while records < 1_024 {
            let before = events.count
            guard let position = reader.nextEvents(upTo: end, decoder: &decoder, into: &events, where: { _ in true }) else { break }
            for event in events[before...] {
                frames.append((event.sequence, event.type, position, EventHub.frame(event)))
                lastSequence = event.sequence
            }
            records += 1
        }
        if frames.count > settings.kept { frames.removeFirst(frames.count - settings.kept) }
    }

    /// `id: 12`, the event as one line of JSON, a blank line.
    static func frame(_ event: Event) -> [UInt8] {
        Array("id: \(event.sequence)\ndata: ".utf8) + event.json + [0x0A, 0x0A]
    }

    /// A new stream: live when the frames kept reach back to where it resumes (or it asked
    /// for nothing old); else it catches up from the journal first.
    private func adopt(_ stream: EventStream) {
        if stream.lastSequence >= lastSequence {
            // Nothing missed, or an id from the future (another state): from now on.
            stream.lastSequence = lastSequence
            return
        }
        let oldestKept = frames.first?.sequence ?? (lastSequence + 1)
        if stream.lastSequence + 1 >= oldestKept { return }
        fallBehind(stream, from: journal.startPosition)
    }

    /// Gives a stream what it has not had: from the frames kept while it keeps up, from the
    /// journal while it is behind; a comment after a quiet while. A stream that stays too
    /// full for `slowCutoff` is cut off.
    private func feed(_ stream: EventStream) {
        if stream.room < stream.limit / 2 {
            let since = stream.fullSince ?? .now
            stream.fullSince = since
            if ContinuousClock.now - since >= settings.slowCutoff {
                stream.cut(farewell: EventHub.slowFarewell)
                return
            }
        } else {
            stream.fullSince = nil
        }
        if stream.catchUp != nil {
            feedFromJournal(stream)
        } else if stream.lastSequence < lastSequence {
            feedFromFrames(stream)
        } else if ContinuousClock.now - stream.lastWrite >= settings.keepalive, stream.room >= EventHub.keepaliveComment.count {
            stream.add(EventHub.keepaliveComment)
        }
    }

    /// The frames kept after the stream's last event, as many as fit. A stream that cannot
    /// take them all stays where it got to and gets the rest as it makes room (it wakes the
    /// hub when it has); one that fell out of the frames kept reads the journal instead.
    private func feedFromFrames(_ stream: EventStream) {
        let start = firstFrame(after: stream.lastSequence)
        guard start > 0 || frames.first.map({ $0.sequence == stream.lastSequence + 1 }) == true else {
            // What it has not had is no longer kept.
            fallBehind(stream, from: journal.startPosition)
            return
        }
        let room = stream.room
        let batch = Batch(after: stream.lastSequence, types: stream.types)
        // A stream at the same place as one fed this round takes the same chunk when it
        // has the room: 500 screens following the journal hold one copy of its bytes.
        if let shared = batches[batch], shared.bytes.count <= room {
            if !shared.bytes.isEmpty { stream.add(shared.bytes) }
            stream.lastSequence = shared.through
            stream.behind = shared.through < lastSequence
            return
        }
        // How many frames fit, then the chunk made at its exact size.
        var size = 0
        var handed = stream.lastSequence
        var end = start
        for frame in frames[start...] {
            if stream.types.contains(frame.type) {
                guard size + frame.bytes.count <= room else { break }
                size += frame.bytes.count
            }
            handed = frame.sequence
            end += 1
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        for frame in frames[start..<end] where stream.types.contains(frame.type) { bytes += frame.bytes }
        // Only a chunk made with a whole room is worth sharing (most streams have one).
        if room == stream.limit || handed == lastSequence { batches[batch] = (bytes, handed) }
        if !bytes.isEmpty { stream.add(bytes) }
        stream.lastSequence = handed
        stream.behind = handed < lastSequence
    }

    private func fallBehind(_ stream: EventStream, from position: UInt64) {
        stream.catchUp = journal.scanner(from: position)
        stream.waiting = []
        stream.waitingUpTo = stream.lastSequence
    }

    /// The index of the first frame kept whose sequence number is after `sequence`.
    private func firstFrame(after sequence: UInt64) -> Int {
        var low = 0
        var high = frames.count
        while low < high {
            let middle = (low + high) / 2
            if frames[middle].sequence <= sequence { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Reads older events for a stream that is behind, a batch at a time, and hands them on
    /// as it has room; live again once it has read up to where the hub is.
    private func feedFromJournal(_ stream: EventStream) {
        guard let catchUp = stream.catchUp else { return }
        var decoder = RecordDecoder(format: journal.options.format)
        while true {
            if stream.waiting.isEmpty {
                guard catchUp.position < reader.position else {
                    // Read up to where the hub is: everything up to its last event.
                    stream.catchUp = nil
                    stream.lastSequence = max(stream.waitingUpTo, lastSequence)
                    return
                }
                // A batch about the size of the room it has: what waits here is bounded too.
                let room = stream.room
                guard room >= stream.limit / 4 else { return }
                var events: [Event] = []
                let after = stream.waitingUpTo
                var records = 0
                while records < 256, events.count * 512 < room,
                      catchUp.nextEvents(upTo: reader.position, decoder: &decoder, into: &events, where: { $0.sequence > after }) != nil {
                    records += 1
                }
                if records == 0 {
                    // Nothing readable before the hub's position (a record cut short): go live.
                    stream.catchUp = nil
                    stream.lastSequence = max(stream.waitingUpTo, lastSequence)
                    return
                }
                for event in events {
                    if stream.types.contains(event.type) { stream.waiting.append((event.sequence, EventHub.frame(event))) }
                    stream.waitingUpTo = event.sequence
                }
                if stream.waiting.isEmpty { continue }
            }
            let room = stream.room
            var bytes: [UInt8] = []
            var taken = 0
            for frame in stream.waiting {
                guard bytes.count + frame.bytes.count <= room else { break }
                bytes += frame.bytes
                taken += 1
            }
            guard taken > 0 else { return }
            guard stream.add(bytes) else { return }
            stream.lastSequence = stream.waiting[taken - 1].sequence
            stream.waiting.removeFirst(taken)
            if !stream.waiting.isEmpty { return }
            stream.lastSequence = stream.waitingUpTo
        }
    }
}
